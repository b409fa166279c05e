// CARVERS stage: caves from the cave noise field, sampled every 4 blocks and interpolated.
#include <algorithm>
#include <array>
#include <vector>

#include "sim/core/java_math.h"
#include "sim/world/dense_blocks.h"
#include "sim/world/generation_stages.h"

namespace hz {
namespace {

constexpr int kCell = 4;
constexpr int kCorners = 16 / kCell + 1;
constexpr int kLowestCave = kWorldMinY + 5;  // just above the bedrock layers
constexpr int kGridBottom = kWorldMinY + 4;  // a multiple of 4, so grids of all chunks line up
constexpr int kLavaLevel = -55;              // carved space at or below this fills with lava
// Columns whose top is below this (water above or near it) keep their top intact.
constexpr int kShoreTop = kSeaLevel + 4;
constexpr int kShoreCover = 8;
// Tunnels narrow towards the surface so they open into it through small holes, not trenches.
constexpr int kSurfaceFade = 8;
constexpr double kSurfaceFadeStep = 0.0012;

bool carvable(BlockStateId s, const WorldgenBlocks& b) {
  return s == b.stone || s == b.deepslate || s == b.dirt || s == b.grass || s == b.sandstone;
}

bool is_loose(BlockStateId s, const WorldgenBlocks& b) { return s == b.sand || s == b.gravel; }

struct CaveGrid {
  int layers = 0;
  std::vector<double> values;  // (i * kCorners + k) * layers + j
  double at(int i, int k, int j) const { return values[static_cast<size_t>((i * kCorners + k) * layers + j)]; }
};

// The cave values of grid columns (a corner's x and z), bottom up. Neighbouring chunks share
// their border columns, and a generating thread carves nearby chunks in turn, so each thread keeps
// the columns it sampled last: a chunk whose neighbours were carved just before samples 16 of its
// 25 columns. The values are a pure function of the seed and the position: no result changes.
class RecentCaveColumns {
 public:
  const std::vector<double>& column(const TerrainNoise& noise, int x, int z, int layers) {
    Entry* slot = &entries_[0];
    for (Entry& e : entries_) {
      if (e.seed == noise.seed() && e.x == x && e.z == z && e.used > 0) {
        slot = &e;
        break;
      }
      if (e.used < slot->used) slot = &e;  // the least recently used, if x, z is not kept
    }
    if (slot->used == 0 || slot->seed != noise.seed() || slot->x != x || slot->z != z) {
      *slot = Entry{noise.seed(), x, z, {}, 0};
    }
    slot->used = ++clock_;
    for (int j = static_cast<int>(slot->values.size()); j < layers; ++j) {
      slot->values.push_back(noise.cave(x, kGridBottom + j * kCell, z));
    }
    return slot->values;
  }

 private:
  struct Entry {
    uint64_t seed = 0;
    int x = 0, z = 0;
    std::vector<double> values;
    uint64_t used = 0;  // 0: empty
  };
  std::array<Entry, 256> entries_;
  uint64_t clock_ = 0;
};

CaveGrid sample_caves(const TerrainNoise& noise, ChunkPos pos, int top_y) {
  thread_local RecentCaveColumns recent;
  CaveGrid grid;
  grid.layers = (top_y - kGridBottom) / kCell + 2;
  grid.values.resize(static_cast<size_t>(kCorners * kCorners * grid.layers));
  for (int i = 0; i < kCorners; ++i)
    for (int k = 0; k < kCorners; ++k) {
      const std::vector<double>& column = recent.column(noise, pos.x * 16 + i * kCell, pos.z * 16 + k * kCell, grid.layers);
      std::copy_n(column.begin(), grid.layers, grid.values.begin() + (i * kCorners + k) * grid.layers);
    }
  return grid;
}

// The cave value down one column of blocks, interpolated in the grid: the corners' blend across
// x and z is made once per cell layer and reused for the four heights inside it.
class ColumnCaves {
 public:
  ColumnCaves(const CaveGrid& grid, int x, int z)
      : grid_(grid), i_(x / kCell), k_(z / kCell), tx_(static_cast<double>(x % kCell) / kCell),
        tz_(static_cast<double>(z % kCell) / kCell) {}

  double at(int y) {
    load_layer(y);
    const double ty = static_cast<double>((y - kGridBottom) % kCell) / kCell;
    return lerp(ty, low_, high_);
  }

  // Whether no height of y's cell layer can be carved: a blend (t below 1) of two values at or
  // above zero stays at or above zero, and the surface fade only adds to it.
  bool layer_solid(int y) {
    load_layer(y);
    return low_ >= 0.0 && high_ >= 0.0;
  }
  // The lowest height of y's cell layer.
  static int layer_bottom(int y) { return y - (y - kGridBottom) % kCell; }

 private:
  double blend(int j) const {
    return lerp(tz_, lerp(tx_, grid_.at(i_, k_, j), grid_.at(i_ + 1, k_, j)),
                lerp(tx_, grid_.at(i_, k_ + 1, j), grid_.at(i_ + 1, k_ + 1, j)));
  }

  void load_layer(int y) {
    const int j = (y - kGridBottom) / kCell;
    if (j == layer_) return;
    layer_ = j;
    low_ = blend(j);
    high_ = blend(j + 1);
  }

  const CaveGrid& grid_;
  const int i_, k_;
  const double tx_, tz_;
  int layer_ = -1;
  double low_ = 0, high_ = 0;
};

bool water_beside(const DenseBlocks& blocks, int x, int y, int z, BlockStateId water) {
  if (y + 1 <= kWorldMaxY && blocks.get(x, y + 1, z) == water) return true;
  const int dx[] = {1, -1, 0, 0}, dz[] = {0, 0, 1, -1};
  for (int d = 0; d < 4; ++d) {
    const int nx = x + dx[d], nz = z + dz[d];
    if (nx < 0 || nx > 15 || nz < 0 || nz > 15) continue;
    if (blocks.get(nx, y, nz) == water) return true;
  }
  return false;
}

}  // namespace

void run_carver_stage(const TerrainNoise& noise, ChunkColumn& column) {
  const WorldgenBlocks& b = WorldgenBlocks::get();
  DenseBlocks blocks(column);
  int tops[16][16];
  int highest = kLowestCave;
  for (int z = 0; z < 16; ++z)
    for (int x = 0; x < 16; ++x) {
      tops[x][z] = blocks.top_non_air(x, z);
      highest = std::max(highest, tops[x][z]);
    }
  const CaveGrid grid = sample_caves(noise, column.pos(), highest);
  for (int z = 0; z < 16; ++z)
    for (int x = 0; x < 16; ++x) {
      int ceiling = tops[x][z];
      if (ceiling < kShoreTop) ceiling -= kShoreCover;  // no openings in or beside the sea
      ColumnCaves caves(grid, x, z);
      for (int y = ceiling; y >= kLowestCave; --y) {
        if (caves.layer_solid(y)) {
          y = ColumnCaves::layer_bottom(y);  // the loop steps below the layer
          continue;
        }
        const BlockStateId here = blocks.get(x, y, z);
        const double fade = kSurfaceFadeStep * std::max(0, kSurfaceFade - (tops[x][z] - y));
        if (!carvable(here, b) || caves.at(y) + fade >= 0.0) continue;
        if ((y < kWorldMaxY && is_loose(blocks.get(x, y + 1, z), b)) || water_beside(blocks, x, y, z, b.water)) continue;
        blocks.set(x, y, z, y <= kLavaLevel ? b.lava : b.cave_air);
      }
    }
  blocks.store_into(column);
  column.set_status(ChunkStatus::kCarvers);
}

}  // namespace hz
