// A mob's body each tick (docs/rules/mobs.md §2): LivingEntity.aiStep's movement parts around the
// AI (velocity snapping, jumping, travel on land and in water) and Entity.move with step-up, using
// the collision code players use.
#pragma once

#include <optional>

#include "sim/game/mobs/mob.h"
#include "sim/game/movement/block_source.h"

namespace hz::mob_physics {

inline constexpr double kGravity = 0.08;
inline constexpr float kVerticalDrag = 0.98f;
inline constexpr float kAirFriction = 0.91f;
inline constexpr float kJumpPower = 0.42f;
inline constexpr int kJumpDelay = 10;
inline constexpr float kFlyingSpeed = 0.02f;   // LivingEntity.getFlyingSpeed
inline constexpr float kWaterSlowDown = 0.8f;
inline constexpr float kWaterSpeed = 0.02f;

// A landing (Entity.checkFallDamage): how far the mob fell and the block it landed on, which the
// mob system turns into the block's fallOn and fall damage.
struct Landing {
  double fall_distance = 0.0;
  BlockPos on_pos;  // getOnPosLegacy without a supporting block: 0.2 below the feet
  BlockStateId on_block = 0;
};

// The part of aiStep before the AI runs: the jump delay counts down and tiny velocities snap to 0.
void before_ai(Mob& mob);
// What one Entity.move did: the collided movement, the landing, and the step sound's decision
// (docs/rules/sounds.md §6) with a stroke's volume.
struct MoveOutcome {
  Vec3 moved;
  std::optional<Landing> landing;
  StepResult step;
  float swim_volume = 0.0f;
};
// The part after: the jump (from the ground or up in water) and travel, with its move's outcome.
MoveOutcome after_ai(Mob& mob, const BlockSource& blocks);
// LivingEntity.travel for (xxa, 0, zza) on land or in water.
MoveOutcome travel(Mob& mob, const BlockSource& blocks);
// Entity.move(SELF): the collided movement with step-up, collision flags, on-ground and the fall.
MoveOutcome move(Mob& mob, const Vec3& delta, const BlockSource& blocks);
// Entity.getInputVector: `input` (normalised when longer than 1) times `speed`, turned by yaw.
Vec3 input_vector(const Vec3& input, float speed, float yaw);
// How deep the mob's feet are in water (0 when not in water), and whether it is in water.
double water_height(const Mob& mob, const BlockSource& blocks);
// Whether the mob's box (shrunk by 1e-7) is free of collisions at `p`.
bool fits_at(const Mob& mob, const Vec3& p, const BlockSource& blocks);

}  // namespace hz::mob_physics
