// The hits a player took recently and the death message they add up to (vanilla's CombatTracker,
// docs/rules/health.md §7.1), for the damage types Horizon deals: none has an attacker, and no
// climbable or water fall location is recorded yet, so every significant fall is "generic".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/game/survival/damage_rules.h"

namespace hz {

class CombatTracker {
 public:
  // Entries are forgotten this many ticks after the last hit (out of combat; nothing starts one).
  static constexpr int kResetDamageStatusTicks = 100;

  // recordDamage: `fall_distance` is the player's at the time of the hit.
  void record(DamageCause kind, float damage, double fall_distance, int tick_count);
  // recheckStatus: forgets the entries once the player is dead or the last hit is old.
  void recheck(bool alive, int tick_count);
  // getDeathMessage's translation key ("death.attack.fall", "death.fell.accident.generic", ...);
  // its one argument is the player's name.
  std::string death_message_key() const;
  bool empty() const { return entries_.empty(); }
  uint64_t hash() const;

 private:
  struct Entry {
    DamageCause kind;
    float damage;
    float fall_distance;
  };
  // getMostSignificantFall: the entry that started the biggest fall over 5 blocks, if any.
  const Entry* most_significant_fall() const;

  std::vector<Entry> entries_;
  int last_damage_tick_ = 0;
  bool taking_damage_ = false;
};

}  // namespace hz
