#include "sim/game/survival/player_attacks.h"

#include <cmath>

#include "sim/core/hash.h"
#include "sim/data/catalog.h"
#include "sim/data/sound_ids.h"
#include "sim/data/tag_lookup.h"
#include "sim/game/items/durability.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/movement/aabb.h"
#include "sim/game/movement/player_body.h"

namespace hz {

PlayerAttacks::PlayerAttacks(PlayerConnections& connections, Mobs& mobs, PlayerDamage& damage,
                             FoodExhaustion& exhaustion, const ClientLoading& loading)
    : connections_(connections), mobs_(mobs), damage_(damage), exhaustion_(exhaustion), loading_(loading) {}

// A new player entity holds nothing as far as its last item knows, so a held item restarts the
// ticker on the first tick.
void PlayerAttacks::on_join(Player& player) { charges_[player.conn] = Charge{}; }

void PlayerAttacks::on_player_respawned(Player& player) { charges_[player.conn] = Charge{}; }

void PlayerAttacks::on_leave(Player& player) { charges_.erase(player.conn); }

void PlayerAttacks::on_swing(Player& player, int32_t /*hand*/) { charges_[player.conn].ticker = 0; }

void PlayerAttacks::tick() {
  for (const Player* player : connections_.joined_players()) {
    Charge& charge = charges_[player->conn];
    ++charge.ticker;
    // ItemStack.isSameItem: only another item (not another count or enchantment) starts again.
    const int32_t item = player->main_hand().empty() ? 0 : player->main_hand().item;
    if (item != charge.last_item) charge.ticker = 0;
    charge.last_item = item;
  }
}

int PlayerAttacks::attack_strength_ticker(ConnId conn) const {
  auto it = charges_.find(conn);
  return it == charges_.end() ? 0 : it->second.ticker;
}

Aabb PlayerAttacks::player_box(const Player& player) {
  return make_player_box(player.position, player.crouching ? Pose::kCrouching : Pose::kStanding);
}

bool PlayerAttacks::within_reach(const Player& player, const Aabb& target) {
  // AttackRange.isInRange with the default range: the eyes at most 3 + 3 from the box.
  const double range = combat::kEntityInteractionRange + combat::kInteractionTolerance;
  return std::sqrt(distance_sqr(target, player.eye_position())) <= range;
}

void PlayerAttacks::on_attack(Player& player, int32_t entity_id) {
  if (!loading_.client_loaded(player.conn) || player.game_mode == GameMode::kSpectator || player.dead) return;
  Mob* mob = mobs_.find(entity_id);
  Player* victim = nullptr;
  if (mob == nullptr)
    for (Player* p : connections_.joined_players())
      if (p->entity_id == entity_id) victim = p;
  const bool unattackable = !mob && !victim && unattackable_ && unattackable_(entity_id);
  if (!mob && !victim && !unattackable) return;  // no such entity
  const Aabb box = mob ? mob->box() : victim ? player_box(*victim) : Aabb{};
  if (!unattackable && !within_reach(player, box)) return;
  if (unattackable || victim == &player) {
    connections_.disconnect(player.conn, TextComponent::translatable("multiplayer.disconnect.invalid_entity_attacked", {}));
    return;
  }
  attack(player, charges_[player.conn], mob, victim);
}

bool PlayerAttacks::attack(Player& player, Charge& charge, Mob* mob, Player* victim) {
  combat::AttackInput input;
  if (!player.main_hand().empty()) input.weapon = combat::weapon_of(item_name(player.main_hand().item));
  input.attack_strength_ticker = charge.ticker;
  input.sprinting = sprinting_ && sprinting_(player.conn);
  input.fall_distance = player.fall_distance;
  input.on_ground = player.on_ground;
  input.sword = !player.main_hand().empty() && item_in_tag(player.main_hand().item, "minecraft:swords");
  if (known_movement_) input.known_horizontal_sqr = horizontal_length_sqr(known_movement_(player.conn));
  const combat::AttackOutcome outcome = combat::player_attack(input);
  charge.ticker = 0;  // Player.onAttack
  if (!(outcome.damage > 0.0f)) return false;
  const Aabb target_box = mob ? mob->box() : player_box(*victim);
  if (outcome.knockback_attack) play_sound(player, sound::entity_player_attack_knockback);
  const bool landed =
      mob ? mobs_.hurt_by_player_attack(*mob, player, outcome)
          : damage_.hurt_by_player(victim->conn, outcome.damage, player,
                                   outcome.knockback_attack ? PlayerDamage::MeleeHit::kKnockbackTarget
                                                            : PlayerDamage::MeleeHit::kTarget);
  if (!landed) {
    play_sound(player, sound::entity_player_attack_nodamage);
    return false;
  }
  // causeExtraKnockback: the attacker slows and stops sprinting after pushing harder.
  if (outcome.knockback_attack && stop_sprinting_) stop_sprinting_(player.conn);
  if (outcome.sweep) sweep(player, target_box, outcome.strength, mob, victim);
  // attackVisualEffects: a critical hit's sound, or a plain hit's by its strength.
  if (outcome.critical) play_sound(player, sound::entity_player_attack_crit);
  else if (!outcome.sweep)
    play_sound(player, outcome.full_strength ? sound::entity_player_attack_strong : sound::entity_player_attack_weak);
  // itemAttackInteraction: the weapon's post-attack enchantment effects, then its postHurtEnemy
  // wears it.
  post_attack_effects(player, mob, victim);
  if (wear_) wear_->wear_held_item(player.conn, Hand::kMain, wear_per_attack(player.main_hand()));
  exhaustion_.cause_food_exhaustion(player.conn, kAttackExhaustion);
  return true;
}

void PlayerAttacks::post_attack_effects(const Player& player, Mob* mob, const Player* victim) {
  // doPostAttackEffectsWithItemSource: the victim's equipment first (Thorns strike back).
  if (victim != nullptr)
    damage_.strike_back(victim->conn, [&](float d) { damage_.hurt_by_thorns(player.conn, d, *victim); });
  // Fire Aspect's ignite: linear(4, +4) seconds a level, as igniteForSeconds counts them.
  const int level = enchantment_level(player.main_hand(), "fire_aspect");
  if (level <= 0) return;
  const float seconds = 4.0f + 4.0f * static_cast<float>(level - 1);
  const int ticks = static_cast<int>(std::floor(seconds * 20.0f));
  if (mob != nullptr) mobs_.ignite(*mob, ticks);
  if (victim != nullptr) damage_.ignite(victim->conn, ticks);
}

void PlayerAttacks::sweep(const Player& player, const Aabb& target_box, float strength, const Mob* mob,
                          const Player* victim) {
  play_sound(player, sound::entity_player_attack_sweep);
  const Aabb area = target_box.inflate(combat::kSweepReachX, combat::kSweepReachY, combat::kSweepReachZ);
  const float damage = combat::kSweepDamage * strength;
  auto near = [&](const Vec3& p) { return distance_sqr(player.position, p) < combat::kSweepMaxDistanceSqr; };
  for (const int32_t id : mobs_.ids()) {
    Mob* other = mobs_.find(id);
    if (other == nullptr || other == mob || !other->box().intersects(area) || !near(other->position)) continue;
    if (mobs_.hurt_by_sweep(*other, player, damage)) post_attack_effects(player, other, nullptr);
  }
  for (Player* other : connections_.joined_players()) {
    if (other == &player || other == victim || other->game_mode == GameMode::kSpectator) continue;
    if (!player_box(*other).intersects(area) || !near(other->position)) continue;
    if (damage_.hurt_by_player(other->conn, damage, player, PlayerDamage::MeleeHit::kSweep))
      post_attack_effects(player, nullptr, other);
  }
}

uint64_t PlayerAttacks::hash() const {
  Hasher h;
  for (const auto& [conn, charge] : charges_)
    h.i64(static_cast<int64_t>(conn)), h.i64(charge.ticker), h.i64(charge.last_item);
  return h.digest();
}

// Player.playServerSideSound: at the attacker, for everyone near, the attacker too.
void PlayerAttacks::play_sound(const Player& player, int32_t sound) {
  if (sounds_) sounds_->play_sound(player.position, SoundEvent{sound, SoundSource::kPlayers});
}

}  // namespace hz
