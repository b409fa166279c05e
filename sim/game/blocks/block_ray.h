// The ray a player's look casts into the blocks (vanilla's BlockGetter.clip with
// ClipContext.Block.OUTLINE), as buckets use it: block by block along the ray, the nearest hit of
// a block's shape or, when asked, of a fluid source's shape.
#pragma once

#include "sim/game/blocks/directions.h"
#include "sim/game/player.h"
#include "sim/game/ports.h"

namespace hz {

// ClipContext.Fluid: NONE ignores fluids, SOURCE_ONLY stops at source blocks (empty buckets).
enum class FluidClip { kNone, kSourceOnly };

struct BlockHit {
  bool hit = false;  // false: the ray reached its end (a miss)
  BlockPos pos;
  Dir face = Dir::kUp;
  Vec3 location;
  bool inside = false;
};

// Item.getPlayerPOVHitResult's view vector (Entity.calculateViewVector) for pitch and yaw.
Vec3 view_vector(float pitch, float yaw);
// BlockGetter.clip from `from` to `to`. Block shapes are the collision boxes: blocks without
// collision (grass, torches, flowers) do not stop the ray, as their outline would in vanilla.
BlockHit clip_blocks(const BlockWorld& world, const Vec3& from, const Vec3& to, FluidClip fluids);

}  // namespace hz
