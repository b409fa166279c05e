// Sky and block light by breadth-first flood fill: sky light falls at 15 straight down through
// transparent blocks and spreads sideways losing at least one level per block (more through
// filtering blocks); block light spreads the same way from emitting blocks. A column's light is
// exact once its 3x3 neighbourhood's blocks are final: nothing further than 15 blocks matters.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "sim/world/chunk_column.h"
#include "sim/world/column_light.h"
#include "sim/world/paletted_container.h"

namespace hz {

// The block containers of one column: what light is computed from (a copy, so a job can read
// it on another thread while the column changes).
struct ColumnBlocks {
  std::array<PalettedContainer, kSectionCount> sections;
  static std::shared_ptr<const ColumnBlocks> snapshot(const ChunkColumn& column);
};

// A column and its eight neighbours, index (dx + 1) * 3 + (dz + 1); [4] is the column lit.
// A missing neighbour (null) counts as solid rock: no light enters from it.
using LightNeighbourhood = std::array<const ColumnBlocks*, 9>;

// A box of cells with x fastest, then z, then y; sky enters through its top face.
struct LightVolume {
  int size_x = 0, size_y = 0, size_z = 0;
  std::vector<uint8_t> opacity;   // 0..15
  std::vector<uint8_t> emission;  // 0..15

  LightVolume() = default;
  LightVolume(int sx, int sy, int sz);
  size_t index(int x, int y, int z) const {
    return (static_cast<size_t>(y) * static_cast<size_t>(size_z) + static_cast<size_t>(z)) * static_cast<size_t>(size_x) +
           static_cast<size_t>(x);
  }
};

std::vector<uint8_t> propagate_sky_light(const LightVolume& volume);
std::vector<uint8_t> propagate_block_light(const LightVolume& volume);

// The 26 sky and block layers of the centre column.
ColumnLight compute_column_light(const LightNeighbourhood& neighbourhood);
// Relights a column in place from its live neighbours (null where not loaded).
void relight_column(ChunkColumn& column, const std::array<const ChunkColumn*, 9>& neighbourhood);

}  // namespace hz
