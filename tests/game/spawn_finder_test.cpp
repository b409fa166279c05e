// The spawn finder against a reference model written from docs/rules/player-data.md sections 5
// and 6 that reads only blocks (no heightmaps for the column top, an exact area test for full top
// faces), on generated forest terrain and on small hand-built worlds.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <memory>

#include "sim/world/block_traits.h"
#include "sim/game/world/spawn_finder.h"
#include "sim/world/generation_graph.h"
#include "sim/world/inline_generation.h"

namespace hz {
namespace {

// --- the reference model ---

bool is_leaves(BlockStateId state) { return (BlockTraits::get().flags(state) & kFlagLeaves) != 0; }

// MOTION_BLOCKING by scanning down from the top of the world.
int reference_top(const SpawnTerrain& t, int x, int z) {
  for (int y = kWorldMaxY; y >= kWorldMinY; --y) {
    const BlockStateId s = t.block(x, y, z);
    if (!collision_boxes(s).empty() || has_fluid(s)) return y;
  }
  return kWorldMinY - 1;
}

// The union of the boxes reaching the top covers the unit square: checked exactly on the grid
// the boxes' own edges make.
bool reference_full_top(BlockStateId s) {
  std::vector<ShapeBox> top;
  for (const ShapeBox& b : collision_boxes(s))
    if (b.max_y >= 1.0 - 1e-9) top.push_back(b);
  if (top.empty()) return false;
  std::vector<double> xs{0, 1}, zs{0, 1};
  for (const ShapeBox& b : top) xs.push_back(b.min_x), xs.push_back(b.max_x), zs.push_back(b.min_z), zs.push_back(b.max_z);
  std::sort(xs.begin(), xs.end());
  std::sort(zs.begin(), zs.end());
  for (size_t i = 0; i + 1 < xs.size(); ++i)
    for (size_t j = 0; j + 1 < zs.size(); ++j) {
      const double cx = (xs[i] + xs[i + 1]) / 2, cz = (zs[j] + zs[j + 1]) / 2;
      if (xs[i + 1] - xs[i] < 1e-9 || zs[j + 1] - zs[j] < 1e-9 || cx < 0 || cx > 1 || cz < 0 || cz > 1) continue;
      bool covered = false;
      for (const ShapeBox& b : top) covered |= b.min_x <= cx && cx <= b.max_x && b.min_z <= cz && cz <= b.max_z;
      if (!covered) return false;
    }
  return true;
}

bool reference_fits(const SpawnTerrain& t, const BlockPos& feet) {
  const double x0 = feet.x + 0.2, x1 = feet.x + 0.8, y0 = feet.y, y1 = feet.y + 1.8, z0 = feet.z + 0.2, z1 = feet.z + 0.8;
  for (int y = feet.y - 1; y <= feet.y + 2; ++y)
    for (int x = feet.x - 1; x <= feet.x + 1; ++x)
      for (int z = feet.z - 1; z <= feet.z + 1; ++z) {
        const BlockStateId s = t.block(x, y, z);
        if (has_fluid(s) && x == feet.x && z == feet.z && y < y1 && y + 1 > y0) return false;
        for (const ShapeBox& b : collision_boxes(s))
          if (x + b.min_x < x1 && x + b.max_x > x0 && y + b.min_y < y1 && y + b.max_y > y0 && z + b.min_z < z1 &&
              z + b.max_z > z0)
            return false;
      }
  return true;
}

std::optional<BlockPos> reference_column(const SpawnTerrain& t, int x, int z) {
  const int top = reference_top(t, x, z);
  if (top < kWorldMinY) return std::nullopt;
  int surface = kWorldMinY - 1, floor = kWorldMinY - 1;
  for (int y = kWorldMaxY; y >= kWorldMinY && surface < kWorldMinY; --y)
    if (!is_air(t.block(x, y, z))) surface = y;
  floor = *t.top_y(HeightmapType::kOceanFloor, x, z);  // the ocean floor's own definition
  if (surface <= top && surface > floor) return std::nullopt;
  for (int y = top + 1; y >= kWorldMinY; --y) {
    const BlockStateId s = t.block(x, y, z);
    if (has_fluid(s)) return std::nullopt;
    if (reference_full_top(s)) return is_leaves(s) ? std::nullopt : std::optional(BlockPos{x, y + 1, z});
  }
  return std::nullopt;
}

Vec3 reference_find(const SpawnTerrain& t, BlockPos spawn, int radius, uint32_t offset_draw) {
  const int side = 2 * radius + 1, count = std::min(1024, side * side);
  const int coprime = count <= 16 ? count - 1 : 17;
  const int offset = static_cast<int>(offset_draw);
  for (int i = 0; i < count; ++i) {
    const int v = static_cast<int>((offset + static_cast<int64_t>(coprime) * i) % count);
    const int x = spawn.x + v % side - radius, z = spawn.z + v / side - radius;
    auto feet = reference_column(t, x, z);
    if (feet && reference_fits(t, *feet)) return {feet->x + 0.5, static_cast<double>(feet->y), feet->z + 0.5};
  }
  return {};  // (the tests keep to areas where a candidate exists)
}

// --- worlds ---

class GeneratedWorld {
 public:
  explicit GeneratedWorld(uint64_t seed, int radius) {
    GenerationGraph graph(seed);
    for (int x = -radius; x <= radius; ++x)
      for (int z = -radius; z <= radius; ++z) graph.request({x, z});
    run_generation_inline(graph);
    for (auto& column : graph.take_finished()) chunks_[column->pos()] = column;
  }
  ColumnSpawnTerrain terrain() const {
    return ColumnSpawnTerrain([this](ChunkPos pos) -> const ChunkColumn* {
      auto it = chunks_.find(pos);
      return it == chunks_.end() ? nullptr : it->second.get();
    });
  }

