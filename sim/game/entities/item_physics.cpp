#include "sim/game/entities/item_physics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "sim/core/java_format.h"
#include "sim/game/movement/block_motion.h"
#include "sim/game/movement/entity_move.h"
#include "sim/game/movement/world_collisions.h"

namespace hz::item_physics {

namespace {

// ItemEntity.tick: liquids count once they cover more than 0.1 of a block.
constexpr double kFluidThreshold = as_float(0.1);
constexpr double kWaterDrag = as_float(0.99);
constexpr double kLavaDrag = as_float(0.95);
constexpr double kBuoyancy = as_float(5.0e-4);
constexpr double kBuoyancyBelow = as_float(0.06);
// getOnPos(0.999999F): the block under the item that gives the friction.
constexpr double kFrictionProbe = as_float(0.999999);
constexpr double kSpeedFactorProbe = as_float(0.500001);
constexpr double kRestingSpeedSqr = as_float(1.0e-5);
// Non-living entities bounce off slime and beds at 0.8 of a living entity's rebound.
constexpr double kNonLivingBounce = 0.8;

BlockStateId block_at(const BlockSource& blocks, double x, double y, double z) {
  return blocks.block(java_floor(x), java_floor(y), java_floor(z));
}

// FlowingFluid.getHeight: a source or falling liquid fills 8/9 of its block, level n (1-7)
// 8-n ninths; a liquid with the same liquid above fills the whole block.
double liquid_height(const BlockSource& blocks, int x, int y, int z, bool water) {
  const BlockStateId above = blocks.block(x, y + 1, z);
  if (water ? is_water(above) : block_motion(above).lava) return 1.0;
  const BlockStateId state = blocks.block(x, y, z);
  const std::string_view level = state_property(state, "level");
  int amount = 8;
  if (!level.empty()) {
    const int n = level[0] - '0';
    amount = (level.size() == 1 && n >= 1 && n <= 7) ? 8 - n : 8;
  }
  return static_cast<double>(static_cast<float>(amount) / 9.0f);
}

CollisionContext item_context(const ItemEntity& item) {
  CollisionContext ctx;
  ctx.entity_bottom = item.position.y;
  return ctx;
}

bool collides(const Aabb& box, const BlockSource& blocks, const ItemEntity& item) {
  static const WorldBorder border;
  return !no_collision(blocks, border, item.position, item_context(item), box);
}

bool full_block(const BlockSource& blocks, int x, int y, int z) {
  const VoxelShape* shape = block_collision_shape(blocks.block(x, y, z), x, y, z, CollisionContext{});
  return shape != nullptr && shape->is_unit_cube();
}

// Entity.moveTowardsClosestSpace: the nearest side (north, south, west, east or up) that is not
// a full block gets a push of 0.1-0.3; the other axes keep three quarters of their speed.
void push_towards_closest_space(ItemEntity& item, double y_center, const BlockSource& blocks, Rng& random) {
  const int bx = java_floor(item.position.x), by = java_floor(y_center), bz = java_floor(item.position.z);
  const double fx = item.position.x - bx, fy = y_center - by, fz = item.position.z - bz;
  struct Side {
    int dx, dy, dz;
    double distance;
  };
  const Side sides[] = {{0, 0, -1, fz}, {0, 0, 1, 1.0 - fz}, {-1, 0, 0, fx}, {1, 0, 0, 1.0 - fx}, {0, 1, 0, 1.0 - fy}};
  Side closest{0, 1, 0, std::numeric_limits<double>::max()};
  for (const Side& side : sides) {
    if (full_block(blocks, bx + side.dx, by + side.dy, bz + side.dz)) continue;
    if (side.distance < closest.distance) closest = side;
  }
  const float speed = random.next_float() * 0.2f + 0.1f;
  const double push = static_cast<double>(static_cast<float>(closest.dx + closest.dy + closest.dz) * speed);
  const Vec3 kept{item.velocity.x * 0.75, item.velocity.y * 0.75, item.velocity.z * 0.75};
  if (closest.dx != 0) item.velocity = Vec3{push, kept.y, kept.z};
  else if (closest.dz != 0) item.velocity = Vec3{kept.x, kept.y, push};
  else item.velocity = Vec3{kept.x, push, kept.z};
}

// Block.updateEntityMovementAfterFallOn for a non-living entity.
void after_fall_on(ItemEntity& item, const BlockSource& blocks) {
  const Bounce bounce = block_motion(block_at(blocks, item.position.x, item.position.y - as_float(0.2), item.position.z)).bounce;
  Vec3& v = item.velocity;
  if (bounce == Bounce::kNone) v.y = v.y * 0.0;
  else if (v.y < 0.0) v.y = bounce == Bounce::kSlime ? -v.y * kNonLivingBounce : -v.y * as_float(0.66) * kNonLivingBounce;
}

// Entity.getBlockSpeedFactor (soul sand, honey).
double speed_factor(const ItemEntity& item, const BlockSource& blocks) {
  const BlockMotion& here = block_motion(block_at(blocks, item.position.x, item.position.y, item.position.z));
  if (here.water_block || here.speed_factor != 1.0f) return static_cast<double>(here.speed_factor);
  const Vec3& p = item.position;
  return static_cast<double>(block_motion(block_at(blocks, p.x, p.y - kSpeedFactorProbe, p.z)).speed_factor);
}

// Entity.move(SELF) without step-up (items have none) or pistons.
void move(ItemEntity& item, bool no_physics, const BlockSource& blocks) {
  const Vec3 delta = item.velocity;
  if (no_physics) {
    item.position = item.position + delta;
    return;
  }
  static const WorldBorder border;
  Vec3 moved = delta;
  if (length_sqr(delta) != 0.0) {
    const Aabb box = item_box(item.position);
    std::vector<PlacedShape> colliders;
    collect_colliders(blocks, border, item.position, item_context(item), box.expand_towards(delta), colliders);
    moved = collide_with_shapes(delta, box, colliders);
  }
  const double moved_sqr = length_sqr(moved);
  if (moved_sqr > 1.0e-7 || length_sqr(delta) - moved_sqr < 1.0e-7) item.position = item.position + moved;
  const double tolerance = as_float(1.0e-5);
  const bool x_collision = !(std::abs(moved.x - delta.x) < tolerance);
  const bool z_collision = !(std::abs(moved.z - delta.z) < tolerance);
  if (std::abs(delta.y) > 0.0) item.on_ground = delta.y != moved.y && delta.y < 0.0;
  if (x_collision) item.velocity.x = 0.0;
  if (z_collision) item.velocity.z = 0.0;
  if (delta.y != moved.y) after_fall_on(item, blocks);
  const double factor = speed_factor(item, blocks);
  item.velocity = Vec3{item.velocity.x * factor, item.velocity.y * 1.0, item.velocity.z * factor};
}

void apply_liquid_or_gravity(ItemEntity& item, const BlockSource& blocks) {
  const FluidHeights fluids = fluid_heights(item_box(item.position), blocks);
  double drag = 0.0;
  if (fluids.water > kFluidThreshold) drag = kWaterDrag;
  else if (fluids.lava > kFluidThreshold) drag = kLavaDrag;
  Vec3& v = item.velocity;
  if (drag == 0.0) {
    v.y -= kGravity;
    return;
  }
  v = Vec3{v.x * drag, v.y + (v.y < kBuoyancyBelow ? kBuoyancy : 0.0), v.z * drag};
}

}  // namespace

Aabb item_box(const Vec3& p) {
  const double half = static_cast<double>(static_cast<float>(ItemEntity::kSize) / 2.0f);
  const double height = static_cast<double>(static_cast<float>(ItemEntity::kSize));
  return Aabb{p.x - half, p.y, p.z - half, p.x + half, p.y + height, p.z + half};
}

FluidHeights fluid_heights(const Aabb& box, const BlockSource& blocks) {
  FluidHeights out;
  const Aabb b = box.deflate(0.001);
  for (int x = java_floor(b.min_x); x <= java_floor(b.max_x); ++x)
    for (int y = java_floor(b.min_y); y <= java_floor(b.max_y); ++y)
      for (int z = java_floor(b.min_z); z <= java_floor(b.max_z); ++z) {
        const BlockStateId state = blocks.block(x, y, z);
        const bool water = is_water(state);
        if (!water && !block_motion(state).lava) continue;
        const double top = y + liquid_height(blocks, x, y, z, water);
        if (top < b.min_y) continue;
        double& height = water ? out.water : out.lava;
        height = std::max(height, top - b.min_y);
      }
  return out;
}

void move_item(ItemEntity& item, const BlockSource& blocks, Rng& random) {
  apply_liquid_or_gravity(item, blocks);
  const Aabb box = item_box(item.position);
  const bool no_physics = collides(box.deflate(1.0e-7), blocks, item);
  if (no_physics) push_towards_closest_space(item, (box.min_y + box.max_y) / 2.0, blocks, random);
  // A resting item only moves every fourth tick (spread over items by their id).
  const bool resting = item.on_ground && !(horizontal_length_sqr(item.velocity) > kRestingSpeedSqr);
  if (resting && (item.tick_count + item.id()) % 4 != 0) return;
  move(item, no_physics, blocks);
  float friction = 0.98f;
  if (item.on_ground) {
    const Vec3& p = item.position;
    friction = block_motion(block_at(blocks, p.x, p.y - kFrictionProbe, p.z)).friction * 0.98f;
  }
  const double f = static_cast<double>(friction);
  item.velocity = Vec3{item.velocity.x * f, item.velocity.y * kAirDrag, item.velocity.z * f};
  if (item.on_ground && item.velocity.y < 0.0) item.velocity.y *= -0.5;
}

}  // namespace hz::item_physics
