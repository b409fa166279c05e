// The hits a player took recently and the death message they add up to (vanilla's CombatTracker,
// docs/rules/health.md §7.1), for the damage types Horizon deals: none has an attacker, and no
// climbable or water fall location is recorded yet, so every significant fall is "generic".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/game/survival/damage_rules.h"

namespace hz {

class CombatTracker {
 public:
  // Entries are forgotten this many ticks after the last hit (out of combat; nothing starts one).
  static constexpr int kResetDamageStatusTicks = 100;

  // recordDamage: `fall_distance` is the player's at the time of the hit; `attacker_type` names
  // the mob that caused it ("zombie"), empty for none.
  void record(DamageCause kind, float damage, double fall_distance, int tick_count,
              std::string_view attacker_type = {}, std::string_view attacker_name = {});
  // recheckStatus: forgets the entries once the player is dead or the last hit is old.
  void recheck(bool alive, int tick_count);
  // getDeathMessage's translation key ("death.attack.fall", "death.fell.accident.generic", ...);
  // its one argument is the player's name.
  std::string death_message_key() const;
  // The mob type that dealt the killing blow ("zombie"; empty for none): the message's second argument.
  std::string killer_type() const { return entries_.empty() ? std::string() : entries_.back().attacker_type; }
  // Its English name ("Zombie"), for the server log.
  std::string killer_name() const { return entries_.empty() ? std::string() : entries_.back().attacker_name; }
  bool empty() const { return entries_.empty(); }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(entries_, last_damage_tick_, taking_damage_);
  }

 private:
  struct Entry {
    DamageCause kind;
    float damage;
    float fall_distance;
    std::string attacker_type;
    std::string attacker_name;
    template <class Io>
    void state_fields(Io& io) {
      io(kind, damage, fall_distance, attacker_type, attacker_name);
    }
  };
  // getMostSignificantFall: the entry that started the biggest fall over 5 blocks, if any.
  const Entry* most_significant_fall() const;

  std::vector<Entry> entries_;
  int last_damage_tick_ = 0;
  bool taking_damage_ = false;
};

}  // namespace hz
