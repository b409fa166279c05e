#include "sim/game/movement/player_physics.h"

#include <algorithm>
#include <cmath>

#include "sim/core/java_format.h"
#include "sim/core/java_math.h"
#include "sim/game/movement/block_motion.h"

namespace hz {

namespace {

constexpr double kGravity = 0.08;        // the gravity attribute's default
constexpr float kJumpStrength = 0.42f;   // the jump_strength attribute's default, read as a float

BlockStateId block_at(const MoveWorld& world, double x, double y, double z) {
  return world.blocks.block(java_floor(x), java_floor(y), java_floor(z));
}

BlockStateId feet_block(const PlayerBody& body, const MoveWorld& world) {
  return block_at(world, body.position.x, body.position.y, body.position.z);
}

BlockStateId block_below_affecting_movement(const PlayerBody& body, const MoveWorld& world) {
  return block_at(world, body.position.x, body.position.y - static_cast<double>(0.500001f), body.position.z);
}

bool on_climbable(const PlayerBody& body, const MoveWorld& world, bool spectator) {
  return !spectator && block_motion(feet_block(body, world)).climbable;
}

// Whether any block touching the box (shrunk by 0.001) holds water, or is lava.
struct LiquidContact {
  bool water = false;
  bool lava = false;
};
LiquidContact liquids_touching(const Aabb& box, const MoveWorld& world) {
  LiquidContact c;
  const Aabb b = box.deflate(0.001);
  for (int x = java_floor(b.min_x); x <= java_floor(b.max_x); ++x)
    for (int y = java_floor(b.min_y); y <= java_floor(b.max_y); ++y)
      for (int z = java_floor(b.min_z); z <= java_floor(b.max_z); ++z) {
        const BlockStateId s = world.blocks.block(x, y, z);
        c.water = c.water || is_water(s);
        c.lava = c.lava || block_motion(s).lava;
      }
  return c;
}

// LivingEntity.getFluidFallingAdjustedMovement with the default gravity.
Vec3 fluid_falling_adjusted(const PlayerBody& body, bool falling, Vec3 v) {
  if (body.sprinting) return v;
  const double sink = kGravity / 16.0;
  if (falling && std::abs(v.y - 0.005) >= 0.003 && std::abs(v.y - sink) < 0.003) v.y = -0.003;
  else v.y = v.y - sink;
  return v;
}

void travel_in_water(PlayerBody& body, const MoveWorld& world, bool spectator) {
  const bool falling = body.velocity.y <= 0.0;
  const float slow_down = body.sprinting ? 0.9f : 0.8f;
  move_player(body, MoverType::kSelf, body.velocity, world);
  Vec3 v = body.velocity;
  if (body.horizontal_collision && on_climbable(body, world, spectator)) v.y = 0.2;
  v = Vec3{v.x * static_cast<double>(slow_down), v.y * static_cast<double>(0.8f), v.z * static_cast<double>(slow_down)};
  body.velocity = fluid_falling_adjusted(body, falling, v);
}

void travel_in_lava(PlayerBody& body, const MoveWorld& world) {
  const bool falling = body.velocity.y <= 0.0;
  move_player(body, MoverType::kSelf, body.velocity, world);
  const Vec3 v = body.velocity;
  body.velocity = fluid_falling_adjusted(body, falling, Vec3{v.x * 0.5, v.y * static_cast<double>(0.8f), v.z * 0.5});
  body.velocity.y += -kGravity / 4.0;
}

// LivingEntity.handleOnClimbable.
Vec3 clamp_on_climbable(PlayerBody& body, const MoveWorld& world, bool spectator, Vec3 v) {
  if (!on_climbable(body, world, spectator)) return v;
  body.fall_distance = 0.0;
  const double limit = static_cast<double>(0.15f);
  v.x = std::clamp(v.x, -limit, limit);
  v.z = std::clamp(v.z, -limit, limit);
  v.y = std::max(v.y, -limit);
  if (v.y < 0.0 && !is_scaffolding(feet_block(body, world)) && body.shift_key_down) v.y = 0.0;
  return v;
}

void travel_in_air(PlayerBody& body, const MoveWorld& world, bool spectator) {
  const float block_friction = body.on_ground ? block_motion(block_below_affecting_movement(body, world)).friction : 1.0f;
  const float friction = block_friction * 0.91f;
  body.velocity = clamp_on_climbable(body, world, spectator, body.velocity);
  move_player(body, MoverType::kSelf, body.velocity, world);
  Vec3 v = body.velocity;
  if (body.horizontal_collision && on_climbable(body, world, spectator)) v.y = 0.2;
  const double vy = v.y - kGravity;
  body.velocity = Vec3{v.x * static_cast<double>(friction), vy * static_cast<double>(0.98f), v.z * static_cast<double>(friction)};
}

// Blocks the player is inside slow its next move (cobwebs, berry bushes, powder snow).
void apply_effects_from_blocks(PlayerBody& body, const MoveWorld& world) {
  if (body.flying || body.no_physics) return;
  const Aabb b = body.box.deflate(1.0e-5);
  const bool in_powder_snow = block_motion(feet_block(body, world)).stuck == Stuck::kPowderSnow;
  for (int x = java_floor(b.min_x); x <= java_floor(b.max_x); ++x)
    for (int y = java_floor(b.min_y); y <= java_floor(b.max_y); ++y)
      for (int z = java_floor(b.min_z); z <= java_floor(b.max_z); ++z) {
        const Stuck stuck = block_motion(world.blocks.block(x, y, z)).stuck;
        if (stuck == Stuck::kNone || (stuck == Stuck::kPowderSnow && !in_powder_snow)) continue;
        body.fall_distance = 0.0;
        body.stuck_multiplier = stuck_multiplier(stuck);
      }
}

}  // namespace

bool pose_fits(const PlayerBody& body, Pose pose, const MoveWorld& world) {
  return player_no_collision(body, make_player_box(body.position, pose).deflate(1.0e-7), world);
}

void update_pose(PlayerBody& body, const MoveWorld& world, bool spectator) {
  if (!pose_fits(body, Pose::kSwimming, world)) return;
  Pose wanted = Pose::kStanding;
  if (body.fall_flying) wanted = Pose::kFallFlying;
  else if (body.shift_key_down && !body.flying) wanted = Pose::kCrouching;
  if (!spectator && !pose_fits(body, wanted, world))
    wanted = pose_fits(body, Pose::kCrouching, world) ? Pose::kCrouching : Pose::kSwimming;
  body.set_pose(wanted);
}

void jump_from_ground(PlayerBody& body, const MoveWorld& world) {
  const float here = block_motion(feet_block(body, world)).jump_factor;
  const float factor =
      static_cast<double>(here) == 1.0 ? block_motion(block_below_affecting_movement(body, world)).jump_factor : here;
  const float power = kJumpStrength * 1.0f * factor;
  if (power <= 1.0e-5f) return;
  body.velocity.y = std::max(static_cast<double>(power), body.velocity.y);
  if (body.sprinting) {
    const float angle = body.yaw * (static_cast<float>(M_PI) / 180.0f);
    body.velocity.x += static_cast<double>(-table_sin(angle)) * 0.2;
    body.velocity.z += static_cast<double>(table_cos(angle)) * 0.2;
  }
  body.needs_sync = true;
}

void tick_player_physics(PlayerBody& body, const MoveWorld& world, bool spectator) {
  body.no_physics = spectator;
  if (spectator) body.on_ground = false;
  if (body.flying) body.fall_distance = 0.0;
  Vec3& v = body.velocity;
  if (horizontal_length_sqr(v) < 9.0e-6) v.x = 0.0, v.z = 0.0;
  if (std::abs(v.y) < 0.003) v.y = 0.0;

  const LiquidContact liquid = liquids_touching(body.box, world);
  if (liquid.water) body.fall_distance = 0.0;
  const double original_y = body.velocity.y;
  if (liquid.water) travel_in_water(body, world, spectator);
  else if (liquid.lava) travel_in_lava(body, world);
  else travel_in_air(body, world, spectator);
  if (body.flying) body.velocity.y = original_y * 0.6;  // Player.travel damps flying players
  apply_effects_from_blocks(body, world);
  body.head_yaw = body.yaw;
  update_pose(body, world, spectator);
}

}  // namespace hz
