#include "sim/game/survival/player_attacks.h"

#include <cmath>

#include "sim/core/hash.h"
#include "sim/data/catalog.h"
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
  const Aabb box = mob ? mob->box() : victim ? make_player_box(victim->position, victim->crouching ? Pose::kCrouching : Pose::kStanding)
                                             : Aabb{};
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
  const combat::AttackOutcome outcome = combat::player_attack(input);
  charge.ticker = 0;  // Player.onAttack
  if (!(outcome.damage > 0.0f)) return false;
  const bool landed = mob ? mobs_.hurt_by_player_attack(*mob, player, outcome)
                          : damage_.hurt_by_player(victim->conn, outcome.damage, player, outcome.knockback_attack);
  if (!landed) return false;
  // causeExtraKnockback: the attacker slows and stops sprinting after pushing harder.
  if (outcome.knockback_attack && stop_sprinting_) stop_sprinting_(player.conn);
  exhaustion_.cause_food_exhaustion(player.conn, kAttackExhaustion);
  return true;
}

uint64_t PlayerAttacks::hash() const {
  Hasher h;
  for (const auto& [conn, charge] : charges_)
    h.i64(static_cast<int64_t>(conn)), h.i64(charge.ticker), h.i64(charge.last_item);
  return h.digest();
}

}  // namespace hz
