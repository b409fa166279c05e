// Leaves' distance to the nearest log (LeavesBlock in 26.1): 0 for a log, a leaf's own distance,
// 7 for anything else; a leaf takes one more than its nearest neighbour, up to 7 (where it decays).
#pragma once

#include "sim/data/blocks.h"
#include "sim/game/ports.h"

namespace hz {

inline constexpr int kMaxLeavesDistance = 7;
// LeavesBlock.updateShape schedules the recount one tick later.
inline constexpr int kLeavesTickDelay = 1;

// LeavesBlock.getOptionalDistanceAt, with "none" as 7: logs (the `prevents_nearby_leaf_decay` tag) 0, leaves their
// `distance`, everything else 7.
int leaves_distance_at(BlockStateId neighbour);
// LeavesBlock.updateDistance: the leaf state at pos with its distance recounted from its six
// neighbours (stopping early at 1).
BlockStateId with_updated_leaves_distance(const BlockWorld& world, BlockStateId leaves, const BlockPos& pos);
// Whether a change of the neighbour toward which the leaf looks makes it recount (updateShape
// schedules the tick unless the neighbour is a log and the leaf is already at distance 1).
bool leaves_need_recount(BlockStateId leaves, BlockStateId neighbour);

}  // namespace hz
