#include "sim/game/survival/survival_system.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/core/java_math.h"
#include "sim/data/catalog.h"
#include "sim/data/registries.h"
#include "sim/data/sound_ids.h"
#include "sim/game/game_rules.h"
#include "sim/game/mobs/combat_rules.h"
#include "sim/game/entities/arrow.h"
#include "sim/game/entities/item_physics.h"
#include "sim/game/movement/player_body.h"
#include "sim/game/sounds/entity_sounds.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/equipment.h"
#include "sim/game/items/inventory.h"
#include "sim/game/items/item_use.h"
#include "sim/game/survival/armour_rules.h"
#include "sim/game/survival/death_messages.h"
#include "sim/game/survival/fall_rules.h"
#include "sim/game/survival/player_food.h"
#include "sim/protocol/packets.h"
#include "sim/world/chunk_pos.h"

namespace hz {

namespace {

constexpr double kVoidDepthBelowMinY = 64.0;
constexpr float kVoidDamage = 4.0f;
constexpr int kDeathAnimationTicks = 20;
constexpr int kCombatRecheckInterval = 20;
constexpr int8_t kEntityEventDeath = 3;
constexpr int8_t kEntityEventPoof = 60;
constexpr int8_t kTotemEvent = 35;  // EntityEvent.PROTECTED_FROM_DEATH: the totem's animation

bool may_fly(GameMode mode) { return mode == GameMode::kCreative || mode == GameMode::kSpectator; }

// Inventory.dropAll's order over the menu's slots: the 36 storage slots as the inventory numbers
// them (hotbar first), then the equipment (offhand, feet, legs, chest, head).
std::vector<int> death_drop_order() {
  std::vector<int> order;
  for (int i = 0; i < 9; ++i) order.push_back(kFirstHotbarSlot + i);
  for (int i = 9; i < kFirstHotbarSlot; ++i) order.push_back(i);
  for (int slot : {45, 8, 7, 6, 5}) order.push_back(slot);
  return order;
}

}  // namespace

SurvivalSystem::SurvivalSystem(Ports ports, const GameRules& rules, Difficulty difficulty)
    : connections_(ports.connections),
      log_(ports.log),
      spawn_(ports.spawn),
      drops_(ports.drops),
      broadcast_(ports.broadcast),
      loading_(ports.loading),
      rules_(rules),
      difficulty_(difficulty) {}

// A player's armour at a hit: the ports bound to the player (docs/rules/armour.md §2).
class SurvivalSystem::WornArmour final : public HitArmour {
 public:
  WornArmour(SurvivalSystem& system, Player& player, const HitCause* cause)
      : system_(system), player_(player), cause_(cause) {}
  void shield_hit(float blocked, int wear_points, bool projectile) override {
    // hurtBlockingItem: the shield wears in the hand holding it up.
    if (wear_points > 0 && system_.armour_wear_ != nullptr)
      system_.armour_wear_->wear_held_item(player_.conn, player_.using_item.off_hand ? Hand::kOff : Hand::kMain,
                                           wear_points);
    // blockUsingItem for a hit from a living attacker's hand; Player.blockUsingItem lets its
    // weapon disable the shield, unless the wear has just broken it.
    if (blocked <= 0.0f || projectile || cause_ == nullptr || cause_->disable_blocking_seconds <= 0.0f) return;
    if (const BlocksAttacks* shield = blocking_with(player_))
      system_.disable_shield(player_, *shield, cause_->disable_blocking_seconds);
  }
  void wear(float damage, DamageCause kind) override {
    if (system_.armour_wear_ != nullptr) system_.armour_wear_->wear_armour(player_.conn, damage, kind);
  }
  Defence defence(DamageCause kind) const override {
    if (system_.armour_wear_ == nullptr) return Defence{};  // a world without armour
    const ArmourAttributes attributes = system_.armour_attributes_ != nullptr
                                            ? system_.armour_attributes_->armour_attributes(player_.conn)
                                            : ArmourAttributes{};
    return defence_of(attributes, protection_points(worn_stacks(player_.inventory), kind));
  }