 private:
  std::map<ChunkPos, std::shared_ptr<ChunkColumn>> chunks_;
};

const GeneratedWorld& forest() {
  // Seed 12345 has a spruce forest at the origin (docs/streaming.md: the old spawn was on its canopy).
  static const GeneratedWorld world(12345, 2);
  return world;
}

// A flat world of grass at y 64 with blocks placed by hand; heightmaps kept by ChunkColumn.
class HandWorld {
 public:
  HandWorld() {
    for (int cx = -1; cx <= 0; ++cx)
      for (int cz = -1; cz <= 0; ++cz) {
        auto column = std::make_shared<ChunkColumn>(ChunkPos{cx, cz});
        for (int x = 0; x < 16; ++x)
          for (int z = 0; z < 16; ++z) column->set_block(x, 64, z, default_state_of("grass_block"));
        chunks_[{cx, cz}] = column;
      }
  }
  void set(int x, int y, int z, std::string_view block) {
    chunks_.at({x >> 4, z >> 4})->set_block(x & 15, y, z & 15, default_state_of(block));
  }
  ColumnSpawnTerrain terrain() const {
    return ColumnSpawnTerrain([this](ChunkPos pos) -> const ChunkColumn* {
      auto it = chunks_.find(pos);
      return it == chunks_.end() ? nullptr : it->second.get();
    });
  }

