// Experience rules (docs/rules/experience.md) against references restated in the test: orb sizes
// by a table walk, the split of an award, points per level from the wiki-style piecewise formula,
// a player's level and progress by a step-by-step reference, and mob rewards.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "sim/game/survival/experience_rules.h"

namespace hz {
namespace {

// Reference: the biggest of the sizes not above v.
int reference_orb(int v) {
  int best = 1;
  for (int size : {3, 7, 17, 37, 73, 149, 307, 617, 1237, 2477})
    if (v >= size) best = size;
  return best;
}

TEST(Experience, OrbValuesFollowTheSizeSteps) {
  for (int v = -3; v < 3000; ++v) ASSERT_EQ(experience::orb_value(v), reference_orb(v)) << v;
  EXPECT_EQ(experience::split_into_orbs(5), (std::vector<int>{3, 1, 1}));
  EXPECT_EQ(experience::split_into_orbs(10), (std::vector<int>{7, 3}));
  EXPECT_TRUE(experience::split_into_orbs(0).empty());
  for (int amount : {1, 2, 5, 6, 11, 100, 1000, 5000}) {
    const std::vector<int> orbs = experience::split_into_orbs(amount);
    EXPECT_EQ(std::accumulate(orbs.begin(), orbs.end(), 0), amount) << amount;
    for (size_t i = 1; i < orbs.size(); ++i) EXPECT_LE(orbs[i], orbs[i - 1]);
  }
}

TEST(Experience, LevelsAndProgressMatchAStepByStepReference) {
  // Points to go from level L to L+1: 2L + 7 below 16, 5L − 38 from 16 to 30, 9L − 158 from 31 on
  // (the same rule written from the next level's side).
  auto needed = [](int level) {
    const int next = level + 1;
    if (next <= 16) return 2 * level + 7;
    if (next <= 31) return 5 * level - 38;
    return 9 * level - 158;
  };
  for (int level = 0; level < 60; ++level) ASSERT_EQ(experience::points_for_next_level(level), needed(level)) << level;
  // Total points for a level (sum of the steps): 7 levels need 7+9+...+19 = 91 points.
  experience::Experience xp;
  experience::give_points(xp, 91);
  EXPECT_EQ(xp.level, 7);
  EXPECT_NEAR(xp.progress, 0.0f, 1e-5f);  // float steps leave a crumb, as in vanilla
  EXPECT_EQ(xp.total, 91);
  // Orb by orb: level and progress as floats the way the player counts them.
  experience::Experience a;
  int level = 0, into = 0;
  for (int orb : {1, 3, 7, 17, 37, 1, 1, 73, 149}) {
    experience::give_points(a, orb);
    into += orb;
    while (into >= needed(level)) into -= needed(level), ++level;
    ASSERT_EQ(a.level, level);
    ASSERT_NEAR(a.progress * static_cast<float>(needed(level)), static_cast<float>(into), 1e-2f);
  }
  // Taking points away goes back down; below zero everything is reset.
  experience::give_points(a, -a.total - 5);
  EXPECT_EQ(a.level, 0);
  EXPECT_EQ(a.total, 0);
}

TEST(Experience, MobRewards) {
  Rng r{1}, ref{1};
  for (int i = 0; i < 50; ++i) {
    const int animal = experience::mob_reward(true, 0, r);
    EXPECT_EQ(animal, 1 + static_cast<int>(ref.next_below(3)));
    EXPECT_EQ(experience::mob_reward(false, 0, r), 5);
    const int skeleton = experience::mob_reward(false, 1, r);
    EXPECT_EQ(skeleton, 6 + static_cast<int>(ref.next_below(3)));
  }
}

}  // namespace
}  // namespace hz
