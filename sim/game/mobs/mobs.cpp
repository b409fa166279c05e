#include "sim/game/mobs/mobs.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/core/java_math.h"
#include "sim/data/block_sounds.h"
#include "sim/data/catalog.h"
#include "sim/data/registries.h"
#include "sim/data/sound_ids.h"
#include "sim/game/blocks/directions.h"
#include "sim/game/entities/insecure_uuid.h"
#include "sim/game/entities/item_physics.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/mobs/combat_rules.h"
#include "sim/game/mobs/creeper.h"
#include "sim/game/mobs/mob_ai.h"
#include "sim/game/mobs/mob_codec.h"
#include "sim/game/mobs/mob_physics.h"
#include "sim/game/mobs/skeleton.h"
#include "sim/game/mobs/spawning/spawn_rules.h"
#include "sim/game/mobs/sun_burn.h"
#include "sim/game/movement/player_body.h"
#include "sim/game/sounds/entity_sounds.h"
#include "sim/game/survival/armour_rules.h"
#include "sim/game/survival/burning.h"
#include "sim/game/survival/experience_rules.h"
#include "sim/game/survival/fall_rules.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

// LivingEntity's memory of the last attacker (lastHurtByMob), in ticks.
constexpr int kLastHurtByMemory = 100;
// Entities read the chunk at their feet: they tick only while it is loaded (docs/entities.md).
bool chunk_loaded(const BlockSource& blocks, const Vec3& p) {
  return blocks.is_chunk_loaded(java_floor(p.x) >> 4, java_floor(p.z) >> 4);
}

}  // namespace

Mobs::Mobs(EntityIds& ids, Rng& random, PlayerConnections& connections, EntityTracking& tracking, PlayerDamage& damage,
           ItemDrops& drops, const GameRules& rules, const GameTime& time)
    : ids_(ids),
      random_(random),
      connections_(connections),
      tracking_(tracking),
      damage_(damage),
      drops_(drops),
      rules_(rules),
      time_(time),
      arrows_(ids, random, connections, tracking, damage, rules) {
  MobHits hits;
  hits.targets = [this] {
    std::vector<MobHits::Target> out;
    for (const auto& [id, mob] : mobs_)
      if (!mob->removed && mob->alive()) out.push_back(MobHits::Target{id, mob->box(), mob->position});
    return out;
  };
  hits.hurt = [this](int32_t id, float damage, const Arrow& arrow, const Player* shooter) {
    return hurt_by_arrow(id, damage, arrow, shooter);
  };
  hits.fire_ticks = [this](int32_t id) { return find(id) ? find(id)->state.remaining_fire_ticks : 0; };
  hits.set_fire_ticks = [this](int32_t id, int ticks) {
    if (Mob* mob = find(id)) mob->state.remaining_fire_ticks = ticks;
  };
  hits.push = [this](int32_t id, const Vec3& push) {
    if (Mob* mob = find(id)) mob->velocity = mob->velocity + push, mob->needs_sync = true;
  };
  hits.thorns = [this](int32_t id, float damage, const Player& wearer) {
    if (Mob* mob = find(id)) hurt(*mob, MobDamage::kThorns, damage, &wearer);
  };
  hits.with_uuid = [this](const Uuid& uuid) -> std::optional<MobHits::Owner> {
    for (const auto& [id, mob] : mobs_)
      if (!mob->removed && mob->alive() && mob->uuid() == uuid) return MobHits::Owner{id, mob->mob_kind().name};
    return std::nullopt;
  };
  arrows_.set_mob_hits(std::move(hits));
  arrows_.set_item_drops(&drops_);
}

Mobs::~Mobs() = default;

