// Skeletons (docs/rules/mobs.md §7): RangedBowAttackGoal (see time, strafing, drawing the bow,
// the attack interval by difficulty) and the arrow a shot launches (performRangedAttack).
#pragma once

#include "sim/core/properties.h"
#include "sim/core/rng.h"
#include "sim/game/mobs/mob.h"
#include "sim/game/mobs/mob_ai.h"

namespace hz::skeleton {

// RangedBowAttackGoal(mob, 1.0, interval, 15.0): its speed modifier and attack radius.
inline constexpr double kBowSpeedModifier = 1.0;
inline constexpr float kAttackRadius = 15.0f;
// Ticks a bow is drawn before it is released (and the see time that starts strafing).
inline constexpr int kDrawTicks = 20;

// AbstractSkeleton.reassessWeaponGoal: 20 ticks between shots on hard, 40 otherwise.
int attack_interval(Difficulty difficulty);

// What performRangedAttack computes for a shot (before the arrow exists).
struct ArrowShot {
  Vec3 position;     // the mob's eyes less 0.1
  Vec3 velocity;     // Projectile.getMovementToShoot
  float yaw = 0, pitch = 0;
  double base_damage = 2.0;
};
// A shot from a mob with eyes at `eye_y` toward a target standing at `target` with height
// `target_height`, with the bow's `power` on `difficulty`. Draws from `random` in vanilla's order:
// the base damage's triangle, then the three inaccuracy triangles.
ArrowShot aim(const Vec3& mob_position, double eye_y, const Vec3& target, double target_height, float power,
              Difficulty difficulty, Rng& random);

// RangedBowAttackGoal as mob_ai's selector calls it.
bool can_use(Mob& mob, MobWorld& world);
bool can_continue(Mob& mob, MobWorld& world);
void start(Mob& mob);
void stop(Mob& mob);
void tick(Mob& mob, MobWorld& world);
// LivingEntity.updatingUsingItem: the ticks the bow has been drawn count up.
void tick_using_item(Mob& mob);

}  // namespace hz::skeleton
