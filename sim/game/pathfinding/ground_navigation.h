// How vanilla's GroundPathNavigation sizes a search: the node budget and walked-distance limit
// from the mob's follow range, and the region of chunks the search may read (everything else is
// air to it).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

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
        max_chunk_z_((centre.z + radius) >> 4),
        chunks_(static_cast<size_t>((max_chunk_x_ - min_chunk_x_ + 1) * (max_chunk_z_ - min_chunk_z_ + 1))) {}

  BlockStateId block(int x, int y, int z) const override {
    const Chunk* chunk = chunk_at(x >> 4, z >> 4);
    if (chunk == nullptr) return 0;
    if (chunk->column != nullptr) return chunk->column->block(x & 15, y, z & 15);
    return chunk->loaded ? world_.block(x, y, z) : BlockStateId{0};
  }
  bool is_chunk_loaded(int cx, int cz) const override {
    const Chunk* chunk = chunk_at(cx, cz);
    return chunk != nullptr && chunk->loaded;
  }
  const ChunkColumn* column(int cx, int cz) const override {
    const Chunk* chunk = chunk_at(cx, cz);
    return chunk != nullptr ? chunk->column : nullptr;
  }
  int min_y() const override { return world_.min_y(); }
  int max_y() const override { return world_.max_y(); }

 private:
  // What the region learned of one of its chunks on first use: the world's chunks do not load or
  // unload while a search reads them, so a search asks the world once per chunk.
  struct Chunk {
    bool known = false;
    bool loaded = false;
    const ChunkColumn* column = nullptr;  // null when the world does not keep columns
  };

  const Chunk* chunk_at(int cx, int cz) const {
    if (cx < min_chunk_x_ || cx > max_chunk_x_ || cz < min_chunk_z_ || cz > max_chunk_z_) return nullptr;
    Chunk& chunk = chunks_[static_cast<size_t>((cz - min_chunk_z_) * (max_chunk_x_ - min_chunk_x_ + 1) + (cx - min_chunk_x_))];
    if (!chunk.known) {
      chunk.known = true;
      chunk.loaded = world_.is_chunk_loaded(cx, cz);
      chunk.column = chunk.loaded ? world_.column(cx, cz) : nullptr;
    }
    return &chunk;
  }

  const BlockSource& world_;
  int min_chunk_x_, min_chunk_z_, max_chunk_x_, max_chunk_z_;
  mutable std::vector<Chunk> chunks_;
};

// The region radius for a search with walked-distance limit `max_path_length`.
inline int search_region_radius(float max_path_length, int radius_offset) {
  return static_cast<int>(max_path_length + static_cast<float>(radius_offset));
}

}  // namespace hz
