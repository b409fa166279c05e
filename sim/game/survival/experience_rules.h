// Experience (docs/rules/experience.md): the values orbs are split into, the points a mob is worth
// when a player kills it, and a player's level and progress as points are added. Pure rules; the
// orbs themselves are sim/game/entities/experience_orbs.h.
#pragma once

#include <vector>

#include "sim/core/rng.h"

namespace hz::experience {

// ExperienceOrb.getExperienceValue: the largest orb size not above `max_value` (1 at least).
int orb_value(int max_value);
// ExperienceOrb.award: the orb values `amount` points become, largest first.
std::vector<int> split_into_orbs(int amount);

// Player.getXpNeededForNextLevel.
int points_for_next_level(int level);

// A player's experience (experienceLevel, experienceProgress, totalExperience).
struct Experience {
  int level = 0;
  float progress = 0;
  int total = 0;
  template <class Io>
  void state_fields(Io& io) {
    io(level, progress, total);
  }
};
// Player.giveExperiencePoints (points may be negative).
void give_points(Experience& xp, int points);
// Player.giveExperienceLevels: saturating; below level 0 everything resets to 0.
void give_levels(Experience& xp, int levels);
// ServerPlayer.setExperiencePoints: the progress becomes `points` of the current level's need,
// kept below a whole level; level and total stay.
void set_points(Experience& xp, int points);
// /experience query points: the points into the current level, floor(progress × need).
int points_in_level(const Experience& xp);

// Mending's repair_with_xp effect: an orb's points repair twice as many durability points
// (EnchantmentHelper.modifyDurabilityToRepairFromXp: the float product truncated, never below 0).
int mending_repair_points(int points);

// Mob.getBaseExperienceReward: animals 1 + nextInt(3); monsters 5 plus 1 + nextInt(3) for each
// equipment slot holding an item (a skeleton's bow). Draws only what it uses.
int mob_reward(bool animal, int equipped_items, Rng& random);

}  // namespace hz::experience
