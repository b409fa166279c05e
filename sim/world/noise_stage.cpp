// NOISE stage: terrain shape from 3D density sampled on a coarse grid and interpolated.
#include <algorithm>
#include <array>
#include <memory>

#include "sim/core/java_math.h"
#include "sim/core/rng.h"
#include "sim/world/dense_blocks.h"
#include "sim/world/generation_stages.h"

namespace hz {
namespace {

// Density is sampled every 4 blocks across and 8 blocks up, like vanilla's noise cells.
constexpr int kCellWidth = 4;
constexpr int kCellHeight = 8;
constexpr int kCornersXZ = 16 / kCellWidth + 1;
constexpr int kCornersY = kWorldHeight / kCellHeight + 1;
constexpr uint64_t kBedrockSalt = 0x626564726f636b;  // "bedrock"

using DensityGrid = std::array<double, kCornersXZ * kCornersXZ * kCornersY>;

size_t corner(int i, int k, int j) { return static_cast<size_t>((i * kCornersXZ + k) * kCornersY + j); }

void sample_density(const TerrainNoise& noise, ChunkPos pos, DensityGrid& grid) {
  for (int i = 0; i < kCornersXZ; ++i) {
    for (int k = 0; k < kCornersXZ; ++k) {
      const double x = pos.x * 16 + i * kCellWidth, z = pos.z * 16 + k * kCellWidth;
      const ColumnShape shape = noise.column_shape(x, z);
      for (int j = 0; j < kCornersY; ++j) {
        grid[corner(i, k, j)] = noise.density(x, kWorldMinY + j * kCellHeight, z, shape);
      }
    }
  }
}


// The block a density gives at height y.
BlockStateId block_for(double density, int y, const WorldgenBlocks& b) {
  if (density > 0.0) return y < 0 ? b.deepslate : b.stone;
  return y <= kSeaLevel ? b.water : b.air;
}

void fill_cells(const DensityGrid& grid, const WorldgenBlocks& b, DenseBlocks& blocks) {
  for (int i = 0; i < kCornersXZ - 1; ++i)
    for (int k = 0; k < kCornersXZ - 1; ++k)
      for (int j = 0; j < kCornersY - 1; ++j) {
        const double d000 = grid[corner(i, k, j)], d100 = grid[corner(i + 1, k, j)];
        const double d001 = grid[corner(i, k + 1, j)], d101 = grid[corner(i + 1, k + 1, j)];
        const double d010 = grid[corner(i, k, j + 1)], d110 = grid[corner(i + 1, k, j + 1)];
        const double d011 = grid[corner(i, k + 1, j + 1)], d111 = grid[corner(i + 1, k + 1, j + 1)];
        // A blend (t below 1) of values all above zero stays above zero, and of values none above
        // zero stays at or below it, so a cell whose corners agree needs no blending.
        const double lowest = std::min({d000, d100, d001, d101, d010, d110, d011, d111});
        const double highest = std::max({d000, d100, d001, d101, d010, d110, d011, d111});
        const bool uniform = lowest > 0.0 || highest <= 0.0;
        for (int ly = 0; ly < kCellHeight; ++ly) {
          const double ty = static_cast<double>(ly) / kCellHeight;
          const int y = kWorldMinY + j * kCellHeight + ly;
          if (uniform) {
            const BlockStateId s = block_for(lowest, y, b);
            if (s == b.air) continue;
            for (int lz = 0; lz < kCellWidth; ++lz)
              for (int lx = 0; lx < kCellWidth; ++lx) blocks.set(i * kCellWidth + lx, y, k * kCellWidth + lz, s);
            continue;
          }
          for (int lz = 0; lz < kCellWidth; ++lz) {
            const double tz = static_cast<double>(lz) / kCellWidth;
            const double low = lerp(tz, lerp(ty, d000, d010), lerp(ty, d001, d011));
            const double high = lerp(tz, lerp(ty, d100, d110), lerp(ty, d101, d111));
            for (int lx = 0; lx < kCellWidth; ++lx) {
              const BlockStateId s = block_for(lerp(static_cast<double>(lx) / kCellWidth, low, high), y, b);
              if (s != b.air) blocks.set(i * kCellWidth + lx, y, k * kCellWidth + lz, s);
            }
          }
        }
      }
}

// Bedrock: solid at the bottom, thinning out over four layers; deepslate fades in from y 8 to 0.
void add_floor_and_deepslate(ChunkPos pos, uint64_t seed, const WorldgenBlocks& b, DenseBlocks& blocks) {
  Rng rng = Rng::derive(seed, pos.x, pos.z, kBedrockSalt);
  for (int z = 0; z < 16; ++z)
    for (int x = 0; x < 16; ++x) {
      blocks.set(x, kWorldMinY, z, b.bedrock);
      for (int y = kWorldMinY + 1; y <= kWorldMinY + 4; ++y) {
        if (static_cast<int>(rng.next_below(5)) < kWorldMinY + 5 - y) blocks.set(x, y, z, b.bedrock);
      }
      for (int y = 0; y < 8; ++y) {
        if (blocks.get(x, y, z) == b.stone && static_cast<int>(rng.next_below(8)) >= y + 1) {
          blocks.set(x, y, z, b.deepslate);
        }
      }
    }
}

void fill_biomes(const TerrainNoise& noise, ChunkPos pos, ChunkColumn& column) {
  for (int cz = 0; cz < 4; ++cz)
    for (int cx = 0; cx < 4; ++cx) {
      const BiomeKind kind = noise.biome(pos.x * 16 + cx * 4 + 2, pos.z * 16 + cz * 4 + 2);
      const uint16_t id = biome_network_id(kind);
      for (int cy = 0; cy < kSectionCount * 4; ++cy) column.set_biome_cell(cx, cy, cz, id);
    }
}

}  // namespace

ChunkColumn run_noise_stage(const TerrainNoise& noise, ChunkPos pos) {
  const WorldgenBlocks& b = WorldgenBlocks::get();
  auto grid = std::make_unique<DensityGrid>();
  sample_density(noise, pos, *grid);
  DenseBlocks blocks;
  fill_cells(*grid, b, blocks);
  add_floor_and_deepslate(pos, noise.seed(), b, blocks);
  ChunkColumn column(pos, plains_biome_id());
  fill_biomes(noise, pos, column);
  blocks.store_into(column);
  column.set_status(ChunkStatus::kNoise);
  return column;
}

}  // namespace hz