int32_t Mobs::summon(const MobKind& kind, const Vec3& position, float yaw, const SummonOptions& options) {
  const int32_t id = ids_.next();
  auto mob = std::make_unique<Mob>(id, insecure_uuid(random_), kind);
  mob->position = position;
  mob->yaw = wrap_degrees(yaw);
  mob->head_yaw = mob->yaw;
  mob->state.head_yaw = mob->yaw;
  mob->state.goals = mob_ai::initial_goals(kind);
  mob->state.no_ai = options.no_ai;
  mob->state.persistence_required = options.persistence_required;
  mob->state.custom_name = options.custom_name;
  if (options.health) mob->state.health = std::clamp(*options.health, 0.0f, kind.max_health);
  mob->state.creeper.powered = options.powered;
  mob->state.creeper.ignited = options.ignited;
  if (options.fuse) mob->state.creeper.max_swell = *options.fuse;
  if (options.explosion_radius) mob->state.creeper.explosion_radius = *options.explosion_radius;
  Mob& added = *mobs_.emplace(id, std::move(mob)).first->second;
  tracking_.add_entity(added);
  return id;
}

std::vector<std::string_view> Mobs::saved_types() const {
  // Type ids live as long as the kind table; "minecraft:" + name is built once per kind.
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> out;
    for (const MobKind& kind : all_mob_kinds()) out.push_back(mob_codec::type_id(kind));
    return out;
  }();
  return {ids.begin(), ids.end()};
}

void Mobs::save_chunk(ChunkPos pos, std::vector<nbt::Compound>& out) const {
  for (const auto& [id, mob] : mobs_)
    if (!mob->removed && entity_nbt::chunk_of(mob->position) == pos) out.push_back(mob_codec::save(*mob));
}

void Mobs::unload_chunk(ChunkPos pos) {
  for (const auto& [id, mob] : mobs_)
    if (!mob->removed && entity_nbt::chunk_of(mob->position) == pos) discard(*mob);
  purge_removed();
}

bool Mobs::load(const nbt::Compound& tag) {
  std::optional<mob_codec::Loaded> loaded = mob_codec::load(tag);
  if (!loaded) return false;
  // A new network id, the stored UUID (vanilla keeps UUIDs across saves, never network ids).
  auto mob = std::make_unique<Mob>(ids_.next(), loaded->base.uuid, *loaded->kind);
  entity_nbt::apply_base(loaded->base, *mob);
  mob->head_yaw = mob->yaw;
  MobState& s = mob->state;
  s.head_yaw = mob->yaw;
  s.goals = mob_ai::initial_goals(*loaded->kind);
  s.health = loaded->health;
  s.death_time = loaded->death_time;
  s.dead = loaded->health <= 0.0f;
  s.no_ai = loaded->no_ai;
  s.persistence_required = loaded->persistence_required;
  s.custom_name = loaded->custom_name;
  s.fall_distance = loaded->fall_distance;
  s.last_hurt_by = loaded->last_hurt_by;
  s.last_hurt_by_timestamp = loaded->last_hurt_by_timestamp;
  s.last_hurt_by_player = loaded->last_hurt_by_player;
  s.last_hurt_by_player_memory = loaded->last_hurt_by_player_memory;
  s.creeper = loaded->creeper;
  s.loaded = std::move(loaded->tag);
  const int32_t id = mob->id();
  Mob& added = *mobs_.emplace(id, std::move(mob)).first->second;
  tracking_.add_entity(added);
  return true;
}

Mob* Mobs::find(int32_t id) {
  auto it = mobs_.find(id);
  return it == mobs_.end() || it->second->removed ? nullptr : it->second.get();
}

const Mob* Mobs::find(int32_t id) const {
  auto it = mobs_.find(id);
  return it == mobs_.end() || it->second->removed ? nullptr : it->second.get();
}

std::vector<int32_t> Mobs::ids() const {
  std::vector<int32_t> out;
  for (const auto& [id, mob] : mobs_)
    if (!mob->removed) out.push_back(id);
  return out;
}

void Mobs::on_leave(Player& player) {
  for (auto& [id, mob] : mobs_) {
    if (mob->state.target == player.conn) mob->state.target.reset();
    if (mob->state.look_at_player == player.conn) mob->state.look_at_player.reset();
  }
}

