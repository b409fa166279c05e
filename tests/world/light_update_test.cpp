// Incremental light (light_update.h) against the whole-column light engine as the reference:
// after any batch of block changes, every loaded column's light equals a full relight.
#include "sim/world/light_update.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/core/rng.h"
#include "sim/data/blocks.h"
#include "sim/world/light_engine.h"

namespace hz {
namespace {

// A square of loaded columns; columns outside it are unloaded.
class Area {
 public:
  explicit Area(int radius) : radius_(radius) {
    for (int x = -radius; x <= radius; ++x)
      for (int z = -radius; z <= radius; ++z) columns_[{x, z}] = std::make_unique<ChunkColumn>(ChunkPos{x, z});
  }

  ChunkColumn* column(ChunkPos pos) {
    auto it = columns_.find(pos);
    return it == columns_.end() ? nullptr : it->second.get();
  }
  LightColumns lookup() {
    return [this](ChunkPos pos) { return column(pos); };
  }
  BlockStateId block(int x, int y, int z) { return column({x >> 4, z >> 4})->block(x & 15, y, z & 15); }
  ChangedBlock set(int x, int y, int z, BlockStateId state) {
    return {x, y, z, column({x >> 4, z >> 4})->set_block(x & 15, y, z & 15, state)};
  }

  // The light the whole-column engine gives each column, from the blocks as they are now.
  std::map<ChunkPos, ColumnLight> full_light() {
    std::map<ChunkPos, ColumnLight> out;
    for (auto& [pos, column] : columns_) {
      std::array<std::shared_ptr<const ColumnBlocks>, 9> snapshots;
      LightNeighbourhood hood{};
      for (int dx = -1; dx <= 1; ++dx)
        for (int dz = -1; dz <= 1; ++dz) {
          const ChunkColumn* c = column_const({pos.x + dx, pos.z + dz});
          if (c == nullptr) continue;
          const size_t i = static_cast<size_t>((dx + 1) * 3 + (dz + 1));
          snapshots[i] = ColumnBlocks::snapshot(*c);
          hood[i] = snapshots[i].get();
        }
      out[pos] = compute_column_light(hood);
    }
    return out;
  }
  void light_fully() {
    for (auto& [pos, light] : full_light()) column(pos)->set_light(std::move(light));
  }
  int min_block() const { return -radius_ * 16; }
  int max_block() const { return radius_ * 16 + 15; }
  const std::map<ChunkPos, std::unique_ptr<ChunkColumn>>& columns() const { return columns_; }

