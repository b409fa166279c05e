// Movement's view of a world made of chunk columns: blocks and loaded chunks come from a lookup
// of loaded FULL columns (the game's chunk map, or a test's own set of columns).
#pragma once

#include <functional>

#include "sim/game/movement/block_source.h"
#include "sim/world/chunk_column.h"
#include "sim/world/chunk_pos.h"

namespace hz {

class ColumnBlockSource final : public BlockSource {
 public:
  // Returns the loaded column at a chunk position, or null.
  using Lookup = std::function<const ChunkColumn*(ChunkPos)>;

  explicit ColumnBlockSource(Lookup lookup) : lookup_(std::move(lookup)) {}

  BlockStateId block(int x, int y, int z) const override {
    if (y < kWorldMinY || y > kWorldMaxY) return 0;
    const ChunkColumn* c = lookup_(ChunkPos{x >> 4, z >> 4});
    return c ? c->block(x & 15, y, z & 15) : 0;
  }
  bool is_chunk_loaded(int chunk_x, int chunk_z) const override { return lookup_(ChunkPos{chunk_x, chunk_z}) != nullptr; }
  const ChunkColumn* column(int chunk_x, int chunk_z) const override { return lookup_(ChunkPos{chunk_x, chunk_z}); }
  int min_y() const override { return kWorldMinY; }
  int max_y() const override { return kWorldMaxY; }

 private:
  Lookup lookup_;
};

}  // namespace hz