void Mobs::tick() {
  for (const int32_t id : ids()) {
    Mob& mob = *mobs_.at(id);
    if (mob.removed || !chunk_loaded(*blocks_, mob.position)) continue;
    // ServerLevel asks every entity whether it despawns just before its tick.
    check_despawn(mob);
    if (mob.removed) continue;
    tick_mob(mob);
  }
  purge_removed();
  arrows_.tick();
}

void Mobs::check_despawn(Mob& mob) {
  spawning::DespawnInput in;
  const MobKind& kind = mob.mob_kind();
  in.category = spawning::category_of(kind);
  in.hostile = kind.hostile;
  in.remove_when_far_away = kind.hostile;  // Animal.removeWhenFarAway is false
  in.persistent = mob.state.persistence_required;
  in.no_action_time = mob.state.no_action_time;
  in.difficulty = difficulty_;
  // Level.getNearestPlayer(entity, -1): any non-spectator player, first in join order on ties.
  for (const Player* p : connections_.joined_players()) {
    if (p->game_mode == GameMode::kSpectator) continue;
    const double dx = p->position.x - mob.position.x, dy = p->position.y - mob.position.y,
                 dz = p->position.z - mob.position.z;
    const double d = dx * dx + dy * dy + dz * dz;
    if (!in.has_player || d < in.distance_sqr) in.distance_sqr = d;
    in.has_player = true;
  }
  const spawning::DespawnOutcome out = spawning::check_despawn(in, random_);
  if (out.reset_no_action_time) mob.state.no_action_time = 0;
  if (out.discard) discard(mob);
}

void Mobs::tick_mob(Mob& mob) {
  MobState& s = mob.state;
  // Creeper.tick swells before the rest of the entity's tick.
  if (mob.mob_kind().type == MobType::kCreeper && mob.alive()) {
    const creeper::SwellStep swell = creeper::tick_swell(mob);
    if (swell.primed) play_sound(mob, sound::entity_creeper_primed, creeper::kPrimedVolume, creeper::kPrimedPitch);
    if (swell.explode) {
      explode_creeper(mob);
      return;
    }
  }
  ++s.tick_count;
  // Entity.baseTick: burning, then checkBelowWorld (a living entity is hurt, not removed).
  tick_fire(mob);
  if (mob.position.y < static_cast<double>(blocks_->min_y() - kBelowWorldMargin))
    hurt(mob, MobDamage::kOutOfWorld, kBelowWorldDamage, nullptr);
  if (mob.removed) return;
  // The rest of LivingEntity.baseTick.
  if (s.invulnerable_time > 0) --s.invulnerable_time;
  if (s.dead) {
    // tickDeath: the body lies 20 ticks, then goes with a puff of smoke.
    if (++s.death_time >= kDeathTicks) {
      tracking_.send_to_viewers(mob.id(), share(encode_packet(packet::play_cb::EntityStatus{mob.id(), kEntityEventPoof})));
      discard(mob);
      return;
    }
  }
  if (s.last_hurt_by && s.tick_count - s.last_hurt_by_timestamp > kLastHurtByMemory) s.last_hurt_by.reset();
  if (s.last_hurt_by_player_memory > 0) --s.last_hurt_by_player_memory;
  else s.last_hurt_by_player.reset();
  // Mob.baseTick: the ambient sound's clock, for every living mob (with or without AI).
  const MobSounds& voice = mob_sounds(mob.mob_kind().type);
  if (mob.alive() && entity_sounds::ambient_sound_due(s.ambient_sound_time, voice.ambient_interval, random_) &&
      voice.ambient)
    make_sound(mob, *voice.ambient);
  // Monster.aiStep, with or without AI: bright light at the eyes adds two idle ticks a tick.
  if (mob.mob_kind().hostile && light_value(mob) > 0.5f) s.no_action_time += kBrightLightIdleTicks;
  // aiStep: without AI the mob does not move at all (Mob.isEffectiveAi), but the blocks it is in
  // still act on it.
  if (s.no_ai) {
    apply_block_effects(mob);
    return;
  }
  skeleton::tick_using_item(mob);  // LivingEntity.tick updates the item in use before aiStep
  mob_physics::before_ai(mob);
  if (s.dead) {
    s.jumping = false;
    s.xxa = s.zza = 0.0f;
  } else {
    MobWorld world{*blocks_, connections_, random_, time_.game_time(),
                   [this](Mob& m, Player& p) { return hurt_player(m, p); }, difficulty_, brightness_at(mob),
                   [this](Mob& m, Player& p, float power) { shoot_arrow(m, p, power); }, clear_line_};
    s.in_water = mob_physics::water_height(mob, *blocks_) > 0.0;
    mob_ai::server_ai_step(mob, world);
  }
  const mob_physics::MoveOutcome moved = mob_physics::after_ai(mob, *blocks_);
  if (moved.landing) land(mob, *moved.landing);  // Entity.move: the fall before the steps
  step_sound(mob, moved);
  apply_block_effects(mob);
  burn_in_daylight(mob);
  // Spider.tick: it climbs next tick when it ran into something this tick.
  if (mob.mob_kind().type == MobType::kSpider && s.climbing != s.horizontal_collision) {
    s.climbing = s.horizontal_collision;
    mob.data_dirty = true;
  }
  // Chicken.aiStep: flapping wings slow every fall.
  if (mob.mob_kind().type == MobType::kChicken && !mob.on_ground && mob.velocity.y < 0.0) mob.velocity.y *= 0.6;
  mob.head_yaw = s.head_yaw;
}

