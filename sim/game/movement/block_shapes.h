// Block collision shapes as a moving player sees them: minecraft-data's per-state boxes as voxel
// shapes, plus the blocks whose shape depends on the position or the mover (scaffolding, powder
// snow, the per-column offsets of bamboo and pointed dripstone).
#pragma once

#include "sim/data/blocks.h"
#include "sim/game/movement/voxel_shape.h"

namespace hz {

// Vanilla's CollisionContext for an entity: what the context-dependent shapes ask.
struct CollisionContext {
  bool descending = false;      // the mover holds shift
  bool placement = false;       // the pre-move check's context (scaffolding, powder snow empty)
  double entity_bottom = 0;     // the mover's y when the query was built
  double fall_distance = 0;
  bool walks_on_powder_snow = false;  // leather boots (Horizon has no equipment: always false)
};

// The collision shape of `state` at block (x, y, z) in block-local coordinates, or nullptr when
// it is empty. The pointer stays valid for the life of the process.
const VoxelShape* block_collision_shape(BlockStateId state, int x, int y, int z, const CollisionContext& ctx);
// Vanilla's hasLargeCollisionShape: the shape reaches outside the unit cube, or depends on more
// than the state. Such blocks are also looked at on the faces of a collision query.
bool has_large_collision_shape(BlockStateId state);
// The per-column offset of bamboo (max 0.25) or pointed dripstone (max 0.125) at (x, z).
Vec3 column_offset(int x, int z, float max_offset);

}  // namespace hz