 private:
  const ChunkColumn* column_const(ChunkPos pos) const {
    auto it = columns_.find(pos);
    return it == columns_.end() ? nullptr : it->second.get();
  }
  int radius_;
  std::map<ChunkPos, std::unique_ptr<ChunkColumn>> columns_;
};

// Where light differs between the area's columns and the reference, as readable text.
std::string first_difference(Area& area, const std::map<ChunkPos, ColumnLight>& reference) {
  for (const auto& [pos, expected] : reference) {
    const ColumnLight& actual = area.column(pos)->light();
    for (int s = 0; s < kLightSectionCount; ++s)
      for (bool sky : {true, false}) {
        const LightLayer& a = (sky ? actual.sky : actual.block)[static_cast<size_t>(s)];
        const LightLayer& e = (sky ? expected.sky : expected.block)[static_cast<size_t>(s)];
        for (int i = 0; i < 4096; ++i) {
          if (a.get(i) == e.get(i)) continue;
          const int x = pos.x * 16 + (i & 15), z = pos.z * 16 + ((i >> 4) & 15);
          const int y = kWorldMinY - 16 + s * 16 + (i >> 8);
          return std::string(sky ? "sky" : "block") + " light at " + std::to_string(x) + " " + std::to_string(y) +
                 " " + std::to_string(z) + ": " + std::to_string(a.get(i)) + ", expected " + std::to_string(e.get(i));
        }
      }
  }
  return "";
}

std::vector<BlockStateId> palette() {
  std::vector<BlockStateId> states;
  for (const char* name : {"air", "air", "air", "stone", "stone", "glass", "oak_leaves", "water", "torch", "glowstone",
                           "sea_lantern", "cobweb", "ice"}) {
    states.push_back(default_state_of(name));
  }
  return states;
}

// Low terrain with holes, overhangs and a few lights, near the bottom of the world so a full
// relight stays cheap.
void build_terrain(Area& area, Rng& rng) {
  const std::vector<BlockStateId> states = palette();
  const BlockStateId stone = default_state_of("stone");
  for (int x = area.min_block(); x <= area.max_block(); ++x)
    for (int z = area.min_block(); z <= area.max_block(); ++z) {
      const int ground = kWorldMinY + 4 + static_cast<int>(rng.next_below(12));
      for (int y = kWorldMinY; y <= ground; ++y) area.set(x, y, z, stone);
      for (int k = 0; k < 2; ++k) {
        const int y = kWorldMinY + static_cast<int>(rng.next_below(24));
        area.set(x, y, z, states[rng.next_below(static_cast<uint32_t>(states.size()))]);
      }
    }
}

TEST(LightUpdate, MatchesAFullRelightAfterRandomBatchesOfChanges) {
  const std::vector<BlockStateId> states = palette();
  for (uint64_t seed = 1; seed <= 24; ++seed) {
    Rng rng(seed);
    Area area(1);
    build_terrain(area, rng);
    area.light_fully();
    for (int batch = 0; batch < 6; ++batch) {
      std::vector<ChangedBlock> changes;
      const int count = 1 + static_cast<int>(rng.next_below(batch == 5 ? 60 : 6));
      for (int i = 0; i < count; ++i) {
        const int x = area.min_block() + static_cast<int>(rng.next_below(48));
        const int z = area.min_block() + static_cast<int>(rng.next_below(48));
        const int y = kWorldMinY + static_cast<int>(rng.next_below(26));
        changes.push_back(area.set(x, y, z, states[rng.next_below(static_cast<uint32_t>(states.size()))]));
      }
      update_light(changes, area.lookup());
      ASSERT_EQ(first_difference(area, area.full_light()), "") << "seed " << seed << ", batch " << batch;
    }
  }
}

TEST(LightUpdate, CoveringAShaftDarkensItAllTheWayDownAndOpeningItLightsItAgain) {
  Area area(1);
  const BlockStateId stone = default_state_of("stone"), air = default_state_of("air");
  for (int x = -16; x < 32; ++x)
    for (int z = -16; z < 32; ++z)
      for (int y = kWorldMinY; y <= 40; ++y) area.set(x, y, z, stone);
  for (int y = -30; y <= 40; ++y) area.set(5, y, 5, air);  // a 71-block shaft open to the sky
  area.light_fully();
  ASSERT_EQ(area.column({0, 0})->light().sky_at(5, -30, 5), 15);

  std::vector<ChangedBlock> cover{area.set(5, 40, 5, stone)};
  std::vector<ChangedLightSection> changed = update_light(cover, area.lookup());
  EXPECT_EQ(area.column({0, 0})->light().sky_at(5, -30, 5), 0);
  EXPECT_EQ(first_difference(area, area.full_light()), "");
  // Every section the shaft passes through reports a sky change, and no block light changed.
  for (int y = -30; y < 40; y += 16) {
    const ChangedLightSection section{{0, 0}, ((y - kWorldMinY) >> 4) + 1, true};
    EXPECT_TRUE(std::binary_search(changed.begin(), changed.end(), section)) << "y " << y;
  }
  for (const ChangedLightSection& s : changed) EXPECT_TRUE(s.sky);

  std::vector<ChangedBlock> open{area.set(5, 40, 5, air)};
  update_light(open, area.lookup());
  EXPECT_EQ(area.column({0, 0})->light().sky_at(5, -30, 5), 15);
  EXPECT_EQ(first_difference(area, area.full_light()), "");
}

TEST(LightUpdate, ATorchLightsAcrossAChunkBorderAndTakingItAwayDarkensIt) {
  Area area(1);
  const BlockStateId stone = default_state_of("stone"), air = default_state_of("air");
  for (int x = -16; x < 32; ++x)
    for (int z = -16; z < 32; ++z)
      for (int y = kWorldMinY; y <= 0; ++y) area.set(x, y, z, (y > -20 && y < -10) ? air : stone);
  area.light_fully();
  std::vector<ChangedBlock> place{area.set(15, -15, 8, default_state_of("torch"))};
  std::vector<ChangedLightSection> changed = update_light(place, area.lookup());
  EXPECT_EQ(area.column({0, 0})->light().block_at(15, -15, 8), 14);
  EXPECT_EQ(area.column({1, 0})->light().block_at(0, -15, 8), 13);
  EXPECT_EQ(first_difference(area, area.full_light()), "");
  EXPECT_TRUE(std::binary_search(changed.begin(), changed.end(),
                                 ChangedLightSection{{1, 0}, ((-15 - kWorldMinY) >> 4) + 1, false}));

  std::vector<ChangedBlock> take{area.set(15, -15, 8, air)};
  update_light(take, area.lookup());
  EXPECT_EQ(area.column({1, 0})->light().block_at(0, -15, 8), 0);
  EXPECT_EQ(first_difference(area, area.full_light()), "");
}

TEST(LightUpdate, AChangeThatKeepsTheLightPropertiesChangesNoLight) {
  Area area(1);
  for (int x = -16; x < 32; ++x)
    for (int z = -16; z < 32; ++z) area.set(x, -60, z, default_state_of("stone"));
  area.light_fully();
  std::vector<ChangedBlock> swap{area.set(3, -60, 3, default_state_of("cobblestone"))};
  EXPECT_TRUE(update_light(swap, area.lookup()).empty());
}

}  // namespace
}  // namespace hz