bool Mobs::hurt_by_player_attack(Mob& mob, const Player& player, const combat::AttackOutcome& outcome) {
  if (!hurt(mob, MobDamage::kPlayerAttack, outcome.damage, &player)) return false;
  // causeExtraKnockback: a sprinting full-strength hit pushes 0.5 more along the player's look.
  if (outcome.knockback_attack) knock_along_look(mob, 0.5, player.yaw);
  return true;
}

bool Mobs::hurt_by_sweep(Mob& mob, const Player& player, float damage) {
  if (!hurt(mob, MobDamage::kPlayerAttack, damage, &player)) return false;
  knock_along_look(mob, combat::kHurtKnockback, player.yaw);
  return true;
}

void Mobs::knock_along_look(Mob& mob, double power, float yaw) {
  const double radians = static_cast<double>(yaw * (static_cast<float>(M_PI) / 180.0f));
  mob.velocity = combat::knockback(mob.velocity, mob.on_ground, power, static_cast<double>(table_sin(radians)),
                                   -static_cast<double>(table_cos(radians)), random_);
  mob.needs_sync = true;
}

void Mobs::kill(int32_t entity_id) {
  if (Mob* mob = find(entity_id)) hurt(*mob, MobDamage::kGenericKill, std::numeric_limits<float>::max(), nullptr);
}

