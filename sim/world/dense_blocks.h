// A column's blocks unpacked into one flat array while a generation stage rewrites them, then
// packed back into paletted sections in one pass (only the sections that changed).
#pragma once

#include <cstdint>
#include <memory>

#include "sim/data/blocks.h"
#include "sim/world/chunk_column.h"
#include "sim/world/chunk_pos.h"

namespace hz {

class DenseBlocks {
 public:
  DenseBlocks();  // all air
  explicit DenseBlocks(const ChunkColumn& column);

  // Local x, z (0..15), world y (must be inside the world).
  BlockStateId get(int x, int y, int z) const { return cells_[index(x, y, z)]; }
  void set(int x, int y, int z, BlockStateId state) {
    cells_[index(x, y, z)] = state;
    dirty_ |= uint32_t{1} << section_index_of(y);
    if (y > scan_top_ && state != 0) scan_top_ = y;
  }
  // World y of the highest non-air block of a column, or kWorldMinY - 1.
  int top_non_air(int x, int z) const;
  // Writes the changed sections into `column` and recomputes its heightmaps.
  void store_into(ChunkColumn& column) const;

 private:
  static size_t index(int x, int y, int z) {
    return (static_cast<size_t>(y - kWorldMinY) << 8) | static_cast<size_t>(z << 4) | static_cast<size_t>(x);
  }
  std::unique_ptr<uint16_t[]> cells_;
  uint32_t dirty_ = 0;  // one bit per section written since loading
  int scan_top_;        // nothing above this y is anything but air
};

}  // namespace hz
