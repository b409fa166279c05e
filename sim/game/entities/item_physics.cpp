#include "sim/game/entities/item_physics.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "sim/core/java_format.h"
#include "sim/game/entities/entity_physics.h"
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
constexpr double kRestingSpeedSqr = as_float(1.0e-5);

// Entity.move(SELF) without step-up (items have none) or pistons.
void move(ItemEntity& item, bool no_physics, const BlockSource& blocks) {
  if (no_physics) {
    item.position = item.position + item.velocity;
    return;
  }
  entity_physics::move(item, item_box(item.position), blocks);
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
        const double top = y + entity_physics::liquid_height(blocks, x, y, z, water);
        if (top < b.min_y) continue;
        double& height = water ? out.water : out.lava;
        height = std::max(height, top - b.min_y);
      }
  return out;
}

void move_item(ItemEntity& item, const BlockSource& blocks, Rng& random) {
  apply_liquid_or_gravity(item, blocks);
  const Aabb box = item_box(item.position);
  const bool no_physics = entity_physics::collides(item, box.deflate(1.0e-7), blocks);
  if (no_physics) entity_physics::push_towards_closest_space(item, (box.min_y + box.max_y) / 2.0, blocks, random);
  // A resting item only moves every fourth tick (spread over items by their id).
  const bool resting = item.on_ground && !(horizontal_length_sqr(item.velocity) > kRestingSpeedSqr);
  if (resting && (item.tick_count + item.id()) % 4 != 0) return;
  move(item, no_physics, blocks);
  const double f = static_cast<double>(entity_physics::ground_friction(item, blocks));
  item.velocity = Vec3{item.velocity.x * f, item.velocity.y * kAirDrag, item.velocity.z * f};
  if (item.on_ground && item.velocity.y < 0.0) item.velocity.y *= -0.5;
}

}  // namespace hz::item_physics
