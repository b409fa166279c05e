// Spiders (docs/rules/mobs.md §11): LeapAtTargetGoal, the light rules of SpiderAttackGoal and
// SpiderTargetGoal, and WallClimberNavigation's straight approach once a path runs out; the
// climbing itself (the climbing flag and onClimbable movement) is in mob_physics.
#pragma once

#include "sim/core/rng.h"
#include "sim/game/mobs/mob.h"
#include "sim/game/mobs/mob_ai.h"

namespace hz::spider {

// LeapAtTargetGoal(mob, 0.4): the leap's upward speed and horizontal push.
inline constexpr float kLeapUp = 0.4f;
inline constexpr double kLeapPush = 0.4;
// SpiderAttackGoal and SpiderTargetGoal: light at or above this brightness calms a spider.
inline constexpr float kCalmBrightness = 0.5f;
// Spiders stroll slower (WaterAvoidingRandomStrollGoal(this, 0.8)).
inline constexpr double kStrollSpeed = 0.8;

bool is_spider(const Mob& mob);

// LeapAtTargetGoal.
bool leap_can_use(Mob& mob, MobWorld& world);
bool leap_can_continue(const Mob& mob);
void leap_start(Mob& mob, MobWorld& world);

// SpiderAttackGoal.canContinueToUse: in light, one chance in 100 per check to give up the target.
// True when the spider gives up (its target is then cleared).
bool calmed_by_light(Mob& mob, MobWorld& world);
// SpiderTargetGoal.canUse: no new target in light (no draw made).
bool too_bright_to_target(const MobWorld& world);

// WallClimberNavigation: every path request remembers its target block; with no path left the
// move control is aimed straight at it until the spider is within its width of the block's centre.
void remember_target(Mob& mob, const NodePos& target);
void tick_wall_climber(Mob& mob);

}  // namespace hz::spider