 private:
  std::map<ChunkPos, std::shared_ptr<ChunkColumn>> chunks_;
};

// --- tests ---

TEST(SpawnFinder, ColumnsAgreeWithTheReferenceAndNeverStandOnOrUnderLeaves) {
  const ColumnSpawnTerrain t = forest().terrain();
  int under_trees = 0, answered = 0;
  for (int x = -32; x < 48; ++x)
    for (int z = -32; z < 48; ++z) {
      const auto got = respawn_position_in_column(t, x, z);
      ASSERT_EQ(got.has_value(), reference_column(t, x, z).has_value()) << x << "," << z;
      const bool leaves_on_top = is_leaves(t.block(x, *t.top_y(HeightmapType::kMotionBlocking, x, z), z));
      under_trees += leaves_on_top;
      if (!got) continue;
      ++answered;
      EXPECT_FALSE(leaves_on_top) << x << "," << z;
      EXPECT_EQ(*got, *reference_column(t, x, z)) << x << "," << z;
      EXPECT_FALSE(is_leaves(t.block(x, got->y - 1, z))) << x << "," << z;
      EXPECT_EQ(has_full_top_face(t.block(x, got->y - 1, z)), true);
    }
  EXPECT_GT(answered, 1000);
  EXPECT_GT(under_trees, 50);  // the area really is a forest: many columns have leaves on top
}

TEST(SpawnFinder, FullTopFacesMatchTheExactAreaTest) {
  for (int s = 0; s < kBlockStateCount; ++s) {
    const auto state = static_cast<BlockStateId>(s);
    ASSERT_EQ(has_full_top_face(state), reference_full_top(state)) << block_info(block_of_state(state)).name;
  }
}

RC_GTEST_PROP(SpawnFinder, FindsTheReferenceSpawnOnForestTerrain, ()) {
  const ColumnSpawnTerrain t = forest().terrain();
  const BlockPos spawn{*rc::gen::inRange(-16, 32), 64, *rc::gen::inRange(-16, 32)};
  const int radius = *rc::gen::inRange(0, 11);
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  Rng random(seed), copy(seed);
  const Vec3 got = find_player_spawn(t, SpawnSearch{spawn, radius, false}, random);
  const int side = 2 * radius + 1;
  const uint32_t draw = copy.next_below(static_cast<uint32_t>(std::min(1024, side * side)));
  const BlockPos feet{static_cast<int>(std::floor(got.x)), static_cast<int>(got.y), static_cast<int>(std::floor(got.z))};
  RC_ASSERT(reference_fits(t, feet));
  const Vec3 expected = reference_find(t, spawn, radius, draw);
  if (expected.y == 0.0) return;  // no candidate works: the height fix-up's answer (tested below)
  RC_ASSERT(got == expected);
  RC_ASSERT(!is_leaves(t.block(feet.x, feet.y - 1, feet.z)));
}

TEST(SpawnFinder, TreesTheGroundUnderThemAndWaterAreRefused) {
  HandWorld w;
  // An oak: trunk at (3, 65..69, 3), a leaf layer at y 68-69 around it.
  for (int y = 65; y <= 69; ++y) w.set(3, y, 3, "oak_log");
  for (int x = 1; x <= 5; ++x)
    for (int z = 1; z <= 5; ++z)
      for (int y = 68; y <= 70; ++y)
        if (x != 3 || z != 3 || y == 70) w.set(x, y, z, "oak_leaves");
  w.set(7, 64, 7, "water");
  const ColumnSpawnTerrain t = w.terrain();
  // The trunk and the columns under the canopy have leaves on top: vanilla would answer the leaf
  // top at 71, Horizon none.
  EXPECT_FALSE(respawn_position_in_column(t, 3, 3).has_value());
  EXPECT_FALSE(respawn_position_in_column(t, 2, 3).has_value());
  EXPECT_FALSE(respawn_position_in_column(t, 5, 5).has_value());
  EXPECT_EQ(respawn_position_in_column(t, 6, 3), (BlockPos{6, 65, 3}));  // beside the tree
  EXPECT_FALSE(respawn_position_in_column(t, 7, 7).has_value());  // water on top
  // The world spawn in this chunk is the first column, x outer and z inner.
  EXPECT_EQ(spawn_position_in_chunk(t, ChunkPos{0, 0}), (BlockPos{0, 65, 0}));
  // Radius 0 searches the spawn column only; on the trunk nothing fits, so the spawn is
  // moved up out of the tree and onto its top.
  Rng random(1);
  const Vec3 fixed = find_player_spawn(t, SpawnSearch{BlockPos{3, 66, 3}, 0, false}, random);
  EXPECT_EQ(fixed, (Vec3{3.5, 71.0, 3.5}));
}

TEST(SpawnFinder, CandidatesFollowTheCoprimeOrder) {
  // Radius 1: nine candidates, coprime 8. Only (1, 1) has ground: the others are over a hole.
  HandWorld w;
  for (int x = -1; x <= 1; ++x)
    for (int z = -1; z <= 1; ++z)
      if (x != 1 || z != 1) w.set(x, 64, z, "air");
  const ColumnSpawnTerrain t = w.terrain();
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng random(seed);
    EXPECT_EQ(find_player_spawn(t, SpawnSearch{BlockPos{0, 70, 0}, 1, false}, random), (Vec3{1.5, 65.0, 1.5}));
  }
  // Two candidates with ground: the first in the order from the drawn offset wins.
  w.set(-1, 64, -1, "stone");  // value 0
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng random(seed), copy(seed);
    const int offset = static_cast<int>(copy.next_below(9));
    int first = -1;
    for (int i = 0; i < 9 && first < 0; ++i) {
      const int v = (offset + 8 * i) % 9;
      if (v == 0 || v == 8) first = v;
    }
    const Vec3 expected = first == 0 ? Vec3{-0.5, 65.0, -0.5} : Vec3{1.5, 65.0, 1.5};
    EXPECT_EQ(find_player_spawn(t, SpawnSearch{BlockPos{0, 70, 0}, 1, false}, random), expected) << seed;
  }
}

TEST(SpawnFinder, AdventureDefaultOnlyFixesTheHeight) {
  HandWorld w;
  const ColumnSpawnTerrain t = w.terrain();
  Rng random(3);
  const Vec3 from_above = find_player_spawn(t, SpawnSearch{BlockPos{5, 90, 5}, 10, true}, random);
  EXPECT_EQ(from_above, (Vec3{5.5, 65.0, 5.5}));
  const Vec3 from_inside = find_player_spawn(t, SpawnSearch{BlockPos{5, 64, 5}, 10, true}, random);
  EXPECT_EQ(from_inside, (Vec3{5.5, 65.0, 5.5}));
}

}  // namespace
}  // namespace hz
