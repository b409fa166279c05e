#include "sim/world/light_engine.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <vector>

#include "sim/core/rng.h"
#include "sim/data/blocks.h"

namespace hz {
namespace {

// The light rules relaxed until nothing changes (no queues, no direct-sky shortcut): a cell is
// the best of its emission and each neighbour minus max(1, its own opacity), except that sky
// light of 15 right above a fully transparent cell stays 15. Above the top is open sky at 15.
struct BruteForceLight {
  int sx, sy, sz;
  std::vector<uint8_t> opacity, emission;
  size_t at(int x, int y, int z) const {
    return (static_cast<size_t>(y) * static_cast<size_t>(sz) + static_cast<size_t>(z)) * static_cast<size_t>(sx) +
           static_cast<size_t>(x);
  }

  std::vector<uint8_t> solve(bool sky) const {
    std::vector<uint8_t> level(opacity.size(), 0);
    bool changed = true;
    bool downwards = true;
    while (changed) {
      changed = false;
      for (int step = 0; step < sy; ++step) {
        const int y = downwards ? sy - 1 - step : step;
        for (int z = 0; z < sz; ++z)
          for (int x = 0; x < sx; ++x) {
            const size_t i = at(x, y, z);
            const int cost = std::max<int>(1, opacity[i]);
            int best = sky ? 0 : emission[i];
            const int above = y + 1 < sy ? level[at(x, y + 1, z)] : (sky ? 15 : 0);
            best = std::max(best, sky && above == 15 && opacity[i] == 0 ? 15 : above - cost);
            const int nx[] = {x + 1, x - 1, x, x, x}, ny[] = {y, y, y, y, y - 1}, nz[] = {z, z, z + 1, z - 1, z};
            for (int d = 0; d < 5; ++d) {
              if (nx[d] < 0 || nx[d] >= sx || nz[d] < 0 || nz[d] >= sz || ny[d] < 0) continue;
              best = std::max(best, level[at(nx[d], ny[d], nz[d])] - cost);
            }
            if (best > level[i]) {
              level[i] = static_cast<uint8_t>(best);
              changed = true;
            }
          }
      }
      downwards = !downwards;
    }
    return level;
  }
};

RC_GTEST_PROP(Light, FloodFillMatchesBruteForceOnSmallWorlds, ()) {
  const int sx = *rc::gen::inRange(1, 13), sy = *rc::gen::inRange(1, 24), sz = *rc::gen::inRange(1, 13);
  const std::vector<uint8_t> opacity_choices = {0, 0, 0, 0, 0, 1, 1, 2, 3, 15, 15, 15};
  LightVolume v(sx, sy, sz);
  for (size_t i = 0; i < v.opacity.size(); ++i) {
    v.opacity[i] = *rc::gen::elementOf(opacity_choices);
    v.emission[i] = *rc::gen::inRange(0, 10) == 0 ? static_cast<uint8_t>(*rc::gen::inRange(1, 16)) : 0;
  }
  BruteForceLight reference{sx, sy, sz, v.opacity, v.emission};
  RC_ASSERT(propagate_sky_light(v) == reference.solve(true));
  RC_ASSERT(propagate_block_light(v) == reference.solve(false));
}

TEST(Light, SkyFallsThroughAirAndDarkensUnderARoof) {
  LightVolume v(5, 10, 1);
  for (int x = 0; x < 4; ++x) v.opacity[v.index(x, 6, 0)] = 15;  // a roof with a gap at x = 4
  const auto sky = propagate_sky_light(v);
  EXPECT_EQ(sky[v.index(4, 0, 0)], 15);  // straight down the gap
  EXPECT_EQ(sky[v.index(3, 0, 0)], 14);
  EXPECT_EQ(sky[v.index(0, 0, 0)], 11);
  EXPECT_EQ(sky[v.index(0, 7, 0)], 15);
}

// A 5x5-chunk world of random blocks: a rock layer with holes, overhangs, water, leaves,
// glass and light sources, packed into every border between chunks.
std::vector<ChunkColumn> random_world(uint64_t seed) {
  Rng rng(seed);
  const BlockStateId stone = default_state_of("stone"), glass = default_state_of("glass"),
                     leaves = default_state_of("oak_leaves"), water = default_state_of("water"),
                     glowstone = default_state_of("glowstone"), torch = default_state_of("torch"),
                     lava = default_state_of("lava");
  std::vector<ChunkColumn> world;
  for (int cx = -2; cx <= 2; ++cx)
    for (int cz = -2; cz <= 2; ++cz) {
      ChunkColumn c({cx, cz});
      for (int x = 0; x < 16; ++x)
        for (int z = 0; z < 16; ++z) {
          if (rng.next_below(12) != 0) {
            c.set_block(x, 10, z, stone);  // the roof, with a hole here and there
            c.set_block(x, 11, z, stone);
          }
          for (int y = -64; y < 40; ++y) {
            const uint32_t r = rng.next_below(400);
            BlockStateId s = 0;
            if (r < 40) s = stone;
            else if (r < 48) s = leaves;
            else if (r < 54) s = water;
            else if (r < 58) s = glass;
            else if (r == 58) s = glowstone;
            else if (r == 59) s = torch;
            else if (r == 60 && y < -40) s = lava;
            if (s != 0) c.set_block(x, y, z, s);
          }
        }
      world.push_back(std::move(c));
    }
  return world;
}

TEST(Light, ColumnLightMatchesBruteForceOverFiveByFiveChunks) {
  for (uint64_t seed : {1u, 2u}) {
    const std::vector<ChunkColumn> world = random_world(seed);
    auto chunk = [&](int cx, int cz) -> const ChunkColumn& { return world[static_cast<size_t>((cx + 2) * 5 + cz + 2)]; };

    // Brute force over the whole 5x5 area from blocks.h facts, all 26 light sections.
    BruteForceLight ref{80, kLightSectionCount * 16, 80, {}, {}};
    ref.opacity.assign(static_cast<size_t>(80 * 80 * ref.sy), 0);
    ref.emission.assign(ref.opacity.size(), 0);
    for (int y = kWorldMinY; y <= kWorldMaxY; ++y)
      for (int z = 0; z < 80; ++z)
        for (int x = 0; x < 80; ++x) {
          const BlockStateId s = chunk(x / 16 - 2, z / 16 - 2).block(x % 16, y, z % 16);
          const size_t i = ref.at(x, y - kWorldMinY + 16, z);
          ref.opacity[i] = light_opacity(s);
          ref.emission[i] = emitted_light(s);
        }
    const auto sky = ref.solve(true);
    const auto block = ref.solve(false);

    // The engine only sees the centre chunk's 3x3 neighbourhood.
    std::array<std::shared_ptr<const ColumnBlocks>, 9> snapshots;
    LightNeighbourhood hood{};
    for (int dx = -1; dx <= 1; ++dx)
      for (int dz = -1; dz <= 1; ++dz) {
        const size_t i = static_cast<size_t>((dx + 1) * 3 + dz + 1);
        snapshots[i] = ColumnBlocks::snapshot(chunk(dx, dz));
        hood[i] = snapshots[i].get();
      }
    const ColumnLight light = compute_column_light(hood);
    int lit_cells = 0, dark_cells = 0;
    for (int y = kWorldMinY - 16; y < kWorldMaxY + 17; ++y)
      for (int z = 0; z < 16; ++z)
        for (int x = 0; x < 16; ++x) {
          const size_t i = ref.at(32 + x, y - kWorldMinY + 16, 32 + z);
          ASSERT_EQ(light.sky_at(x, y, z), sky[i]) << "sky at " << x << "," << y << "," << z;
          ASSERT_EQ(light.block_at(x, y, z), block[i]) << "block at " << x << "," << y << "," << z;
          lit_cells += block[i] > 0;
          dark_cells += sky[i] > 0 && sky[i] < 15;
        }
    EXPECT_GT(lit_cells, 1000);  // the random world does exercise both kinds of light
    EXPECT_GT(dark_cells, 1000);
  }
}

// Light can travel 14 blocks and still be 1, so the engine must see that far into the
// neighbours: a tunnel through rock runs from the west neighbour's far edge to the east one's,
// with glowstone in it `west` blocks west of the centre chunk and a shaft open to the sky `east`
// blocks east of it. The centre's first and last cells of the tunnel get 15 - west and 15 - east.
ColumnLight light_down_a_tunnel(int west, int east) {
  constexpr int kTunnelY = 40, kTunnelZ = 8, kRockTop = 80;
  const BlockStateId stone = default_state_of("stone"), glowstone = default_state_of("glowstone");
  std::vector<ChunkColumn> hood_columns;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz) {
      ChunkColumn c({dx, dz});
      for (int s = 0; s < section_index_of(kRockTop); ++s) c.section(s).assign_blocks(PalettedContainer(kBlockLayout, stone));
      if (dz == 0) {
        for (int x = 0; x < 16; ++x) c.set_block(x, kTunnelY, kTunnelZ, 0);
        if (dx == -1) c.set_block(16 - west, kTunnelY, kTunnelZ, glowstone);
        if (dx == 1)
          for (int y = kTunnelY; y < kRockTop; ++y) c.set_block(east - 1, y, kTunnelZ, 0);
      }
      hood_columns.push_back(std::move(c));
    }
  std::array<std::shared_ptr<const ColumnBlocks>, 9> snapshots;
  LightNeighbourhood hood{};
  for (size_t i = 0; i < 9; ++i) {
    snapshots[i] = ColumnBlocks::snapshot(hood_columns[i]);
    hood[i] = snapshots[i].get();
  }
  return compute_column_light(hood);
}

TEST(Light, LightComesFourteenBlocksFromTheNeighbours) {
  for (int distance : {13, 14, 15, 16}) {
    const ColumnLight light = light_down_a_tunnel(distance, distance);
    const int expected = std::max(0, 15 - distance);
    EXPECT_EQ(light.block_at(0, 40, 8), expected) << "glowstone " << distance << " blocks west";
    EXPECT_EQ(light.sky_at(15, 40, 8), expected) << "sky " << distance << " blocks east";
    EXPECT_EQ(light.sky_at(0, 40, 8), 0);  // the rock around the tunnel is dark
  }
}

}  // namespace
}  // namespace hz
