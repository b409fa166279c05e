#include "sim/game/movement/entity_move.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "sim/core/java_format.h"
#include "sim/game/movement/block_motion.h"

namespace hz {

namespace {

constexpr double kEdgeStep = 0.05;

// The block below the feet that movement effects read (getOnPos without a supporting block).
BlockStateId block_below(const PlayerBody& body, const MoveWorld& world, float offset) {
  return world.blocks.block(java_floor(body.position.x), java_floor(body.position.y - static_cast<double>(offset)),
                            java_floor(body.position.z));
}

BlockStateId block_at_feet(const PlayerBody& body, const MoveWorld& world) {
  return world.blocks.block(java_floor(body.position.x), java_floor(body.position.y), java_floor(body.position.z));
}

// Entity.getBlockSpeedFactor: the block at the feet, else the one below that affects movement.
float block_speed_factor(const PlayerBody& body, const MoveWorld& world) {
  const BlockStateId here = block_at_feet(body, world);
  const BlockMotion& motion = block_motion(here);
  const float factor = motion.speed_factor;
  if (motion.water_block) return factor;  // in water the block below does not slow
  if (static_cast<double>(factor) == 1.0) return block_motion(block_below(body, world, 0.500001f)).speed_factor;
  return factor;
}

// Block.updateEntityMovementAfterFallOn for the block under the feet.
void after_fall_on(PlayerBody& body, const MoveWorld& world) {
  const Bounce bounce = block_motion(block_below(body, world, 0.2f)).bounce;
  Vec3& v = body.velocity;
  if (bounce == Bounce::kNone || body.shift_key_down) {
    v.y = v.y * 0.0;  // Vec3.multiply(1, 0, 1): a falling player keeps the sign of zero
  } else if (v.y < 0.0) {
    v.y = bounce == Bounce::kSlime ? -v.y * 1.0 : -v.y * static_cast<double>(0.66f) * 1.0;
  }
}

// Player.canFallAtLeast: nothing under the box (shrunk by 1e-7 and shifted) within min_height.
bool can_fall_at_least(const PlayerBody& body, double dx, double dz, double min_height, const MoveWorld& world) {
  const Aabb& b = body.box;
  const Aabb probe{b.min_x + 1.0e-7 + dx, b.min_y - min_height - 1.0e-7, b.min_z + 1.0e-7 + dz,
                   b.max_x - 1.0e-7 + dx, b.min_y, b.max_z - 1.0e-7 + dz};
  return player_no_collision(body, probe, world);
}

bool is_above_ground(const PlayerBody& body, float max_down_step, const MoveWorld& world) {
  const double step = static_cast<double>(max_down_step);
  return body.on_ground ||
         (body.fall_distance < step && !can_fall_at_least(body, 0.0, 0.0, step - body.fall_distance, world));
}

// Entity.collectCandidateStepUpHeights: the Y coordinates of the shapes relative to the box's
// bottom, as floats, from 0 up to the step height, without the height already reached.
std::vector<float> step_up_candidates(const Aabb& box, std::span<const PlacedShape> shapes, float max_step, float skip) {
  std::vector<float> out;
  for (const PlacedShape& s : shapes) {
    for (double local : s.shape->coords(Axis::kY)) {
      const double coord = local + s.oy;
      const float relative = static_cast<float>(coord - box.min_y);
      if (relative < 0.0f || relative == skip) continue;
      if (relative > max_step) break;
      if (std::find(out.begin(), out.end(), relative) == out.end()) out.push_back(relative);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

CollisionContext collision_context(const PlayerBody& body) {
  CollisionContext ctx;
  ctx.descending = body.shift_key_down;
  ctx.entity_bottom = body.position.y;
  ctx.fall_distance = body.fall_distance;
  return ctx;
}

bool player_no_collision(const PlayerBody& body, const Aabb& box, const MoveWorld& world) {
  return no_collision(world.blocks, world.border, body.position, collision_context(body), box);
}

Vec3 collide_with_shapes(const Vec3& movement, const Aabb& box, std::span<const PlacedShape> shapes) {
  if (shapes.empty()) return movement;
  Vec3 resolved{};
  for (Axis axis : axis_step_order(movement).axes) {
    const double along = component(movement, axis);
    if (along == 0.0) continue;
    resolved = with_component(resolved, axis, hz::collide_with_shapes(shapes, axis, box.move(resolved), along));
  }
  return resolved;
}

Vec3 collide_movement(const PlayerBody& body, const Vec3& movement, const MoveWorld& world) {
  const Aabb& box = body.box;
  const CollisionContext ctx = collision_context(body);
  Vec3 clipped = movement;
  if (length_sqr(movement) != 0.0) {
    std::vector<PlacedShape> colliders;
    collect_colliders(world.blocks, world.border, body.position, ctx, box.expand_towards(movement), colliders);
    clipped = collide_with_shapes(movement, box, colliders);
  }
  const bool x_clipped = movement.x != clipped.x;
  const bool y_clipped = movement.y != clipped.y;
  const bool z_clipped = movement.z != clipped.z;
  const bool landed = y_clipped && movement.y < 0.0;
  if (!(kMaxUpStep > 0.0f && (landed || body.on_ground) && (x_clipped || z_clipped))) return clipped;

  const Aabb grounded = landed ? box.move(0.0, clipped.y, 0.0) : box;
  Aabb step_box = grounded.expand_towards(movement.x, static_cast<double>(kMaxUpStep), movement.z);
  if (!landed) step_box = step_box.expand_towards(0.0, -as_float(1.0e-5), 0.0);
  std::vector<PlacedShape> colliders;
  collect_colliders(world.blocks, world.border, body.position, ctx, step_box, colliders);
  const float skip = static_cast<float>(clipped.y);
  for (float height : step_up_candidates(grounded, colliders, kMaxUpStep, skip)) {
    const Vec3 stepped = collide_with_shapes(Vec3{movement.x, static_cast<double>(height), movement.z}, grounded, colliders);
    if (horizontal_length_sqr(stepped) > horizontal_length_sqr(clipped)) {
      const double to_ground = box.min_y - grounded.min_y;
      return Vec3{stepped.x, stepped.y - to_ground, stepped.z};
    }
  }
  return clipped;
}

Vec3 back_off_from_edge(const PlayerBody& body, const Vec3& delta, const MoveWorld& world) {
  const double step = static_cast<double>(kMaxUpStep);
  if (body.flying || delta.y > 0.0 || !body.shift_key_down || !is_above_ground(body, kMaxUpStep, world)) return delta;
  double dx = delta.x, dz = delta.z;
  const double step_x = (dx > 0 ? 1.0 : dx < 0 ? -1.0 : 0.0) * kEdgeStep;
  const double step_z = (dz > 0 ? 1.0 : dz < 0 ? -1.0 : 0.0) * kEdgeStep;
  while (dx != 0.0 && can_fall_at_least(body, dx, 0.0, step, world)) {
    if (std::abs(dx) <= kEdgeStep) {
      dx = 0.0;
      break;
    }
    dx -= step_x;
  }
  while (dz != 0.0 && can_fall_at_least(body, 0.0, dz, step, world)) {
    if (std::abs(dz) <= kEdgeStep) {
      dz = 0.0;
      break;
    }
    dz -= step_z;
  }
  while (dx != 0.0 && dz != 0.0 && can_fall_at_least(body, dx, dz, step, world)) {
    dx = std::abs(dx) <= kEdgeStep ? 0.0 : dx - step_x;
    dz = std::abs(dz) <= kEdgeStep ? 0.0 : dz - step_z;
  }
  return Vec3{dx, delta.y, dz};
}

Vec3 move_player(PlayerBody& body, MoverType mover, Vec3 delta, const MoveWorld& world) {
  (void)mover;  // both movers a player uses (SELF, PLAYER) take the same path
  if (body.no_physics) {
    body.set_position(body.position + delta);
    body.horizontal_collision = body.vertical_collision = body.vertical_collision_below = false;
    return delta;
  }
  if (length_sqr(body.stuck_multiplier) > 1.0e-7) {
    delta = Vec3{delta.x * body.stuck_multiplier.x, delta.y * body.stuck_multiplier.y, delta.z * body.stuck_multiplier.z};
    body.stuck_multiplier = Vec3{};
    body.velocity = Vec3{};
  }
  delta = back_off_from_edge(body, delta, world);
  const Vec3 moved = collide_movement(body, delta, world);
  const double moved_sqr = length_sqr(moved);
  if (moved_sqr > 1.0e-7 || length_sqr(delta) - moved_sqr < 1.0e-7) body.set_position(body.position + moved);

  const double tolerance = as_float(1.0e-5);
  const bool x_collision = !(std::abs(moved.x - delta.x) < tolerance);
  const bool z_collision = !(std::abs(moved.z - delta.z) < tolerance);
  body.horizontal_collision = x_collision || z_collision;
  if (std::abs(delta.y) > 0.0) {
    body.vertical_collision = delta.y != moved.y;
    body.vertical_collision_below = body.vertical_collision && delta.y < 0.0;
    body.on_ground = body.vertical_collision_below;
  }
  if (body.horizontal_collision) {
    if (x_collision) body.velocity.x = 0.0;
    if (z_collision) body.velocity.z = 0.0;
  }
  if (delta.y != moved.y) after_fall_on(body, world);
  const double speed = static_cast<double>(block_speed_factor(body, world));
  body.velocity = Vec3{body.velocity.x * speed, body.velocity.y * 1.0, body.velocity.z * speed};
  return moved;
}

}  // namespace hz
