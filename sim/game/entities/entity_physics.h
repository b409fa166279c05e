// Movement pieces every non-living entity shares (items, experience orbs): liquid heights, the
// push out of a block it is stuck in, and Entity.move(SELF) with its collision flags and bounce.
#pragma once

#include "sim/core/rng.h"
#include "sim/game/entities/entity.h"
#include "sim/game/movement/aabb.h"
#include "sim/game/movement/block_source.h"

namespace hz::entity_physics {

// FlowingFluid.getHeight of the water (or lava) at a block known to hold it: a source or falling
// liquid fills 8/9 of it, level n (1-7) 8-n ninths; with the same liquid above, all of it.
double liquid_height(const BlockSource& blocks, int x, int y, int z, bool water);

// Entity.moveTowardsClosestSpace: the nearest side (north, south, west, east or up) that is not a
// full block gets a push of 0.1-0.3 (one nextFloat); the other axes keep three quarters.
void push_towards_closest_space(Entity& e, double y_center, const BlockSource& blocks, Rng& random);

// CollisionGetter.noCollision for a non-living entity's `box`.
bool collides(const Entity& e, const Aabb& box, const BlockSource& blocks);

// Entity.move(SELF) without step-up or pistons for an entity whose box is `box`: the collided
// move, on_ground, the stopped axes, the block's fall-on rule (slime and beds bounce) and the
// speed factor. Returns whether the move was stopped by something below (verticalCollisionBelow).
bool move(Entity& e, const Aabb& box, const BlockSource& blocks);

// The friction of the block under an entity on the ground (getOnPos(0.999999F)) times 0.98, as a
// float; 0.98 in the air.
float ground_friction(const Entity& e, const BlockSource& blocks);

}  // namespace hz::entity_physics
