// The movement half of ItemEntity.tick as a function of the item and the world's blocks: liquid
// buoyancy or gravity, the push out of a block it is stuck in, the resting skip, the collision
// move (shared with players: world_collisions.h), friction, air drag and the bounce.
#pragma once

#include "sim/core/rng.h"
#include "sim/game/entities/item_entity.h"
#include "sim/game/movement/aabb.h"
#include "sim/game/movement/block_source.h"

namespace hz::item_physics {

inline constexpr double kGravity = 0.04;
inline constexpr double kAirDrag = 0.98;

// EntityDimensions.makeBoundingBox for 0.25 x 0.25 at `position`.
Aabb item_box(const Vec3& position);
// Entity.getFluidHeight for water and lava: how deep the box reaches into each liquid.
struct FluidHeights {
  double water = 0;
  double lava = 0;
};
FluidHeights fluid_heights(const Aabb& box, const BlockSource& blocks);

// One tick of movement. `random` is only drawn from when the item is stuck inside a block.
void move_item(ItemEntity& item, const BlockSource& blocks, Rng& random);

}  // namespace hz::item_physics
