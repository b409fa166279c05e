// The combat tracker (docs/rules/health.md §7.1) against a restatement of vanilla's CombatTracker:
// random hits, waits and deaths give the same combat entries and exits and the same death
// messages, with fixed cases for the assisted fall and the 300-tick combat window.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "sim/game/survival/combat_tracker.h"

namespace hz {
namespace {

// CombatTracker restated with vanilla's names: entries of (source, damage, fall distance, causing
// entity), no fall locations.
struct ReferenceTracker {
  struct Entry {
    DamageCause kind;
    float damage;
    float fall;
    std::optional<CombatAttacker> entity;
  };
  std::vector<Entry> entries;
  int last_damage_time = 0, combat_start = 0;
  bool in_combat = false, taking_damage = false;

  bool record_damage(DamageCause kind, float damage, float fall, int tick, bool alive,
                     std::optional<CombatAttacker> entity) {
    recheck_status(tick, true);
    entries.push_back(Entry{kind, damage, fall, entity});
    last_damage_time = tick;
    taking_damage = true;
    if (!in_combat && alive && entity) {
      in_combat = true;
      combat_start = tick;
      return true;
    }
    return false;
  }
  std::optional<int> recheck_status(int tick, bool alive) {
    const int reset = in_combat ? 300 : 100;
    if (taking_damage && (!alive || tick - last_damage_time > reset)) {
      const bool was = in_combat;
      taking_damage = in_combat = false;
      entries.clear();
      if (was) return tick - combat_start;
    }
    return std::nullopt;
  }
  static bool is_fall(DamageCause kind) { return kind == DamageCause::kFall; }
  const Entry* most_significant_fall() const {
    const Entry* result = nullptr;
    float best = 0.0f;
    for (size_t i = 0; i < entries.size(); ++i) {
      const Entry& e = entries[i];
      if (is_fall(e.kind) && e.fall > 0.0f && (result == nullptr || e.fall > best)) {
        result = i > 0 ? &entries[i - 1] : &e;
        best = e.fall;
      }
    }
    return best > 5.0f && result != nullptr ? result : nullptr;
  }
  DeathMessage death_message(const std::optional<CombatAttacker>& credit) const {
    if (entries.empty()) return {"death.attack.generic", std::nullopt};
    const Entry& killing = entries.back();
    const Entry* knock_off = most_significant_fall();
    if (is_fall(killing.kind) && knock_off != nullptr) {
      if (is_fall(knock_off->kind)) return {"death.fell.accident.generic", std::nullopt};
      const std::optional<CombatAttacker>& killer = killing.entity;
      const std::optional<CombatAttacker>& attacker = knock_off->entity;
      if (attacker && !(killer && killer->name == attacker->name && killer->type == attacker->type &&
                        killer->player == attacker->player))
        return {"death.fell.assist", attacker};
      if (killer) return {"death.fell.finish", killer};
      return {"death.fell.killer", std::nullopt};
    }
    const std::string key = "death.attack." + std::string(damage_type(killing.kind).message_id);
    if (!killing.entity && credit) return {key + ".player", credit};
    return {key, killing.entity};
  }
};

const std::vector<std::optional<CombatAttacker>>& attackers() {
  static const std::vector<std::optional<CombatAttacker>> all = {
      std::nullopt, CombatAttacker{"zombie", "Zombie", false}, CombatAttacker{"skeleton", "Skeleton", false},
      CombatAttacker{"", "Alice", true}};
  return all;
}

RC_GTEST_PROP(CombatTrackerModel, AgreesWithVanillasTrackerOnRandomHitsWaitsAndDeaths, ()) {
  CombatTracker tracker;
  ReferenceTracker reference;
  int tick = 0;
  const int steps = *rc::gen::inRange(1, 40);
  for (int step = 0; step < steps; ++step) {
    tick += *rc::gen::element(0, 1, 5, 20, 99, 100, 101, 150, 299, 300, 301);
    const int action = *rc::gen::inRange(0, 4);
    if (action < 3) {
      const DamageCause kind = *rc::gen::element(DamageCause::kFall, DamageCause::kMobAttack, DamageCause::kArrow,
                                                 DamageCause::kPlayerAttack, DamageCause::kStarve, DamageCause::kGeneric);
      const float damage = static_cast<float>(*rc::gen::inRange(1, 10));
      const float fall = static_cast<float>(*rc::gen::inRange(0, 12));
      std::optional<CombatAttacker> entity = attackers()[static_cast<size_t>(*rc::gen::inRange(0, 4))];
      if (kind == DamageCause::kFall || kind == DamageCause::kStarve || kind == DamageCause::kGeneric) entity.reset();
      const bool alive = *rc::gen::element(true, true, true, false);
      const bool entered = tracker.record(kind, damage, fall, tick, alive, entity ? &*entity : nullptr);
      RC_ASSERT(entered == reference.record_damage(kind, damage, fall, tick, alive, entity));
    } else {
      const bool alive = action == 3;
      RC_ASSERT(tracker.recheck(alive, tick) == reference.recheck_status(tick, alive));
    }
    RC_ASSERT(tracker.in_combat() == reference.in_combat);
    const std::optional<CombatAttacker> credit = attackers()[static_cast<size_t>(*rc::gen::inRange(0, 4))];
    const DeathMessage got = tracker.death_message(credit), want = reference.death_message(credit);
    RC_ASSERT(got.key == want.key);
    RC_ASSERT(got.attacker == want.attacker);
  }
}

TEST(CombatTracker, AFallAfterAZombiesHitIsAnAssistedFall) {
  CombatTracker t;
  const CombatAttacker zombie{"zombie", "Zombie", false};
  EXPECT_TRUE(t.record(DamageCause::kMobAttack, 3.0f, 0.0, 10, true, &zombie));
  EXPECT_FALSE(t.record(DamageCause::kFall, 8.0f, 11.0, 40, true));
  const DeathMessage m = t.death_message(CombatAttacker{"", "Alice", true});  // the fall has its own names
  EXPECT_EQ(m.key, "death.fell.assist");
  ASSERT_TRUE(m.attacker.has_value());
  EXPECT_EQ(m.attacker->name, "Zombie");
}

TEST(CombatTracker, CombatLastsThreeHundredTicksAfterTheLastHit) {
  CombatTracker t;
  const CombatAttacker alice{"", "Alice", true};
  t.record(DamageCause::kPlayerAttack, 1.0f, 0.0, 100, true, &alice);
  EXPECT_EQ(t.recheck(true, 400), std::nullopt);  // 300 ticks: still in combat
  EXPECT_TRUE(t.in_combat());
  EXPECT_EQ(t.recheck(true, 401), std::optional<int>(301));
  EXPECT_FALSE(t.in_combat());
  EXPECT_TRUE(t.empty());
  // Out of combat, entries go after 100 ticks and nothing is told.
  t.record(DamageCause::kFall, 2.0f, 4.0, 500, true);
  EXPECT_EQ(t.recheck(true, 601), std::nullopt);
  EXPECT_TRUE(t.empty());
}

}  // namespace
}  // namespace hz