bool Mobs::hurt(Mob& mob, MobDamage kind, float amount, const Player* attacker, bool knock_away) {
  MobState& s = mob.state;
  if (mob.removed || s.dead || s.health <= 0.0f) return false;
  const bool bypasses_cooldown = kind == MobDamage::kGenericKill;
  s.no_action_time = 0;
  amount = std::max(amount, 0.0f);
  const MobDamageType& type = mob_damage_type(kind);
  // actuallyHurt: armour (unless the type bypasses it), then the health.
  auto actually_hurt = [&](float damage) {
    if (!type.bypasses_armor) damage = damage_after_armour(damage, static_cast<float>(mob.mob_kind().armor), 0.0f);
    if (damage != 0.0f) mob.set_health(s.health - damage);
  };
  bool full = true;
  if (static_cast<float>(s.invulnerable_time) > 10.0f && !bypasses_cooldown) {
    if (amount <= s.last_hurt) return false;
    actually_hurt(amount - s.last_hurt);
    s.last_hurt = amount;
    full = false;
  } else {
    s.last_hurt = amount;
    s.invulnerable_time = 20;
    actually_hurt(amount);
  }
  // The damage source the hit leaves behind, for the panic goal.
  s.last_damage_panics = type.panics;
  s.last_damage_time = time_.game_time();
  if (attacker) {
    s.last_hurt_by = attacker->uuid;
    s.last_hurt_by_timestamp = s.tick_count;
    s.last_hurt_by_player = attacker->uuid;
    s.last_hurt_by_player_memory = kPlayerKillMemory;
  }
  if (full) {
    packet::play_cb::DamageEvent event;
    event.entity_id = mob.id();
    event.source_type = registry_entry_id("minecraft:damage_type", type.registry_name);
    if (attacker) event.source_cause_id = event.source_direct_id = attacker->entity_id + 1;
    tracking_.send_to_viewers(mob.id(), share(encode_packet(event)));
    if (attacker && knock_away) {
      // Knocked away from the attacker's position.
      mob.velocity = combat::knockback(mob.velocity, mob.on_ground, combat::kHurtKnockback,
                                       attacker->position.x - mob.position.x, attacker->position.z - mob.position.z,
                                       random_);
      mob.needs_sync = true;
    }
  }
  // The death sound before the death, the hurt sound (which restarts the ambient clock) otherwise;
  // both only for a full hit.
  const MobSounds& voice = mob_sounds(mob.mob_kind().type);
  if (s.health <= 0.0f) {
    if (full) make_sound(mob, voice.death);
    // The loot's furnace_smelt also applies when the direct attacker's weapon smelts loot
    // (#smelts_loot: Fire Aspect).
    die(mob, attacker != nullptr && enchantment_level(attacker->main_hand(), "fire_aspect") > 0);
  } else if (full) {
    s.ambient_sound_time = -voice.ambient_interval;  // Mob.playHurtSound
    make_sound(mob, voice.hurt);
  }
  return true;
}

void Mobs::step_sound(const Mob& mob, const mob_physics::MoveOutcome& moved) {
  const MobSounds& voice = mob_sounds(mob.mob_kind().type);
  if (moved.step.sound == StepSound::kStep) {
    // playStepSound: the kind's own step, or (creepers) the block's at 0.15 of its volume.
    if (voice.step) return play_sound(mob, *voice.step, 0.15f, 1.0f);
    const BlockSoundType& type = block_sound_type_of_state(moved.step.block);
    return play_sound(mob, type.step_sound, type.volume * 0.15f, type.pitch);
  }
  if (moved.step.sound != StepSound::kSwim) return;
  play_sound(mob, voice.swim, moved.swim_volume, entity_sounds::swim_pitch(random_));
}

void Mobs::make_sound(const Mob& mob, int32_t sound) {
  play_sound(mob, sound, mob_sounds(mob.mob_kind().type).volume, entity_sounds::voice_pitch(random_));
}

void Mobs::play_sound(const Mob& mob, int32_t sound, float volume, float pitch) {
  if (sounds_) sounds_->play_sound(mob.position, SoundEvent{sound, mob_sounds(mob.mob_kind().type).source, volume, pitch});
}

const MobDamageType& mob_damage_type(MobDamage kind) {
  // Indexed by MobDamage. Every explosion so far has a living source (a creeper):
  // player_explosion. Panic causes: #minecraft:panic_causes (with its environmental causes).
  static constexpr MobDamageType kTypes[] = {
      {"minecraft:player_attack", false, true}, {"minecraft:generic_kill", true, false},
      {"minecraft:player_explosion", false, true}, {"minecraft:arrow", false, true},
      {"minecraft:on_fire", true, true},         {"minecraft:out_of_world", true, false},
      {"minecraft:fall", true, false},           {"minecraft:in_fire", false, true},
      {"minecraft:lava", false, true},           {"minecraft:thorns", false, false},
  };
  return kTypes[static_cast<size_t>(kind)];
}