 private:
  SurvivalSystem& system_;
  Player& player_;
  const HitCause* cause_;
};

SurvivalSystem::Life* SurvivalSystem::life_of(ConnId conn) {
  auto it = lives_.find(conn);
  return it == lives_.end() ? nullptr : &it->second;
}

void SurvivalSystem::on_join(Player& player) {
  Life& life = lives_[player.conn];
  life.head_yaw = player.yaw;
  // The join sequence already sent full health and food.
  life.sent_health = kMaxHealth;
  life.sent_food = kMaxFood;
  life.sent_saturation_zero = false;
  // PlayerList.placeNewPlayer: the effects the player file brought.
  for (const ActiveEffect& e : player.effects) send_effect(player, e.now, false);
}

void SurvivalSystem::on_leave(Player& player) { lives_.erase(player.conn); }

// --- damage ---

bool SurvivalSystem::hurt(ConnId conn, DamageCause kind, float amount) {
  Player* player = connections_.player(conn);
  Life* life = life_of(conn);
  if (!player || !life) return false;
  return hurt_at(*player, *life, kind, amount, player->fall_distance).outcome.hurt;
}

bool SurvivalSystem::hurt_by_mob(ConnId conn, float amount, const MobAttacker& attacker, DamageCause cause) {
  Player* player = connections_.player(conn);
  Life* life = life_of(conn);
  if (!player || !life) return false;
  // ServerPlayer.hurtServer: a player's arrow only where that player may harm this one.
  if (attacker.player && !rules_.get_bool("pvp")) return false;
  // hurtServer: a projectile pushes along its flight, anything else away from its position; a
  // shield must face the direct entity's position (DamageSource.getSourcePosition).
  HitCause hit{attacker.entity_id, CombatAttacker{std::string(attacker.type_name), std::string(attacker.display_name), false},
               std::nullopt, attacker.position, 0.0f};
  if (attacker.player) hit.entity_id = attacker.player->entity_id, hit.attacker = CombatAttacker{{}, attacker.player->name, true};
  if (attacker.knockback_towards) hit.knockback_towards = *attacker.knockback_towards;
  else hit.knockback_towards = Vec3{attacker.position.x - player->position.x, 0.0, attacker.position.z - player->position.z};
  // AbstractArrow.onHitEntity: a burning arrow ignites before the hurt, which may refuse it.
  const int fire_before = player->remaining_fire_ticks;
  if (attacker.ignite_ticks > 0) ignite(conn, attacker.ignite_ticks);
  Hurt hurt = hurt_at(*player, *life, cause, amount, player->fall_distance, &hit);
  if (!hurt.outcome.hurt && attacker.ignite_ticks > 0) set_fire_ticks(*player, fire_before);
  if (hurt.outcome.hurt && hurt.velocity && attacker.punch > 0 && attacker.knockback_towards) {
    const Vec3 flight{-attacker.knockback_towards->x, 0.0, -attacker.knockback_towards->z};
    if (auto push = arrow_rules::punch_push(flight, attacker.punch, knockback_resistance(conn)))
      hurt.velocity = *hurt.velocity + *push;
  }
  send_hurt_motion(*player, hurt.velocity);
  return hurt.outcome.hurt;
}

void SurvivalSystem::send_hurt_motion(const Player& player, const std::optional<Vec3>& velocity) {
  // The hurt mark: the tracker sends the new motion to everyone who sees the player and to itself.
  if (!velocity) return;
  broadcast_.send_to_viewers_and_self(player, share(encode_packet(packet::play_cb::EntityVelocity{
                                                  player.entity_id, LpVec3::from(velocity->x, velocity->y, velocity->z)})));
}

bool SurvivalSystem::hurt_by_thorns(ConnId conn, float amount, const Player& wearer) {
  Player* player = connections_.player(conn);
  Life* life = life_of(conn);
  if (!player || !life) return false;
  if (!rules_.get_bool("pvp")) return false;  // canHarmPlayer: the wearer is the cause
  HitCause hit{wearer.entity_id, CombatAttacker{std::string(), wearer.name, true},
               Vec3{wearer.position.x - player->position.x, 0.0, wearer.position.z - player->position.z},
               wearer.position, 0.0f};
  const Hurt hurt = hurt_at(*player, *life, DamageCause::kThorns, amount, player->fall_distance, &hit);
  send_hurt_motion(*player, hurt.velocity);
  return hurt.outcome.hurt;
}

void SurvivalSystem::strike_back(ConnId conn, const std::function<void(float damage)>& strike) {
  Player* player = connections_.player(conn);
  if (!player || random_ == nullptr) return;
  // runIterationOnEquipment: EquipmentSlot order, the hands then feet to head (Thorns counts in
  // any slot).
  const int slots[] = {hand_slot(*player, false),           kOffhandSlot,
                       armour_menu_slot(EquipSlot::kFeet),  armour_menu_slot(EquipSlot::kLegs),
                       armour_menu_slot(EquipSlot::kChest), armour_menu_slot(EquipSlot::kHead)};
  for (const int slot : slots) {
    const int level = enchantment_level(player->inventory[static_cast<size_t>(slot)], "thorns");
    if (level <= 0 || !(random_->next_float() < armour_rules::thorns_chance(level))) continue;
    // damage_entity: Mth.randomBetween(1, 5), then change_item_damage 2.
    strike(armour_rules::thorns_damage(*random_));
    if (armour_wear_) armour_wear_->wear_equipped(conn, slot, armour_rules::kThornsWear);
  }
}

bool SurvivalSystem::hurt_by_player(ConnId conn, float amount, const Player& attacker, MeleeHit melee) {
  Player* player = connections_.player(conn);
  Life* life = life_of(conn);
  if (!player || !life) return false;
  // ServerPlayer.canHarmPlayer: the pvp game rule (Horizon has no teams).
  if (!rules_.get_bool("pvp")) return false;
  HitCause hit{attacker.entity_id, CombatAttacker{std::string(), attacker.name, true},
               Vec3{attacker.position.x - player->position.x, 0.0, attacker.position.z - player->position.z},
               attacker.position, 0.0f};
  // getSecondsToDisableBlocking: the main hand's weapon, when it is the attacker's active item.
  if (!attacker.using_item.active || !attacker.using_item.off_hand)
    hit.disable_blocking_seconds = disable_blocking_seconds(attacker.main_hand());
  const Hurt hurt = hurt_at(*player, *life, DamageCause::kPlayerAttack, amount, player->fall_distance, &hit);
  if (!hurt.outcome.hurt) return false;
  // Only a full hit sets the hurt mark; without it nobody is told of a new motion.
  if (!hurt.outcome.full_hit) return true;
  // The extra push along the attacker's look: a sprinting hit's 0.5 (causeExtraKnockback) or a
  // sweep's 0.4F (doSweepAttack).
  std::optional<Vec3> velocity = hurt.velocity;
  if (melee != MeleeHit::kTarget) {
    const double power =
        resisted_knockback(melee == MeleeHit::kSweep ? combat::kHurtKnockback : 0.5, knockback_resistance(conn));
    const double radians = static_cast<double>(attacker.yaw * (static_cast<float>(M_PI) / 180.0f));
    velocity = combat::knockback_along(velocity.value_or(Vec3{}), player->on_ground, power,
                                       static_cast<double>(table_sin(radians)), -static_cast<double>(table_cos(radians)));
  }
  if (!velocity) return true;
  const SharedBytes motion = share(encode_packet(
      packet::play_cb::EntityVelocity{player->entity_id, LpVec3::from(velocity->x, velocity->y, velocity->z)}));
  // causeExtraKnockback tells the attack's target alone and clears the hurt mark; a sweep's victim
  // keeps the mark, and the tracker tells everyone who sees it.
  if (melee == MeleeHit::kSweep) broadcast_.send_to_viewers_and_self(*player, motion);
  else connections_.send(conn, motion);
  return true;
}

bool SurvivalSystem::hurt_by_explosion(ConnId conn, float amount, const MobAttacker* cause) {
  Player* player = connections_.player(conn);
  Life* life = life_of(conn);
  if (!player || !life) return false;
  // Explosion damage types carry no_knockback: the explosion pushes the player itself.
  std::optional<HitCause> hit;
  if (cause)
    hit = HitCause{cause->entity_id, CombatAttacker{std::string(cause->type_name), std::string(cause->display_name), false},
                   std::nullopt, cause->position, 0.0f};
  return hurt_at(*player, *life, cause ? DamageCause::kPlayerExplosion : DamageCause::kExplosion, amount,
                 player->fall_distance, hit ? &*hit : nullptr)
      .outcome.hurt;
}

void SurvivalSystem::ignite(ConnId conn, int ticks) {
  Player* player = connections_.player(conn);
  if (player == nullptr) return;
  set_fire_ticks(*player, burning::ignite(player->remaining_fire_ticks, ticks, burning_time(conn)));
}

const BlocksAttacks* SurvivalSystem::blocking_with(const Player& player) {
  const ItemInUse& use = player.using_item;
  if (!use.active) return nullptr;
  const ItemStack& held = player.inventory[static_cast<size_t>(hand_slot(player, use.off_hand))];
  const BlocksAttacks* shield = held.item == use.item ? blocks_attacks_of(use.item) : nullptr;
  return shield != nullptr && blocks_after(*shield, use.remaining) ? shield : nullptr;
}

void SurvivalSystem::disable_shield(Player& player, const BlocksAttacks& shield, float seconds) {
  const int ticks = disable_ticks(shield, seconds);
  if (ticks <= 0) return;
  // ServerItemCooldowns tells the player; the use stops; the disabled sound is for everyone.
  player.cooldowns.add(player.using_item.item, ticks);
  connections_.send(player.conn, ItemUse::cooldown_packet(player.using_item.item, ticks));
  player.using_item.stop();
  if (random_ == nullptr) return;
  const float pitch = 0.8f + random_->next_float() * 0.4f;
  if (sounds_)
    sounds_->play_sound(player.position, SoundEvent{sound::item_shield_break, SoundSource::kPlayers, 0.8f, pitch},
                        std::nullopt);
}

bool SurvivalSystem::use_totem(Player& player, DamageCause kind) {
  if (damage_type(kind).bypasses_invulnerability) return false;
  ItemStack* totem = nullptr;
  for (const int slot : {hand_slot(player, false), hand_slot(player, true)}) {
    ItemStack& stack = player.inventory[static_cast<size_t>(slot)];
    if (!stack.empty() && protects_from_death(stack.item)) {
      totem = &stack;
      break;
    }
  }
  if (totem == nullptr) return false;
  *totem = totem->count > 1 ? totem->with_count(totem->count - 1) : ItemStack{};
  player.health = 1.0f;
  // DeathProtection.TOTEM_OF_UNDYING: every effect cleared, then three (one draw for the
  // certain chance of ApplyStatusEffectsConsumeEffect).
  clear_effects(player.conn);
  if (random_ != nullptr) random_->next_float();
  add_effect(player.conn, EffectInstance{effect::kRegeneration, 1, 900});
  add_effect(player.conn, EffectInstance{effect::kAbsorption, 1, 100});
  add_effect(player.conn, EffectInstance{effect::kFireResistance, 0, 800});
  broadcast_.send_to_viewers_and_self(player,
                                      share(encode_packet(packet::play_cb::EntityStatus{player.entity_id, kTotemEvent})));
  return true;
}

void SurvivalSystem::kill(ConnId conn) { hurt(conn, DamageCause::kGenericKill, std::numeric_limits<float>::max()); }

SurvivalSystem::Hurt SurvivalSystem::hurt_at(Player& player, Life& life, DamageCause kind, float amount,
                                             double fall_distance, const HitCause* cause) {
  const bool was_alive = player.health > 0.0f && !player.dead;
  HurtState state{player.health, player.invulnerable_ticks, life.last_hurt, player.absorption};
  const HurtContext context{player.game_mode,
                            difficulty_,
                            rules_.get_bool("fall_damage"),
                            rules_.get_bool("fire_damage"),
                            loading_.client_loaded(player.conn),
                            amplifier_of(player.effects, effect::kFireResistance) >= 0,
                            amplifier_of(player.effects, effect::kResistance),
                            max_absorption(player.effects),
                            blocking_with(player),
                            blocking_angle(player.position, life.head_yaw, cause ? cause->source : std::nullopt),
                            cause != nullptr && cause->attacker.player};
  Hurt result;
  WornArmour armour(*this, player, cause);
  result.outcome = apply_hurt(state, kind, amount, context, &armour);
  player.health = state.health;
  player.absorption = state.absorption;
  player.invulnerable_ticks = state.invulnerable_ticks;
  life.last_hurt = state.last_hurt;
  if (!result.outcome.reached) return result;
  if (result.outcome.health_lost != 0.0f) {
    cause_food_exhaustion(player.conn, damage_type(kind).exhaustion);
    const CombatAttacker* attacker = cause && !cause->attacker.name.empty() ? &cause->attacker : nullptr;
    if (life.combat.record(kind, result.outcome.health_lost, fall_distance, life.tick_count, was_alive, attacker))
      connections_.send(player.conn, packet::play_cb::EnterCombatEvent{});  // ServerPlayer.onEnterCombat
  }
  // resolveMobResponsibleForDamage and resolvePlayerResponsibleForDamage, for every hit that counted.
  if (cause && !cause->attacker.name.empty()) {
    life.hurt_by_mob = KillCredit{cause->entity_id, cause->attacker};
    life.hurt_by_mob_tick = life.tick_count;
    if (cause->attacker.player) {
      life.hurt_by_player = KillCredit{cause->entity_id, cause->attacker};
      life.hurt_by_player_memory = kPlayerCreditMemory;
    }
  }
  const bool blocked = result.outcome.blocked > 0.0f;
  if (result.outcome.full_hit) {
    if (blocked && random_ != nullptr) {
      // BlocksAttacks.onBlocked instead of the damage event: the block sound, for everyone.
      const float pitch = 0.8f + random_->next_float() * 0.4f;
      if (sounds_)
        sounds_->play_sound(player.position, SoundEvent{sound::item_shield_block, SoundSource::kPlayers, 1.0f, pitch},
                            std::nullopt);
    } else if (!blocked) {
      packet::play_cb::DamageEvent event;
      event.entity_id = player.entity_id;
      event.source_type = registry_entry_id("minecraft:damage_type", damage_type(kind).registry_name);
      if (cause) event.source_cause_id = event.source_direct_id = cause->entity_id + 1;
      broadcast_.send_to_viewers_and_self(player, share(encode_packet(event)));
    }
    // markHurt only for a hit the shield did not take whole: without it no motion is sent.
    const bool marked = !blocked || result.outcome.damage > 0.0f;
    if (marked && cause && cause->knockback_towards) result.velocity = knockback(player, *cause->knockback_towards);
  }
  // The death sound before the death, the hurt sound otherwise, for a full hit; heard by the
  // others (Player.playSound leaves the player out: its own client plays them). A totem in hand
  // saves the player from death and from both sounds.
  if (player.health <= 0.0f && !player.dead) {
    if (use_totem(player, kind)) return result;
    if (result.outcome.full_hit) play_sound(player, sound::entity_player_death);
    die(player, life);
  } else if (result.outcome.full_hit) {
    play_sound(player, entity_sounds::player_hurt_sound(kind));
  }
  return result;
}

void SurvivalSystem::play_sound(const Player& player, int32_t sound) {
  // Player.getVoicePitch is 1 and getSoundVolume 1.
  play_sound(player, SoundEvent{sound, SoundSource::kPlayers});
}

void SurvivalSystem::play_sound(const Player& player, const SoundEvent& sound) {
  if (sounds_) sounds_->play_sound(player.position, sound, player.conn);
}

void SurvivalSystem::cause_food_exhaustion(ConnId conn, float amount) {
  Player* player = connections_.player(conn);
  if (!player || may_fly(player->game_mode)) return;  // abilities.invulnerable
  FoodState food = food_of(*player);
  add_exhaustion(food, amount);
  store_food(*player, food);
}

std::optional<Vec3> SurvivalSystem::knockback(const Player& player, const Vec3& towards) const {
  // Vanilla picks a random direction for a hit from straight above; Horizon skips that push.
  if (towards.x * towards.x + towards.z * towards.z < static_cast<double>(1.0e-5f)) return std::nullopt;
  const double power = resisted_knockback(combat::kHurtKnockback, knockback_resistance(player.conn));
  return combat::knockback_along(Vec3{}, player.on_ground, power, towards.x, towards.z);
}

double SurvivalSystem::burning_time(ConnId conn) const {
  return armour_attributes_ != nullptr ? armour_attributes_->armour_attributes(conn).burning_time : 1.0;
}

double SurvivalSystem::knockback_resistance(ConnId conn) const {
  return armour_attributes_ != nullptr ? armour_attributes_->armour_attributes(conn).knockback_resistance : 0.0;
}

void SurvivalSystem::heal(Player& player, float amount) {
  if (player.health > 0.0f) player.health = clamp_health(player.health + amount);
}

// --- moves ---

void SurvivalSystem::on_move_outcome(Player& player, const MoveResult& result) {
  Life* life = life_of(player.conn);
  if (!life) return;
  if (result.jumped)
    cause_food_exhaustion(player.conn, result.jumped_sprinting ? kSprintJumpExhaustion : kJumpExhaustion);
  if (result.landing) land(player, *life, *result.landing);
  if (result.decision != MoveDecision::kAccepted) return;
  const MoveSurroundings& s = result.surroundings;
  const MoveMedium medium = s.swimming        ? MoveMedium::kSwimming
                            : s.eyes_in_water ? MoveMedium::kUnderWater
                            : s.in_water      ? MoveMedium::kOnWater
                            : s.on_climbable  ? MoveMedium::kClimbing
                            : s.on_ground     ? MoveMedium::kOnGround
                                              : MoveMedium::kOther;
  const float cost = movement_exhaustion(medium, result.moved.x, result.moved.y, result.moved.z, s.sprinting);
  if (cost > 0.0f) cause_food_exhaustion(player.conn, cost);
  step(player, *life, result);
}

void SurvivalSystem::step(const Player& player, Life& life, const MoveResult& result) {
  const MoveSurroundings& s = result.surroundings;
  // Player.getMovementEmission: none while flying or crouching on the ground; a spectator moves
  // without physics, which returns before the emission.
  if (player.game_mode == GameMode::kSpectator || s.flying || (s.on_ground && player.crouching)) return;
  if (blocks_ == nullptr || random_ == nullptr) return;
  const StepMover mover{player.position, s.on_ground, player.crouching, s.swimming, s.in_water};
  const StepResult step = advance_steps(life.steps, result.moved, mover, *blocks_);
  if (step.sound == StepSound::kNone) return;
  if (s.in_water) {
    // waterSwimSound: the move's own motion stands for the server's idea of the player's (the
    // server does not integrate a player's velocity).
    play_sound(player, SoundEvent{sound::entity_player_swim, SoundSource::kPlayers, swim_volume(result.moved),
                                  entity_sounds::swim_pitch(*random_)});
  }
  if (step.sound != StepSound::kStep) return;
  const BlockStateId above = blocks_->block(step.pos.x, step.pos.y + 1, step.pos.z);
  for (const SoundEvent& sound : player_step_sounds(step.block, above, s.in_water)) play_sound(player, sound);
}

// Block.fallOn -> Player.causeFallDamage: players who may fly take none; water has stopped the
// fall (vanilla resets the distance in water).
void SurvivalSystem::land(Player& player, Life& life, const Landing& landing) {
  if (landing.in_water) return;
  // Block.fallOn: the block's own part first (any game mode but spectator), then the damage.
  if (fall_on_ && player.game_mode != GameMode::kSpectator) {
    const PoseSize size = pose_size(player.crouching ? Pose::kCrouching : Pose::kStanding);
    fall_on_->fall_on(Lander{size.width, size.height, true}, landing.on_pos, landing.on_block, landing.fall_distance);
  }
  if (may_fly(player.game_mode)) return;
  const FallImpact impact = fall_impact(landing_block_of(landing.on_block), landing.fall_distance);
  const int damage = fall_damage(impact);
  if (damage <= 0) return;
  // causeFallDamage: the fall's sound and the landed-on block's before the hurt.
  play_sound(player, entity_sounds::fall_sound(sound::entity_player_small_fall, sound::entity_player_big_fall, damage));
  if (const auto block = entity_sounds::block_fall_sound(landing.on_block, SoundSource::kPlayers))
    play_sound(player, *block);
  hurt_at(player, life, DamageCause::kFall, static_cast<float>(damage), landing.fall_distance);
}

// --- death ---

void SurvivalSystem::die(Player& player, Life& life) {
  player.dead = true;
  set_fire_ticks(player, std::min(0, player.remaining_fire_ticks));  // Player.die: clearFire
  player.on_fire = false;
  const DeathMessage death = life.combat.death_message(kill_credit(life));
  std::vector<TextComponent> args{TextComponent::plain(player.name)};
  if (death.attacker)
    args.push_back(death.attacker->player ? TextComponent::plain(death.attacker->name)
                                          : TextComponent::translatable("entity.minecraft." + death.attacker->type, {}));
  const TextComponent message = TextComponent::translatable(death.key, args);
  if (rules_.get_bool("show_death_messages")) {
    connections_.send(player.conn, packet::play_cb::DeathCombatEvent{player.entity_id, to_nbt(message)});
    log_.log(LogLevel::kInfo, english_death_message(death.key, player.name,
                                                    death.attacker ? death.attacker->name : std::string()));
    broadcast_death_message(message);
  } else {
    connections_.send(player.conn, packet::play_cb::DeathCombatEvent{player.entity_id, to_nbt(TextComponent::plain(""))});
  }
  if (player.game_mode != GameMode::kSpectator && !rules_.get_bool("keep_inventory")) drop_inventory(player);
  drop_experience(player);
  broadcast_.send_to_viewers_and_self(player, share(encode_packet(packet::play_cb::EntityStatus{player.entity_id, kEntityEventDeath})));
  recheck_combat(player, life);
  for (PlayerLifeObserver* o : life_observers_) o->on_player_died(player);
}

void SurvivalSystem::broadcast_death_message(const TextComponent& message) {
  const SharedBytes body = share(encode_packet(packet::play_cb::SystemChat{to_nbt(message), false}));
  for (ConnId id : connections_.players_in_join_order()) connections_.send(id, body);
}

// Player.dropEquipment: every stack scattered around the player.
void SurvivalSystem::drop_inventory(Player& player) {
  for (int slot : death_drop_order()) {
    ItemStack& stack = player.inventory[static_cast<size_t>(slot)];
    if (stack.empty()) continue;
    const ItemStack dropped = stack;
    stack = ItemStack{};
    drops_.drop_from_player(player, dropped, /*scatter=*/true, /*keep_thrower=*/false);
  }
}

// Player.getBaseExperienceReward: 7 per level, at most 100, none with keep_inventory or for a
// spectator; a player always drops it (isAlwaysExperienceDropper), whatever mob_drops says.
void SurvivalSystem::drop_experience(Player& player) {
  if (!experience_ || player.game_mode == GameMode::kSpectator || rules_.get_bool("keep_inventory")) return;
  const int points = std::min(player.xp.level * kExperiencePerLevel, kMaxDeathExperience);
  experience_->award(player.position, points);
}

void SurvivalSystem::tick_death(Player& player, Life& life) {
  if (++life.death_time >= kDeathAnimationTicks && !life.body_removed) {
    broadcast_.send_to_viewers_and_self(player, share(encode_packet(packet::play_cb::EntityStatus{player.entity_id, kEntityEventPoof})));
    remove_body(player, life);
  }
}

// The body leaves the world. InventoryMenu.removed for a dead player drops what the crafting grid
// and the cursor hold, whatever keep_inventory says.
void SurvivalSystem::remove_body(Player& player, Life& life) {
  life.body_removed = true;
  auto drop = [&](ItemStack& stack) {
    if (stack.empty()) return;
    const ItemStack dropped = stack;
    stack = ItemStack{};
    drops_.drop_from_player(player, dropped, /*scatter=*/false, /*keep_thrower=*/false);
  };
  drop(player.carried);
  for (int slot = 1; slot <= 4; ++slot) drop(player.inventory[static_cast<size_t>(slot)]);
  for (PlayerLifeObserver* o : life_observers_) o->on_player_body_removed(player);
}

// --- respawn ---

void SurvivalSystem::on_client_command(Player& player, int32_t action) {
  if (action == packet::play_sb::ClientCommand::kPerformRespawn) respawn(player);
}

// handleClientCommand(PERFORM_RESPAWN) and PlayerList.respawn: a fresh player entity with the same
// id, placed by the same rule as a joining player (PlayerSpawnFinder around the world spawn).
void SurvivalSystem::respawn(Player& player) {
  Life* life = life_of(player.conn);
  if (!life || player.health > 0.0f) return;
  if (!life->body_removed) remove_body(player, *life);
  if (!rules_.get_bool("keep_inventory") && player.game_mode != GameMode::kSpectator) {
    player.inventory.fill(ItemStack{});
    player.carried = ItemStack{};
    // The new player entity starts without experience (ServerPlayer.restoreFrom keeps it only
    // with keep_inventory or for a spectator); the enchantment seed always carries over.
    player.xp = experience::Experience{};
  }
  player.health = kMaxHealth;
  store_food(player, FoodState{});
  player.fall_distance = 0.0;
  player.invulnerable_ticks = 0;
  player.dead = false;
  player.remaining_fire_ticks = 0;
  player.on_fire = false;
  player.using_item = ItemInUse{};
  player.effects.clear();  // the new player entity has none; its client starts without them too
  player.absorption = 0.0f;
  *life = Life{};
  player.take_xp_delay = 0;
  player.last_sent_xp = -1;  // restoreFrom: set_experience goes out on the next tick
  connections_.respawn(player.conn, spawn_.find_player_spawn());
  for (PlayerLifeObserver* o : life_observers_) o->on_player_respawned(player);
}

// ServerPlayer.onLeaveCombat tells the player how long the combat lasted.
void SurvivalSystem::recheck_combat(Player& player, Life& life) {
  const bool alive = player.health > 0.0f && !player.dead;
  if (const std::optional<int> duration = life.combat.recheck(alive, life.tick_count))
    connections_.send(player.conn, packet::play_cb::EndCombatEvent{*duration});
}

void SurvivalSystem::tick_kill_credit(Life& life) {
  if (life.hurt_by_player_memory > 0) --life.hurt_by_player_memory;
  else life.hurt_by_player.reset();
  if (!life.hurt_by_mob) return;
  const bool alive = presence_ && presence_(life.hurt_by_mob->entity_id) == Presence::kAlive;
  if (!alive || life.tick_count - life.hurt_by_mob_tick > kMobCreditTicks) life.hurt_by_mob.reset();
}

std::optional<CombatAttacker> SurvivalSystem::kill_credit(const Life& life) const {
  auto present = [&](const KillCredit& c) { return presence_ && presence_(c.entity_id) != Presence::kGone; };
  if (life.hurt_by_player) {
    if (present(*life.hurt_by_player)) return life.hurt_by_player->attacker;
    return std::nullopt;
  }
  if (life.hurt_by_mob && present(*life.hurt_by_mob)) return life.hurt_by_mob->attacker;
  return std::nullopt;
}

// --- ticks ---

void SurvivalSystem::tick() {
  const std::vector<ConnId> order = connections_.players_in_join_order();
  for (ConnId conn : order) {
    Player* player = connections_.player(conn);
    Life* life = life_of(conn);
    if (player && life) tick_player(*player, *life);
  }
}

void SurvivalSystem::tick_player(Player& player, Life& life) {
  ++life.tick_count;
  if (player.invulnerable_ticks > 0) --player.invulnerable_ticks;
  const bool burns = fire_blocks_ != nullptr && !player.dead;
  if (burns) tick_burning(player, life);
  if (player.position.y < static_cast<double>(kWorldMinY) - kVoidDepthBelowMinY)
    hurt_at(player, life, DamageCause::kOutOfWorld, kVoidDamage, player.fall_distance);
  if (player.health <= 0.0f) tick_death(player, life);
  tick_kill_credit(life);
  if (life.tick_count % kCombatRecheckInterval == 0) recheck_combat(player, life);
  if (!player.effects.empty()) tick_effects(player, life);
  if (item_use_ != nullptr) item_use_->tick_item_use(player);
  // Spectators pass through blocks (noPhysics) and feel none of them.
  if (burns && !player.dead && player.game_mode != GameMode::kSpectator)
    apply_block_effects(player, life, burning::inside_blocks(*fire_blocks_, box_of(player)));
  if (!life.body_removed && difficulty_ == Difficulty::kPeaceful && rules_.get_bool("natural_health_regeneration")) {
    FoodState food = food_of(player);
    heal(player, tick_peaceful_regeneration(food, life.tick_count, player.health));
    store_food(player, food);
  }
  life.head_yaw = player.yaw;  // Player.aiStep: yHeadRot follows yRot
  tick_food(player, life);
  sync_health(player, life);
}

Aabb SurvivalSystem::box_of(const Player& player) const {
  const PoseSize size = pose_size(player.crouching ? Pose::kCrouching : Pose::kStanding);
  const double half = static_cast<double>(size.width) / 2.0;
  return Aabb{player.position.x - half, player.position.y, player.position.z - half,
              player.position.x + half, player.position.y + static_cast<double>(size.height), player.position.z + half};
}

// Player.setRemainingFireTicks: a player who cannot be hurt (creative, spectator) keeps at most 1.
void SurvivalSystem::set_fire_ticks(Player& player, int ticks) const {
  player.remaining_fire_ticks = may_fly(player.game_mode) ? std::min(ticks, 1) : ticks;
}

// Entity.baseTick: burning hurts every 20 remaining ticks (not in lava, whose own hurt stands for
// it), then counts down; the on-fire flag follows what remains.
void SurvivalSystem::tick_burning(Player& player, Life& life) {
  if (player.remaining_fire_ticks > 0) {
    // "In lava" reads the blocks, so it is asked only when it decides something.
    const auto in_lava = [&] { return item_physics::fluid_heights(box_of(player), *fire_blocks_).lava > 0.0; };
    if (player.remaining_fire_ticks % burning::kBurnDamageEvery == 0 && !in_lava())
      hurt_at(player, life, DamageCause::kOnFire, burning::kBurnDamage, player.fall_distance);
    set_fire_ticks(player, player.remaining_fire_ticks - 1);
  }
  player.on_fire = player.remaining_fire_ticks > 0;
}

// Entity.applyEffectsFromBlocks for a player at rest, in InsideBlockEffectType's order: fire
// ignites then hurts, lava ignites then hurts, water puts out; a death stops what follows. Rain
// puts out too; a player neither burning nor lit this tick rests at -20.
void SurvivalSystem::apply_block_effects(Player& player, Life& life, const burning::Inside& inside) {
  const int before = player.remaining_fire_ticks;
  const double burning_time = this->burning_time(player.conn);
  auto alive = [&] { return player.health > 0.0f && !player.dead; };
  if (inside.fire) {
    // BaseFireBlock.fireIgnite: a burning player's fire grows by nextInt(1, 3).
    const int extra = player.remaining_fire_ticks >= 0 ? 1 + static_cast<int>(fire_random_->next_below(2)) : 0;
    set_fire_ticks(player, burning::fire_ignite(player.remaining_fire_ticks, extra, burning_time));
    hurt_at(player, life, DamageCause::kInFire, inside.fire_damage, player.fall_distance);
  }
  if (inside.lava && alive()) {
    set_fire_ticks(player, burning::ignite(player.remaining_fire_ticks, burning::kLavaIgniteTicks, burning_time));
    hurt_at(player, life, DamageCause::kLava, burning::kLavaDamage, player.fall_distance);
  }
  if (inside.water && alive()) set_fire_ticks(player, std::min(0, player.remaining_fire_ticks));
  // Entity.isInRain: rain at the block of the feet or of the box's top.
  if (raining_at_) {
    const BlockPos feet{java_floor(player.position.x), java_floor(player.position.y), java_floor(player.position.z)};
    const BlockPos top{feet.x, java_floor(box_of(player).max_y), feet.z};
    if (raining_at_(feet) || raining_at_(top)) set_fire_ticks(player, std::min(0, player.remaining_fire_ticks));
  }
  const bool lit = player.remaining_fire_ticks > before;
  if (player.remaining_fire_ticks <= 0 && !lit) set_fire_ticks(player, -burning::kPlayerFireImmuneTicks);
}

void SurvivalSystem::tick_food(Player& player, Life& life) {
  FoodState food = food_of(player);
  const FoodTickResult result =
      hz::tick_food(food, player.health, difficulty_, rules_.get_bool("natural_health_regeneration"));
  store_food(player, food);
  if (result.heal > 0.0f) heal(player, result.heal);
  if (result.starve) hurt_at(player, life, DamageCause::kStarve, 1.0f, player.fall_distance);
}

// ServerPlayer.doTick: health, food, or "saturation is zero" changed since the last send.
void SurvivalSystem::sync_health(Player& player, Life& life) {
  const bool saturation_zero = player.saturation == 0.0f;
  if (player.health == life.sent_health && player.food_level == life.sent_food &&
      saturation_zero == life.sent_saturation_zero)
    return;
  connections_.send(player.conn, packet::play_cb::UpdateHealth{player.health, player.food_level, player.saturation});
  life.sent_health = player.health;
  life.sent_food = player.food_level;
  life.sent_saturation_zero = saturation_zero;
}

uint64_t SurvivalSystem::hash() const {
  Hasher h;
  for (const auto& [conn, life] : lives_) {
    h.u64(conn), h.f32(life.last_hurt), h.i64(life.tick_count), h.i64(life.death_time), h.u64(life.body_removed);
    h.u64(life.combat.hash()), h.f32(life.sent_health), h.i64(life.sent_food), h.u64(life.sent_saturation_zero);
    for (const std::optional<KillCredit>* c : {&life.hurt_by_player, &life.hurt_by_mob})
      if (*c) h.i64((*c)->entity_id), h.str((*c)->attacker.name);
    h.i64(life.hurt_by_player_memory), h.i64(life.hurt_by_mob_tick), h.f32(life.steps.move_dist), h.f32(life.steps.next_step);
    h.f32(life.head_yaw);
  }
  return h.digest();
}

}  // namespace hz
