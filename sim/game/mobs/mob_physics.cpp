#include "sim/game/mobs/mob_physics.h"

#include <algorithm>
#include <cmath>

#include "sim/core/java_format.h"
#include "sim/core/java_math.h"
#include "sim/game/blocks/directions.h"
#include "sim/game/movement/block_motion.h"
#include "sim/game/movement/entity_move.h"
#include "sim/game/movement/world_collisions.h"

namespace hz::mob_physics {

namespace {

constexpr double kSnap = 0.003;  // LivingEntity.aiStep: smaller velocities become 0
// A water source or falling water fills 8/9 of its block (FlowingFluid.getHeight, simplified to sources).
constexpr double kWaterSurface = 8.0 / 9.0;

BlockStateId block_at(const BlockSource& blocks, double x, double y, double z) {
  return blocks.block(java_floor(x), java_floor(y), java_floor(z));
}

// A PlayerBody carrying the mob's box, so the players' collide-and-step code serves the mob.
PlayerBody body_of(const Mob& mob) {
  PlayerBody body;
  body.position = mob.position;
  body.box = mob.box();
  body.velocity = mob.velocity;
  body.on_ground = mob.on_ground;
  return body;
}

const WorldBorder& no_border() {
  static const WorldBorder border;
  return border;
}

// Entity.getBlockSpeedFactor.
double speed_factor(const Mob& mob, const BlockSource& blocks) {
  const BlockMotion& here = block_motion(block_at(blocks, mob.position.x, mob.position.y, mob.position.z));
  if (here.water_block || here.speed_factor != 1.0f) return static_cast<double>(here.speed_factor);
  return static_cast<double>(
      block_motion(block_at(blocks, mob.position.x, mob.position.y - as_float(0.500001), mob.position.z)).speed_factor);
}

// Block.updateEntityMovementAfterFallOn for a living entity.
void after_fall_on(Mob& mob, const BlockSource& blocks) {
  const Bounce bounce = block_motion(block_at(blocks, mob.position.x, mob.position.y - as_float(0.2), mob.position.z)).bounce;
  Vec3& v = mob.velocity;
  if (bounce == Bounce::kNone) v.y = v.y * 0.0;
  else if (v.y < 0.0) v.y = bounce == Bounce::kSlime ? -v.y : -v.y * as_float(0.66);
}

// The friction of the block under the feet (getBlockPosBelowThatAffectsMyMovement).
float block_friction(const Mob& mob, const BlockSource& blocks) {
  return block_motion(block_at(blocks, mob.position.x, mob.position.y - as_float(0.500001), mob.position.z)).friction;
}

// LivingEntity.checkFallDamage: water met by the move stops the fall (updateFluidInteraction
// resets the distance); then Entity.checkFallDamage adds the fall, as a float, and a landing
// reports it and starts afresh.
std::optional<Landing> check_fall(Mob& mob, double moved_y, const BlockSource& blocks) {
  MobState& s = mob.state;
  // Without a fall to stop or add to, the water check changes nothing this tick (the tick's
  // own water check comes before the next move): a mob at rest skips the block lookups.
  if (s.fall_distance == 0.0 && moved_y >= 0.0) return std::nullopt;
  if (!s.in_water && water_height(mob, blocks) > 0.0) {
    s.in_water = true;
    s.fall_distance = 0.0;
  }
  if (!s.in_water && moved_y < 0.0) s.fall_distance -= static_cast<double>(static_cast<float>(moved_y));
  if (!mob.on_ground) return std::nullopt;
  std::optional<Landing> landing;
  if (s.fall_distance > 0.0) {
    const BlockPos on{java_floor(mob.position.x), java_floor(mob.position.y - as_float(0.2)), java_floor(mob.position.z)};
    landing = Landing{s.fall_distance, on, blocks.block(on.x, on.y, on.z)};
  }
  s.fall_distance = 0.0;
  return landing;
}

void jump_from_ground(Mob& mob, const BlockSource& blocks) {
  const BlockMotion& here = block_motion(block_at(blocks, mob.position.x, mob.position.y, mob.position.z));
  const float factor = static_cast<double>(here.jump_factor) == 1.0
                           ? block_motion(block_at(blocks, mob.position.x, mob.position.y - as_float(0.500001),
                                                   mob.position.z)).jump_factor
                           : here.jump_factor;
  const float power = kJumpPower * factor;
  if (power <= 1.0e-5f) return;
  mob.velocity.y = std::max(static_cast<double>(power), mob.velocity.y);
  mob.needs_sync = true;
}

}  // namespace

Vec3 input_vector(const Vec3& input, float speed, float yaw) {
  const double length = length_sqr(input);
  if (length < 1.0e-7) return Vec3{};
  Vec3 v = input;
  if (length > 1.0) {
    const double n = std::sqrt(length);
    v = Vec3{v.x / n, v.y / n, v.z / n};
  }
  v = Vec3{v.x * static_cast<double>(speed), v.y * static_cast<double>(speed), v.z * static_cast<double>(speed)};
  const double radians = static_cast<double>(yaw * (static_cast<float>(M_PI) / 180.0f));
  const double sin = static_cast<double>(table_sin(radians));
  const double cos = static_cast<double>(table_cos(radians));
  return Vec3{v.x * cos - v.z * sin, v.y, v.z * cos + v.x * sin};
}

double water_height(const Mob& mob, const BlockSource& blocks) {
  const Aabb box = mob.box().deflate(0.001);
  double height = 0.0;
  for (int x = java_floor(box.min_x); x <= java_floor(box.max_x); ++x)
    for (int y = java_floor(box.min_y); y <= java_floor(box.max_y); ++y)
      for (int z = java_floor(box.min_z); z <= java_floor(box.max_z); ++z) {
        if (!is_water(blocks.block(x, y, z))) continue;
        const double surface = y + (is_water(blocks.block(x, y + 1, z)) ? 1.0 : kWaterSurface);
        if (surface >= box.min_y) height = std::max(height, surface - box.min_y);
      }
  return height;
}

bool fits_at(const Mob& mob, const Vec3& p, const BlockSource& blocks) {
  CollisionContext ctx;
  ctx.entity_bottom = p.y;
  return no_collision(blocks, no_border(), p, ctx, mob.box_at(p).deflate(1.0e-7));
}

MoveOutcome move(Mob& mob, const Vec3& delta, const BlockSource& blocks) {
  const PlayerBody body = body_of(mob);
  const MoveWorld world{blocks, no_border()};
  const Vec3 moved = collide_movement(body, delta, world);
  const double moved_sqr = length_sqr(moved);
  if (moved_sqr > 1.0e-7 || length_sqr(delta) - moved_sqr < 1.0e-7) mob.position = mob.position + moved;
  const double tolerance = as_float(1.0e-5);
  const bool x_collision = !(std::abs(moved.x - delta.x) < tolerance);
  const bool z_collision = !(std::abs(moved.z - delta.z) < tolerance);
  mob.state.horizontal_collision = x_collision || z_collision;
  if (std::abs(delta.y) > 0.0) mob.on_ground = delta.y != moved.y && delta.y < 0.0;
  const std::optional<Landing> landing = check_fall(mob, moved.y, blocks);
  if (x_collision) mob.velocity.x = 0.0;
  if (z_collision) mob.velocity.z = 0.0;
  if (delta.y != moved.y) after_fall_on(mob, blocks);
  // The movement emission: a mob emits everything (and never rides).
  const StepMover mover{mob.position, mob.on_ground, false, false, mob.state.in_water};
  const StepResult step = advance_steps(mob.state.steps, moved, mover, blocks);
  const float swim = step.sound == StepSound::kSwim ? swim_volume(mob.velocity) : 0.0f;
  const double factor = speed_factor(mob, blocks);
  mob.velocity = Vec3{mob.velocity.x * factor, mob.velocity.y, mob.velocity.z * factor};
  return MoveOutcome{moved, landing, step, swim};
}

void before_ai(Mob& mob) {
  MobState& s = mob.state;
  if (s.no_jump_delay > 0) --s.no_jump_delay;
  Vec3& v = mob.velocity;
  v = Vec3{std::abs(v.x) < kSnap ? 0.0 : v.x, std::abs(v.y) < kSnap ? 0.0 : v.y, std::abs(v.z) < kSnap ? 0.0 : v.z};
  // applyInput: last tick's input decays (the move control sets it afresh when moving).
  s.xxa *= 0.98f;
  s.zza *= 0.98f;
}

MoveOutcome after_ai(Mob& mob, const BlockSource& blocks) {
  MobState& s = mob.state;
  const double water = water_height(mob, blocks);
  s.in_water = water > 0.0;
  if (s.in_water) s.fall_distance = 0.0;  // Entity.updateInWaterStateAndDoFluidPushing
  if (s.jumping) {
    const double threshold = mob.mob_kind().eye_height < 0.4f ? 0.0 : 0.4;
    if (s.in_water && (!mob.on_ground || water > threshold)) {
      mob.velocity.y += static_cast<double>(0.04f);  // jumpInLiquid
    } else if (mob.on_ground && s.no_jump_delay == 0) {
      jump_from_ground(mob, blocks);
      s.no_jump_delay = kJumpDelay;
    }
  } else {
    s.no_jump_delay = 0;
  }
  return travel(mob, blocks);
}

MoveOutcome travel(Mob& mob, const BlockSource& blocks) {
  MobState& s = mob.state;
  const Vec3 input{static_cast<double>(s.xxa), 0.0, static_cast<double>(s.zza)};
  if (s.in_water) {
    // travelInWater without sprinting, depth strider or dolphins.
    const bool falling = mob.velocity.y <= 0.0;
    mob.velocity = mob.velocity + input_vector(input, kWaterSpeed, mob.yaw);
    const MoveOutcome outcome = move(mob, mob.velocity, blocks);
    const double slow = static_cast<double>(kWaterSlowDown);
    Vec3 v{mob.velocity.x * slow, mob.velocity.y * static_cast<double>(0.8f), mob.velocity.z * slow};
    // getFluidFallingAdjustedMovement.
    if (falling && std::abs(v.y - 0.005) >= 0.003 && std::abs(v.y - kGravity / 16.0) < 0.003) v.y = -0.003;
    else v.y = v.y - kGravity / 16.0;
    mob.velocity = v;
    return outcome;
  }
  const float friction_below = mob.on_ground ? block_friction(mob, blocks) : 1.0f;
  const float friction = friction_below * kAirFriction;
  const float speed = mob.on_ground
                          ? s.speed * (0.21600002f / (friction_below * friction_below * friction_below))
                          : kFlyingSpeed;
  mob.velocity = mob.velocity + input_vector(input, speed, mob.yaw);
  // LivingEntity.handleOnClimbable: a climbing spider moves at most 0.15 sideways and falls at most
  // 0.15; after the move, pushing into a wall (or jumping) lifts it at 0.2.
  if (s.climbing) {
    constexpr double kClimbMax = static_cast<double>(0.15f);
    s.fall_distance = 0.0;
    mob.velocity = Vec3{std::clamp(mob.velocity.x, -kClimbMax, kClimbMax), std::max(mob.velocity.y, -kClimbMax),
                        std::clamp(mob.velocity.z, -kClimbMax, kClimbMax)};
  }
  const MoveOutcome outcome = move(mob, mob.velocity, blocks);
  if (s.climbing && (s.horizontal_collision || s.jumping)) mob.velocity.y = 0.2;
  const Vec3 v = mob.velocity;
  const double vy = v.y - kGravity;
  mob.velocity = Vec3{v.x * static_cast<double>(friction), vy * static_cast<double>(kVerticalDrag),
                      v.z * static_cast<double>(friction)};
  return outcome;
}

}  // namespace hz::mob_physics
