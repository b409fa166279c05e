// The hits a player took recently, whether it is in combat, and the death message they add up to
// (vanilla's CombatTracker, docs/rules/health.md §7.1). No climbable or water fall location is
// recorded yet, so every significant fall is "generic".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/game/survival/damage_rules.h"

namespace hz {

// The living entity that caused a hit: a mob, named by its type's translation key, or a player.
struct CombatAttacker {
  std::string type;  // "zombie"; empty for a player
  std::string name;  // the English name ("Zombie") or the player's name
  bool player = false;
  bool operator==(const CombatAttacker&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(type, name, player);
  }
};

// getDeathMessage: the translation key ("death.attack.fall", "death.fell.assist", ...), whose
// first argument is the dying player's name, and the entity named as the second, if any.
struct DeathMessage {
  std::string key;
  std::optional<CombatAttacker> attacker;
};

class CombatTracker {
 public:
  // Entries are forgotten this many ticks after the last hit; in combat (hit by a living entity)
  // the tracker waits longer before it forgets them and leaves combat.
  static constexpr int kResetDamageStatusTicks = 100;
  static constexpr int kResetCombatStatusTicks = 300;

  // recordDamage: `fall_distance` is the player's at the time of the hit, `alive` whether it was
  // alive before the hit. True when the hit starts combat (its cause is a living entity), which
  // vanilla tells the player with enter_combat_event.
  bool record(DamageCause kind, float damage, double fall_distance, int tick_count, bool alive,
              const CombatAttacker* attacker = nullptr);
  // recheckStatus: forgets the entries once the player is dead or the last hit is old. When that
  // ends combat, the combat's duration in ticks (for end_combat_event).
  std::optional<int> recheck(bool alive, int tick_count);
  // `kill_credit` (LivingEntity.getKillCredit) names the killer of a death by a source without an
  // entity: "death.attack.fall.player".
  DeathMessage death_message(const std::optional<CombatAttacker>& kill_credit = std::nullopt) const;
  bool empty() const { return entries_.empty(); }
  bool in_combat() const { return in_combat_; }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(entries_, last_damage_tick_, taking_damage_, in_combat_, combat_start_tick_);
  }

 private:
  struct Entry {
    DamageCause kind;
    float damage;
    float fall_distance;
    std::optional<CombatAttacker> attacker;
    template <class Io>
    void state_fields(Io& io) {
      io(kind, damage, fall_distance, attacker);
    }
  };
  // getMostSignificantFall: the entry that started the biggest fall over 5 blocks, if any.
  const Entry* most_significant_fall() const;
  // getFallMessage for a knock-off entry that was no fall itself.
  DeathMessage assisted_fall_message(const Entry& knock_off, const Entry& killing_blow) const;

  std::vector<Entry> entries_;
  int last_damage_tick_ = 0;
  bool taking_damage_ = false;
  bool in_combat_ = false;
  int combat_start_tick_ = 0;
};

}  // namespace hz
