#include "sim/game/survival/combat_tracker.h"

#include "sim/core/hash.h"

namespace hz {

namespace {
constexpr float kSignificantFall = 5.0f;
}  // namespace

void CombatTracker::record(DamageCause kind, float damage, double fall_distance, int tick_count,
                           std::string_view attacker_type, std::string_view attacker_name) {
  recheck(true, tick_count);
  entries_.push_back(Entry{kind, damage, static_cast<float>(fall_distance), std::string(attacker_type),
                           std::string(attacker_name)});
  last_damage_tick_ = tick_count;
  taking_damage_ = true;
}

void CombatTracker::recheck(bool alive, int tick_count) {
  if (!taking_damage_) return;
  if (alive && tick_count - last_damage_tick_ <= kResetDamageStatusTicks) return;
  taking_damage_ = false;
  entries_.clear();
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

std::string CombatTracker::death_message_key() const {
  if (entries_.empty()) return "death.attack.generic";
  const Entry& killing_blow = entries_.back();
  const Entry* knock_off = most_significant_fall();
  if (damage_type(killing_blow.kind).is_fall && knock_off != nullptr) {
    // getFallMessage: a fall started by a fall is an accident; one started by anything else,
    // with no attacker to name, is "death.fell.killer".
    if (damage_type(knock_off->kind).is_fall) return "death.fell.accident.generic";
    return "death.fell.killer";
  }
  return "death.attack." + std::string(damage_type(killing_blow.kind).message_id);
}

uint64_t CombatTracker::hash() const {
  Hasher h;
  for (const Entry& e : entries_) {
    h.u64(static_cast<uint64_t>(e.kind)), h.f32(e.damage), h.f32(e.fall_distance);
    if (!e.attacker_type.empty()) h.str(e.attacker_type);
  }
  h.i64(last_damage_tick_), h.u64(taking_damage_);
  return h.digest();
}

}  // namespace hz
