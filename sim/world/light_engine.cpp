#include "sim/world/light_engine.h"

#include <algorithm>
#include <cassert>
#include <cstring>

#include "sim/world/block_traits.h"

namespace hz {
namespace {

// Queue entries carry coordinates so the search needs no divisions: x and z in 6 bits each,
// y in the rest.
uint32_t pack(int x, int y, int z) {
  return static_cast<uint32_t>(x) | (static_cast<uint32_t>(z) << 6) | (static_cast<uint32_t>(y) << 12);
}

// Lowers levels outward from the queued cells, highest level first, so each cell is final the
// first time it is taken out at its own level.
void flood(const LightVolume& v, std::vector<uint8_t>& level, std::array<std::vector<uint32_t>, 16>& buckets) {
  static constexpr int kSteps[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}, {0, 1, 0}, {0, -1, 0}};
  for (int current = 15; current >= 2; --current) {
    std::vector<uint32_t>& bucket = buckets[static_cast<size_t>(current)];
    for (size_t i = 0; i < bucket.size(); ++i) {
      const uint32_t p = bucket[i];
      const int x = static_cast<int>(p & 63), z = static_cast<int>((p >> 6) & 63), y = static_cast<int>(p >> 12);
      if (level[v.index(x, y, z)] != current) continue;  // raised again later; handled there
      for (const auto& s : kSteps) {
        const int nx = x + s[0], ny = y + s[1], nz = z + s[2];
        if (nx < 0 || nx >= v.size_x || nz < 0 || nz >= v.size_z || ny < 0 || ny >= v.size_y) continue;
        const size_t n = v.index(nx, ny, nz);
        const int next = current - std::max<int>(1, v.opacity[n]);
        if (next > level[n]) {
          level[n] = static_cast<uint8_t>(next);
          buckets[static_cast<size_t>(next)].push_back(pack(nx, ny, nz));
        }
      }
    }
    bucket.clear();
  }
}

}  // namespace

LightVolume::LightVolume(int sx, int sy, int sz)
    : size_x(sx),
      size_y(sy),
      size_z(sz),
      opacity(static_cast<size_t>(sx) * static_cast<size_t>(sy) * static_cast<size_t>(sz), 0),
      emission(opacity.size(), 0) {
  assert(sx <= 64 && sz <= 64);
}

std::vector<uint8_t> propagate_sky_light(const LightVolume& v) {
  std::vector<uint8_t> level(v.opacity.size(), 0);
  // Direct sky: from the top down to the first block that filters any light.
  std::vector<int> lowest_open(static_cast<size_t>(v.size_x * v.size_z));
  for (int z = 0; z < v.size_z; ++z)
    for (int x = 0; x < v.size_x; ++x) {
      int y = v.size_y;
      while (y > 0 && v.opacity[v.index(x, y - 1, z)] == 0) {
        --y;
        level[v.index(x, y, z)] = 15;
      }
      lowest_open[static_cast<size_t>(z * v.size_x + x)] = y;
    }
  // Only direct cells beside or above a darker cell can spread anything.
  std::array<std::vector<uint32_t>, 16> buckets;
  for (int z = 0; z < v.size_z; ++z)
    for (int x = 0; x < v.size_x; ++x) {
      const int open = lowest_open[static_cast<size_t>(z * v.size_x + x)];
      int deepest_neighbour = open + 1;
      const int dx[] = {1, -1, 0, 0}, dz[] = {0, 0, 1, -1};
      for (int d = 0; d < 4; ++d) {
        const int nx = x + dx[d], nz = z + dz[d];
        if (nx < 0 || nx >= v.size_x || nz < 0 || nz >= v.size_z) continue;
        deepest_neighbour = std::max(deepest_neighbour, lowest_open[static_cast<size_t>(nz * v.size_x + nx)]);
      }
      for (int y = open; y < std::min(deepest_neighbour, v.size_y); ++y) buckets[15].push_back(pack(x, y, z));
      if (open == v.size_y) {  // the top cell filters light: the sky above it is the source
        const int top = v.size_y - 1;
        const int lit = 15 - std::max<int>(1, v.opacity[v.index(x, top, z)]);
        if (lit > 0) {
          level[v.index(x, top, z)] = static_cast<uint8_t>(lit);
          buckets[static_cast<size_t>(lit)].push_back(pack(x, top, z));
        }
      }
    }
  flood(v, level, buckets);
  return level;
}

std::vector<uint8_t> propagate_block_light(const LightVolume& v) {
  std::vector<uint8_t> level(v.opacity.size(), 0);
  std::array<std::vector<uint32_t>, 16> buckets;
  const size_t row = static_cast<size_t>(v.size_x), layer = row * static_cast<size_t>(v.size_z);
  for (size_t i = 0; i < v.emission.size(); ++i) {
    if ((i & 7) == 0 && i + 8 <= v.emission.size()) {  // emitters are rare: skip empty runs of 8
      uint64_t eight;
      std::memcpy(&eight, v.emission.data() + i, 8);
      if (eight == 0) {
        i += 7;
        continue;
      }
    }
    const uint8_t e = v.emission[i];
    if (e == 0) continue;
    level[i] = e;
    const auto y = static_cast<int>(i / layer), z = static_cast<int>(i % layer / row), x = static_cast<int>(i % row);
    buckets[e].push_back(pack(x, y, z));
  }
  flood(v, level, buckets);
  return level;
}

std::shared_ptr<const ColumnBlocks> ColumnBlocks::snapshot(const ChunkColumn& column) {
  auto blocks = std::make_shared<ColumnBlocks>();
  for (int s = 0; s < kSectionCount; ++s) blocks->sections[static_cast<size_t>(s)] = column.section(s).blocks();
  return blocks;
}

