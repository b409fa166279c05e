// How vanilla's GroundPathNavigation sizes a search: the node budget and walked-distance limit
// from the mob's follow range, and the region of chunks the search may read (everything else is
// air to it).
#pragma once

#include <algorithm>
#include <cmath>

#include "sim/game/movement/block_source.h"
#include "sim/game/pathfinding/node.h"
#include "sim/game/pathfinding/path_finder.h"

namespace hz {

// PathNavigation's requiredPathLength default: the walked-distance limit is never below it.
inline constexpr float kRequiredPathLength = 16.0f;
// createPath's radius offset: 8 for block targets, 16 when following an entity.
inline constexpr int kBlockTargetRadiusOffset = 8;
inline constexpr int kEntityTargetRadiusOffset = 16;

// The limits for a mob with `follow_range` (the attribute's value): the budget is the follow
// range times 16 (floored), the walked-distance limit the larger of the range and 16.
inline PathSearchLimits ground_navigation_limits(float follow_range, int reach_range) {
  PathSearchLimits limits;
  limits.max_visited_nodes = static_cast<int>(std::floor(static_cast<double>(follow_range) * 16.0));
  limits.max_path_length = std::max(follow_range, kRequiredPathLength);
  limits.reach_range = reach_range;
  return limits;
}

// PathNavigationRegion: the chunks covering a cube of `radius` blocks around `centre`; blocks in
// other chunks read as air and those chunks as unloaded.
class SearchRegion final : public BlockSource {
 public:
  SearchRegion(const BlockSource& world, const NodePos& centre, int radius)
      : world_(world),
        min_chunk_x_((centre.x - radius) >> 4),
        min_chunk_z_((centre.z - radius) >> 4),
        max_chunk_x_((centre.x + radius) >> 4),
        max_chunk_z_((centre.z + radius) >> 4) {}

  BlockStateId block(int x, int y, int z) const override {
    return inside(x >> 4, z >> 4) ? world_.block(x, y, z) : BlockStateId{0};
  }
  bool is_chunk_loaded(int cx, int cz) const override { return inside(cx, cz) && world_.is_chunk_loaded(cx, cz); }
  int min_y() const override { return world_.min_y(); }
  int max_y() const override { return world_.max_y(); }

 private:
  bool inside(int cx, int cz) const {
    return cx >= min_chunk_x_ && cx <= max_chunk_x_ && cz >= min_chunk_z_ && cz <= max_chunk_z_;
  }

  const BlockSource& world_;
  int min_chunk_x_, min_chunk_z_, max_chunk_x_, max_chunk_z_;
};

// The region radius for a search with walked-distance limit `max_path_length`.
inline int search_region_radius(float max_path_length, int radius_offset) {
  return static_cast<int>(max_path_length + static_cast<float>(radius_offset));
}

}  // namespace hz
