#include "sim/game/survival/combat_tracker.h"

#include "sim/core/hash.h"

namespace hz {

namespace {
constexpr float kSignificantFall = 5.0f;
}  // namespace

bool CombatTracker::record(DamageCause kind, float damage, double fall_distance, int tick_count, bool alive,
                           const CombatAttacker* attacker) {
  recheck(true, tick_count);
  entries_.push_back(Entry{kind, damage, static_cast<float>(fall_distance),
                           attacker ? std::optional<CombatAttacker>(*attacker) : std::nullopt});
  last_damage_tick_ = tick_count;
  taking_damage_ = true;
  // shouldEnterCombat: the hit's cause is a living entity.
  if (in_combat_ || !alive || attacker == nullptr) return false;
  in_combat_ = true;
  combat_start_tick_ = tick_count;
  return true;
}

std::optional<int> CombatTracker::recheck(bool alive, int tick_count) {
  const int reset = in_combat_ ? kResetCombatStatusTicks : kResetDamageStatusTicks;
  if (!taking_damage_ || (alive && tick_count - last_damage_tick_ <= reset)) return std::nullopt;
  const bool was_in_combat = in_combat_;
  taking_damage_ = false;
  in_combat_ = false;
  entries_.clear();
  if (!was_in_combat) return std::nullopt;
  return tick_count - combat_start_tick_;
}

const CombatTracker::Entry* CombatTracker::most_significant_fall() const {
  const Entry* result = nullptr;
  float best_fall = 0.0f;
  for (size_t i = 0; i < entries_.size(); ++i) {
    const Entry& entry = entries_[i];
    if (!damage_type(entry.kind).is_fall || entry.fall_distance <= 0.0f) continue;
    if (result != nullptr && entry.fall_distance <= best_fall) continue;
    // Vanilla credits the hit before the fall with knocking the player off.
    result = i > 0 ? &entries_[i - 1] : &entry;
    best_fall = entry.fall_distance;
  }
  // No entry has a fall location (climbable or water) yet, so the damage alternative never applies.
  return best_fall > kSignificantFall ? result : nullptr;
}

DeathMessage CombatTracker::assisted_fall_message(const Entry& knock_off, const Entry& killing_blow) const {
  // The attacker who knocked the player off is named unless it also dealt the killing blow; a
  // killer alone finishes the player off. Custom-named weapons (the ".item" forms) do not exist here.
  const std::optional<CombatAttacker>& assist = knock_off.attacker;
  const std::optional<CombatAttacker>& killer = killing_blow.attacker;
  if (assist && assist != killer) return DeathMessage{"death.fell.assist", assist};
  if (killer) return DeathMessage{"death.fell.finish", killer};
  return DeathMessage{"death.fell.killer", std::nullopt};
}

DeathMessage CombatTracker::death_message(const std::optional<CombatAttacker>& kill_credit) const {
  if (entries_.empty()) return DeathMessage{"death.attack.generic", std::nullopt};
  const Entry& killing_blow = entries_.back();
  const Entry* knock_off = most_significant_fall();
  if (damage_type(killing_blow.kind).is_fall && knock_off != nullptr) {
    // getFallMessage: a fall started by a fall is an accident.
    if (damage_type(knock_off->kind).is_fall) return DeathMessage{"death.fell.accident.generic", std::nullopt};
    return assisted_fall_message(*knock_off, killing_blow);
  }
  // DamageSource.getLocalizedDeathMessage names the causing entity of a damage that has one, and
  // for one without an entity the kill credit, if any, with ".player".
  const std::string key = "death.attack." + std::string(damage_type(killing_blow.kind).message_id);
  if (killing_blow.attacker || !kill_credit) return DeathMessage{key, killing_blow.attacker};
  return DeathMessage{key + ".player", kill_credit};
}

uint64_t CombatTracker::hash() const {
  Hasher h;
  for (const Entry& e : entries_) {
    h.u64(static_cast<uint64_t>(e.kind)), h.f32(e.damage), h.f32(e.fall_distance);
    if (e.attacker) h.str(e.attacker->type), h.str(e.attacker->name), h.u64(e.attacker->player);
  }
  h.i64(last_damage_tick_), h.u64(taking_damage_), h.u64(in_combat_), h.i64(combat_start_tick_);
  return h.digest();
}

}  // namespace hz