namespace {

// Light reaching the centre column has come at most 14 blocks (a level drops by at least one a
// step, from at most 15), so only the neighbours' 14 nearest block rows can matter: the volume
// spans the centre and 14 blocks either side, and gives the same centre as three whole chunks.
constexpr int kLightReach = 14;
constexpr int kSpan = 16 + 2 * kLightReach;
constexpr int kFirst = 16 - kLightReach;  // the volume's x = 0 (and z = 0) is the neighbourhood's kFirst

// The block rows (local x or z, 0..15) of neighbourhood chunk `c` (0..2) inside the volume.
struct Rows {
  int first, end;
};
constexpr Rows rows_inside(int c) { return {std::max(0, kFirst - c * 16), std::min(16, kSpan + kFirst - c * 16)}; }
constexpr int volume_coord(int c, int local) { return c * 16 + local - kFirst; }

// Highest light-section index (0..25) holding any block in the neighbourhood, plus one so block
// light from the top blocks has room; everything above is open sky.
int light_top(const LightNeighbourhood& hood, const BlockTraits& traits) {
  int highest = -1;
  for (const ColumnBlocks* c : hood) {
    if (c == nullptr) continue;
    for (int s = kSectionCount - 1; s > highest; --s) {
      const PalettedContainer& p = c->sections[static_cast<size_t>(s)];
      if (!(p.is_single() && traits.is_air(p.get(0)))) {
        highest = s;
        break;
      }
    }
  }
  return std::min(kLightSectionCount - 1, highest + 2);
}

// Returns whether any block of the section emits light. The volume starts with no light emitted,
// so only a section that emits writes emission.
bool fill_section(LightVolume& v, int cx, int cz, int light_section, const PalettedContainer& blocks,
                  const BlockTraits& traits, std::vector<uint8_t>& scratch) {
  const Rows xs = rows_inside(cx), zs = rows_inside(cz);
  const auto copy_rows = [&](std::vector<uint8_t>& into) {
    for (int ly = 0; ly < 16; ++ly)
      for (int z = zs.first; z < zs.end; ++z) {
        const size_t i = v.index(volume_coord(cx, xs.first), light_section * 16 + ly, volume_coord(cz, z));
        std::copy_n(scratch.begin() + ((ly << 8) | (z << 4) | xs.first), xs.end - xs.first,
                    into.begin() + static_cast<long>(i));
      }
  };
  if (blocks.copy_through(traits.opacities(), scratch) != 0) copy_rows(v.opacity);
  if (blocks.copy_through(traits.emissions(), scratch) == 0) return false;
  copy_rows(v.emission);
  return true;
}

void fill_missing(LightVolume& v, int cx, int cz) {
  const Rows xs = rows_inside(cx), zs = rows_inside(cz);
  for (int y = 0; y < v.size_y; ++y)
    for (int z = zs.first; z < zs.end; ++z)
      for (int x = xs.first; x < xs.end; ++x) v.opacity[v.index(volume_coord(cx, x), y, volume_coord(cz, z))] = 15;
}

LightLayer centre_layer(const LightVolume& v, const std::vector<uint8_t>& level, int light_section,
                        std::vector<uint8_t>& scratch) {
  for (int ly = 0; ly < 16; ++ly)
    for (int z = 0; z < 16; ++z) {
      const size_t row = v.index(volume_coord(1, 0), light_section * 16 + ly, volume_coord(1, z));
      std::copy_n(level.begin() + static_cast<long>(row), 16, scratch.begin() + ((ly << 8) | (z << 4)));
    }
  return LightLayer::from_levels(scratch);
}

}  // namespace

ColumnLight compute_column_light(const LightNeighbourhood& hood) {
  const BlockTraits& traits = BlockTraits::get();
  const int top = light_top(hood, traits);
  LightVolume v(kSpan, (top + 1) * 16, kSpan);
  std::vector<uint8_t> scratch(4096);
  bool emits = false;
  for (int dx = 0; dx < 3; ++dx)
    for (int dz = 0; dz < 3; ++dz) {
      const ColumnBlocks* c = hood[static_cast<size_t>(dx * 3 + dz)];
      if (c == nullptr) {
        fill_missing(v, dx, dz);
        continue;
      }
      for (int s = 0; s < kSectionCount && s + 1 <= top; ++s) {
        emits = fill_section(v, dx, dz, s + 1, c->sections[static_cast<size_t>(s)], traits, scratch) || emits;
      }
    }
  const std::vector<uint8_t> sky = propagate_sky_light(v);
  // Without an emitter in the neighbourhood every block light level is zero, as a new layer is.
  const std::vector<uint8_t> block = emits ? propagate_block_light(v) : std::vector<uint8_t>{};
  ColumnLight light;
  for (int ls = 0; ls < kLightSectionCount; ++ls) {
    if (ls > top) {
      light.sky[static_cast<size_t>(ls)] = LightLayer::uniform(15);
      continue;  // block light stays zero
    }
    light.sky[static_cast<size_t>(ls)] = centre_layer(v, sky, ls, scratch);
    if (emits) light.block[static_cast<size_t>(ls)] = centre_layer(v, block, ls, scratch);
  }
  return light;
}

void relight_column(ChunkColumn& column, const std::array<const ChunkColumn*, 9>& neighbourhood) {
  std::array<std::shared_ptr<const ColumnBlocks>, 9> snapshots;
  LightNeighbourhood hood{};
  for (size_t i = 0; i < 9; ++i) {
    const ChunkColumn* c = i == 4 ? &column : neighbourhood[i];
    if (c == nullptr) continue;
    snapshots[i] = ColumnBlocks::snapshot(*c);
    hood[i] = snapshots[i].get();
  }
  column.set_light(compute_column_light(hood));
}

}  // namespace hz