void Mobs::land(Mob& mob, const mob_physics::Landing& landing) {
  const MobKind& kind = mob.mob_kind();
  if (fall_on_) {
    const Lander lander{kind.width, kind.height, rules_.get_bool("mob_griefing")};
    fall_on_->fall_on(lander, landing.on_pos, landing.on_block, landing.fall_distance);
  }
  const FallImpact impact = fall_impact(landing_block_of(landing.on_block), landing.fall_distance);
  const int damage = kind.fall_damage_immune ? 0 : fall_damage(impact);
  if (damage > 0) {
    // causeFallDamage: the fall's sound and the landed-on block's before the hurt.
    const MobSounds& voice = mob_sounds(kind.type);
    play_sound(mob, entity_sounds::fall_sound(voice.small_fall, voice.big_fall, damage), 1.0f, 1.0f);
    if (const auto block = entity_sounds::block_fall_sound(landing.on_block, voice.source))
      play_sound(mob, block->id, block->volume, block->pitch);
    hurt(mob, MobDamage::kFall, static_cast<float>(damage), nullptr);
  }
  // Creeper.causeFallDamage: the fall shortens the fuse, whatever it did to the health.
  if (kind.type == MobType::kCreeper) creeper::fall_swell(mob, impact.distance);
}

int32_t Mobs::shoot_arrow(Mob& mob, const Player& target, float power) {
  const skeleton::ArrowShot shot = skeleton::aim(mob.position, mob.eye_y(), target.position, kPlayerHeight, power,
                                                 difficulty_, random_);
  Arrows::Launch launch;
  launch.position = shot.position;
  launch.velocity = shot.velocity;
  launch.yaw = shot.yaw;
  launch.pitch = shot.pitch;
  launch.base_damage = shot.base_damage;
  launch.owner = mob.id();
  launch.owner_type = mob.mob_kind().name;
  launch.owner_name = mob.mob_kind().display_name;
  launch.owner_uuid = mob.uuid();
  // The skeleton's own bow: its arrow's damage goes through the weapon's effects.
  static const ItemStack bow{item_id("bow").value_or(0), 1};
  launch.weapon = bow;
  const int32_t arrow = arrows_.launch(launch);
  // AbstractSkeleton.performRangedAttack: the shot's sound after the arrow.
  play_sound(mob, sound::entity_skeleton_shoot, 1.0f, 1.0f / (random_.next_float() * 0.4f + 0.8f));
  return arrow;
}

bool Mobs::hurt_by_arrow(int32_t mob_id, float damage, const Arrow& arrow, const Player* shooter) {
  Mob* mob = find(mob_id);
  if (!mob) return false;
  const bool full = !(static_cast<float>(mob->state.invulnerable_time) > 10.0f);
  // The shooter is credited (and remembered for the experience drop); the push is the arrow's.
  if (!hurt(*mob, MobDamage::kArrow, damage, shooter, /*knock_away=*/false)) return false;
  if (full) {
    // Projectile.calculateHorizontalHurtKnockbackDirection: pushed along the arrow's flight.
    mob->velocity = combat::knockback(mob->velocity, mob->on_ground, combat::kHurtKnockback, -arrow.velocity.x,
                                      -arrow.velocity.z, random_);
    mob->needs_sync = true;
  }
  return true;
}

void Mobs::tick_fire(Mob& mob) {
  // Entity.baseTick: a burning mob is hurt 1 whenever the remaining ticks are a multiple of 20,
  // except in lava, whose own hurt stands for it (asked only then: it reads the blocks).
  MobState& s = mob.state;
  if (s.remaining_fire_ticks > 0) {
    if (s.remaining_fire_ticks % burning::kBurnDamageEvery == 0 &&
        !(item_physics::fluid_heights(mob.box(), *blocks_).lava > 0.0))
      hurt(mob, MobDamage::kOnFire, burning::kBurnDamage, nullptr);
    --s.remaining_fire_ticks;
  }
  const bool on_fire = s.remaining_fire_ticks > 0;
  if (on_fire != s.on_fire) mob.data_dirty = true;
  s.on_fire = on_fire;
}

void Mobs::ignite(Mob& mob, int ticks) {
  mob.state.remaining_fire_ticks = burning::ignite(mob.state.remaining_fire_ticks, ticks, 1.0);
}

