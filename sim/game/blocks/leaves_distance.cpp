#include "sim/game/blocks/leaves_distance.h"

#include <algorithm>
#include <string>

#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/directions.h"

namespace hz {

int leaves_distance_at(BlockStateId neighbour) {
  const BlockId block = block_of_state(neighbour);
  // prevents_nearby_leaf_decay is `#minecraft:logs` in 26.1; Horizon's tag tables leave tags made
  // only of other tags empty, so the logs tag is asked as well.
  if (block_in_tag(block, "minecraft:prevents_nearby_leaf_decay") || block_in_tag(block, "minecraft:logs")) return 0;
  const std::string_view distance = state_property(neighbour, "distance");
  if (is_leaves(block) && !distance.empty()) return distance[0] - '0';
  return kMaxLeavesDistance;
}

BlockStateId with_updated_leaves_distance(const BlockWorld& world, BlockStateId leaves, const BlockPos& pos) {
  int distance = kMaxLeavesDistance;
  // Direction.values() order: down, up, north, south, west, east.
  for (Dir d : {Dir::kDown, Dir::kUp, Dir::kNorth, Dir::kSouth, Dir::kWest, Dir::kEast}) {
    distance = std::min(distance, leaves_distance_at(world.block_at(relative(pos, d))) + 1);
    if (distance == 1) break;
  }
  return with_value(leaves, "distance", std::to_string(distance));
}

bool leaves_need_recount(BlockStateId leaves, BlockStateId neighbour) {
  const int through_neighbour = leaves_distance_at(neighbour) + 1;
  const std::string_view own = state_property(leaves, "distance");
  return through_neighbour != 1 || own.empty() || own[0] - '0' != through_neighbour;
}

}  // namespace hz