void Mobs::apply_block_effects(Mob& mob) {
  MobState& s = mob.state;
  if (!mob.alive() || mob.removed) return;
  const int before = s.remaining_fire_ticks;
  const burning::Inside inside = burning::inside_blocks(*blocks_, mob.box());
  // In InsideBlockEffectType's order, stopping at a death: fire (a mob's fire does not grow as a
  // player's does), lava, water. No kind here has Fire Protection or is fire immune.
  if (inside.fire) {
    s.remaining_fire_ticks = burning::fire_ignite(s.remaining_fire_ticks, 0, 1.0);
    hurt(mob, MobDamage::kInFire, inside.fire_damage, nullptr);
  }
  if (inside.lava && mob.alive()) {
    s.remaining_fire_ticks = burning::ignite(s.remaining_fire_ticks, burning::kLavaIgniteTicks, 1.0);
    hurt(mob, MobDamage::kLava, burning::kLavaDamage, nullptr);
  }
  if (inside.water && mob.alive()) s.remaining_fire_ticks = std::min(0, s.remaining_fire_ticks);
  // Neither burning nor lit this tick: back to the fire-immune ticks, 0 for mobs.
  if (s.remaining_fire_ticks <= 0 && s.remaining_fire_ticks <= before) s.remaining_fire_ticks = 0;
}

float Mobs::brightness_at(const Mob& mob) const {
  // Only spiders read it; the light engine is not asked for the others.
  if (mob.mob_kind().type != MobType::kSpider) return 0.0f;
  return light_value(mob);
}

float Mobs::light_value(const Mob& mob) const {
  if (!sunlight_) return 0.0f;
  const BlockPos eyes{java_floor(mob.position.x), java_floor(mob.eye_y()), java_floor(mob.position.z)};
  return sun_burn::brightness(sunlight_(eyes, eyes, eyes).raw_brightness);
}

void Mobs::burn_in_daylight(Mob& mob) {
  MobState& s = mob.state;
  const MobType type = mob.mob_kind().type;
  if (!sunlight_ || s.dead) return;
  const BlockPos eyes{java_floor(mob.position.x), java_floor(mob.eye_y()), java_floor(mob.position.z)};
  const BlockPos feet{java_floor(mob.position.x), java_floor(mob.position.y), java_floor(mob.position.z)};
  const BlockPos top{feet.x, java_floor(mob.box().max_y), feet.z};
  const Sunlight light = sunlight_(eyes, feet, top);
  const bool wet = s.in_water || light.raining_here;
  // Mob.aiStep: the entity tag burn_in_daylight (of Horizon's kinds, zombies and skeletons), after
  // the move. No helmets exist yet, so nothing shields them.
  if (type == MobType::kZombie || type == MobType::kSkeleton) {
    const sun_burn::SunInput in{light.monsters_burn, sun_burn::brightness(light.raw_brightness), wet, light.sky_visible};
    if (sun_burn::is_sun_burn_tick(in, random_)) s.remaining_fire_ticks = std::max(s.remaining_fire_ticks, sun_burn::kSunFireTicks);
  }
  // Water and rain put fire out (Entity.updateFluidInteraction, Entity.move).
  if (wet) s.remaining_fire_ticks = 0;
}

void Mobs::die(Mob& mob, bool smelt_loot) {
  if (mob.state.dead) return;
  mob.state.dead = true;
  mob.state.path.reset();
  if (rules_.get_bool("mob_drops")) drop_loot(mob, smelt_loot || mob.state.remaining_fire_ticks > 0);
  drop_experience(mob);
  tracking_.send_to_viewers(mob.id(), share(encode_packet(packet::play_cb::EntityStatus{mob.id(), kEntityEventDeath})));
}

void Mobs::drop_loot(Mob& mob, bool smelt) {
  // The loot table's pools in order; UniformGenerator draws min + nextInt(max - min + 1).
  for (const MobDrop& drop : mob.mob_kind().loot) {
    int count = drop.min;
    if (drop.max > drop.min) count += static_cast<int>(random_.next_below(static_cast<uint32_t>(drop.max - drop.min + 1)));
    if (count <= 0) continue;
    const std::string_view item = smelt && !drop.cooked.empty() ? drop.cooked : drop.item;
    drops_.drop_at(mob.position, ItemStack{*item_id(item), count});
  }
}

void Mobs::drop_experience(Mob& mob) {
  // LivingEntity.dropExperience: only for a kill a player had a hand in, with mob_drops on.
  if (!experience_ || mob.state.last_hurt_by_player_memory <= 0 || !rules_.get_bool("mob_drops")) return;
  const MobKind& kind = mob.mob_kind();
  const int equipped = main_hand_item(kind).empty() ? 0 : 1;
  experience_->award(mob.position, experience::mob_reward(!kind.hostile, equipped, random_));
}

void Mobs::explode_creeper(Mob& mob) {
  mob.state.dead = true;
  const MobKind& kind = mob.mob_kind();
  if (explode_) explode_(mob.position, creeper::explosion_radius(mob), MobAttacker{mob.id(), kind.name, kind.display_name, mob.position});
  discard(mob);
}

bool Mobs::hurt_player(Mob& mob, Player& player) {
  // Creeper.doHurtTarget: its melee "hit" lands and does nothing (it explodes instead).
  if (mob.mob_kind().type == MobType::kCreeper) return true;
  // Mob.doHurtTarget: the attack_damage attribute as mob_attack damage (the survival system
  // scales it for difficulty); the player is knocked away from the mob when it lands.
  const bool landed = damage_.hurt_by_mob(player.conn, static_cast<float>(mob.mob_kind().attack_damage),
                                          MobAttacker{mob.id(), mob.mob_kind().name, mob.mob_kind().display_name,
                                                      mob.position});
  // doPostAttackEffects: the player's Thorns strike back (thorns damage caused by the player).
  if (landed) damage_.strike_back(player.conn, [&](float damage) { hurt(mob, MobDamage::kThorns, damage, &player); });
  return landed;
}

void Mobs::discard(Mob& mob) {
  if (mob.removed) return;
  mob.removed = true;
  tracking_.remove_entity(mob.id());
}

void Mobs::purge_removed() {
  for (auto it = mobs_.begin(); it != mobs_.end();) {
    if (it->second->removed) it = mobs_.erase(it);
    else ++it;
  }
}

uint64_t Mobs::hash() const {
  Hasher h;
  for (const auto& [id, mob] : mobs_) {
    const MobState& s = mob->state;
    h.i64(id);
    h.i64(static_cast<int64_t>(mob->mob_kind().type));
    h.f64(mob->position.x), h.f64(mob->position.y), h.f64(mob->position.z);
    h.f64(mob->velocity.x), h.f64(mob->velocity.y), h.f64(mob->velocity.z);
    h.f64(mob->yaw), h.f64(mob->pitch), h.f64(s.head_yaw);
    h.u64(mob->on_ground), h.f64(s.health), h.i64(s.invulnerable_time), h.f64(s.last_hurt);
    h.i64(s.tick_count), h.i64(s.ambient_sound_time), h.f32(s.steps.move_dist), h.f32(s.steps.next_step), h.i64(s.death_time), h.u64(s.dead), h.u64(s.no_ai), h.i64(s.last_hurt_by_player_memory);
    for (const std::optional<Uuid>& who : {s.last_hurt_by, s.last_hurt_by_player})
      h.u64(who.has_value()), h.u64(who ? who->most : 0), h.u64(who ? who->least : 0);
    h.i64(s.last_hurt_by_timestamp), h.u64(s.last_damage_panics), h.i64(s.last_damage_time);
    h.i64(s.target ? static_cast<int64_t>(*s.target) : -1);
    h.i64(s.remaining_fire_ticks), h.i64(s.use_item_ticks), h.i64(s.bow_attack_time), h.i64(s.bow_see_time);
    h.i64(static_cast<int64_t>(s.path_index)), h.u64(s.path.has_value());
    for (const GoalState& g : s.goals) h.u64(g.running);
    h.i64(s.creeper.swell), h.i64(s.creeper.swell_dir), h.u64(s.creeper.ignited);
  }
  h.u64(arrows_.hash());
  return h.digest();
}

}  // namespace hz
