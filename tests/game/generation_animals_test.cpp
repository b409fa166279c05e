// Animals placed when a chunk generates (docs/rules/spawning.md §8): plan_generation_spawns against
// a reference restated in this file on random terrain columns and light, and through the core: a fresh
// world's chunks get exactly their planned animals, which come back from the entities store after
// a restart instead of being placed a second time.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/data/blocks.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/mobs/spawning/generation_animals.h"
#include "sim/game/mobs/spawning/generation_spawns.h"
#include "sim/game/mobs/spawning/natural_spawning.h"
#include "sim/world/biomes.h"
#include "sim/world/legacy_random.h"
#include "sim/core/rng.h"
#include "sim/world/column_light.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

// --- the reference ---

// What stands on each terrain column: its ground block at height g and what is above it.
enum class Top { kGrass, kStone, kWater, kSlab, kFence, kLeaves };

struct Terrain {
  std::array<int, 256> ground{};
  std::array<Top, 256> top{};
  std::array<int, 256> leaves{};  // layers of leaves from g + 3 (kLeaves)
  static size_t at(int x, int z) { return static_cast<size_t>((z << 4) | x); }
};

struct RefEntry {
  std::string name;  // a Horizon kind, or a kind Horizon lacks
  int weight, min, max;
};
// EntityType sizes are floats; vanilla widens them to double where it adds them to positions.
struct RefBody {
  float width, height;
};

// BiomeDefaultFeatures' creature lists and MobSpawnSettings' generation chances, restated.
std::vector<RefEntry> reference_list(BiomeKind biome) {
  const std::vector<RefEntry> farm = {{"sheep", 12, 4, 4}, {"pig", 10, 4, 4}, {"chicken", 10, 4, 4}, {"cow", 8, 4, 4}};
  std::vector<RefEntry> out;
  switch (biome) {
    case BiomeKind::kPlains:
      out = farm;
      out.push_back({"horse", 5, 2, 6});
      out.push_back({"donkey", 1, 1, 3});
      return out;
    case BiomeKind::kForest:
      out = farm;
      out.push_back({"wolf", 5, 4, 4});
      return out;
    case BiomeKind::kDesert:
      return {{"rabbit", 12, 2, 3}, {"camel", 1, 1, 1}};
    case BiomeKind::kSnowyPlains:
      return {{"rabbit", 10, 2, 3}, {"polar_bear", 1, 1, 2}};
    default:
      return {};  // oceans
  }
}
float reference_chance(BiomeKind biome) { return biome == BiomeKind::kSnowyPlains ? 0.07f : 0.1f; }
std::optional<RefBody> reference_body(const std::string& name) {
  if (name == "cow" || name == "sheep") return RefBody{0.9f, name == "cow" ? 1.4f : 1.3f};
  if (name == "pig") return RefBody{0.9f, 0.9f};
  if (name == "chicken") return RefBody{0.4f, 0.7f};
  return std::nullopt;
}

struct RefSpawn {
  std::string name;
  double x, y, z;
  float yaw;
};

// The blocks of one cell of the terrain, as boxes in world coordinates (collision) and a fluid flag.
struct ReferenceCell {
  std::vector<std::array<double, 6>> boxes;
  bool fluid = false;
};
ReferenceCell reference_cell(const Terrain& t, int lx, int y, int lz, int wx, int wz) {
  ReferenceCell c;
  if (lx < 0 || lx > 15 || lz < 0 || lz > 15) return c;
  const size_t i = Terrain::at(lx, lz);
  const int g = t.ground[i];
  auto cube = [&](double top) { c.boxes.push_back({double(wx), double(y), double(wz), wx + 1.0, y + top, wz + 1.0}); };
  if (y <= g && y >= g - 3) cube(1.0);  // the ground and the stone under it
  if (y == g + 1 && t.top[i] == Top::kWater) c.fluid = true;
  if (y == g + 1 && t.top[i] == Top::kSlab) cube(0.5);
  if (y == g + 1 && t.top[i] == Top::kFence)  // an unconnected fence is its post, 1.5 tall
    c.boxes.push_back({wx + 0.375, double(y), wz + 0.375, wx + 0.625, y + 1.5, wz + 0.625});
  if (t.top[i] == Top::kLeaves && y >= g + 3 && y < g + 3 + t.leaves[i]) cube(1.0);
  return c;
}

std::vector<RefSpawn> reference_plan(int64_t seed, ChunkPos chunk, BiomeKind biome, const Terrain& t,
                                     const ChunkColumn& lit) {
  std::vector<RefSpawn> out;
  const std::vector<RefEntry> list = reference_list(biome);
  if (list.empty()) return out;
  const int xo = chunk.x * 16, zo = chunk.z * 16;
  LegacyRandom r(0);
  r.set_decoration_seed(seed, xo, zo);
  int total = 0;
  for (const RefEntry& e : list) total += e.weight;
  auto pair = [&] {
    const int a = r.next_int(5);
    return a - r.next_int(5);
  };
  while (r.next_float() < reference_chance(biome)) {
    int pick = r.next_int(total);
    size_t k = 0;
    while (pick >= list[k].weight) pick -= list[k++].weight;
    const RefEntry& e = list[k];
    const int count = e.min + r.next_int(1 + e.max - e.min);
    int x = xo + r.next_int(16), z = zo + r.next_int(16);
    const int sx = x, sz = z;
    for (int n = 0; n < count; ++n) {
      bool ok = false;
      for (int tries = 0; !ok && tries < 4; ++tries) {
        const std::optional<RefBody> body = reference_body(e.name);
        const size_t i = Terrain::at(x - xo, z - zo);
        const Top top = t.top[i];
        // Standing just above the ground is the only place this terrain offers: water, slabs and
        // fences fill that block, so the place is refused there.
        const bool stands = top == Top::kGrass || top == Top::kStone || top == Top::kLeaves;
        if (body && stands) {
          const int y = t.ground[i] + 1;
          const double width = body->width;
          const double fx = std::clamp(double(x), xo + width, xo + 16 - width);
          const double fz = std::clamp(double(z), zo + width, zo + 16 - width);
          const double h = double(body->width / 2.0f);
          const std::array<double, 6> b = {fx - h, double(y), fz - h, fx + h, y + double(body->height), fz + h};
          bool hits = false, wet = false;
          for (int cx = int(std::floor(b[0])) - 1; cx <= int(std::floor(b[3])) + 1; ++cx)
            for (int cz = int(std::floor(b[2])) - 1; cz <= int(std::floor(b[5])) + 1; ++cz)
              for (int cy = y - 2; cy <= y + 3; ++cy) {
                const ReferenceCell cell = reference_cell(t, cx - xo, cy, cz - zo, cx, cz);
                for (const auto& s : cell.boxes)
                  hits |= s[0] < b[3] && s[3] > b[0] && s[1] < b[4] && s[4] > b[1] && s[2] < b[5] && s[5] > b[2];
                // Liquid: the cells the box reaches into (floor of the minimum to below the ceiling of the maximum).
                wet |= cell.fluid && cx >= std::floor(b[0]) && cx < std::ceil(b[3]) && cy >= y &&
                       cy < std::ceil(b[4]) && cz >= std::floor(b[2]) && cz < std::ceil(b[5]);
              }
          const int lx = int(std::floor(fx)) - xo, lz = int(std::floor(fz)) - zo;
          const bool grass = t.top[Terrain::at(lx, lz)] != Top::kStone;  // every stand but stone is grass
          const int light = std::max(lit.light().sky_at(lx, y, lz), lit.light().block_at(lx, y, lz));
          if (!hits && grass && light > 8) {
            const float yaw = r.next_float() * 360.0f;
            if (!wet) {
              out.push_back({e.name, fx, double(y), fz, yaw});
              ok = true;
            }
          }
        }
        x += pair();
        z += pair();
        while (x < xo || x >= xo + 16 || z < zo || z >= zo + 16) {
          x = sx + pair();
          z = sz + pair();
        }
      }
    }
  }
  return out;
}

// The rule reads light as given, so the test makes it up instead of running the light engine:
// open sky everywhere except the layers the terrain stands in (y 48..95), where each block gets
// mostly full sky light, sometimes anything, and now and then some block light.
ColumnLight light_for(uint64_t seed) {
  ColumnLight light;
  light.sky.fill(LightLayer::uniform(15));
  light.block.fill(LightLayer::uniform(0));
  if (seed == 0) return light;
  Rng random(seed);
  for (size_t layer = 8; layer <= 10; ++layer) {
    std::vector<uint8_t> sky(4096), block(4096);
    for (size_t i = 0; i < sky.size(); ++i) {
      sky[i] = static_cast<uint8_t>(random.next_below(10) < 7 ? 15 : random.next_below(16));
      block[i] = static_cast<uint8_t>(random.next_below(10) == 0 ? random.next_below(16) : 0);
    }
    light.sky[layer] = LightLayer::from_levels(sky);
    light.block[layer] = LightLayer::from_levels(block);
  }
  return light;
}

// `light_seed` 0: full sky light and no block light everywhere.
ChunkColumn build_column(ChunkPos chunk, BiomeKind biome, const Terrain& t, uint64_t light_seed) {
  ChunkColumn column(chunk, biome_network_id(biome));
  const BlockStateId grass = default_state_of("grass_block"), stone = default_state_of("stone"),
                     sand = default_state_of("sand"), water = default_state_of("water"),
                     slab = default_state_of("oak_slab"), fence = default_state_of("oak_fence"),
                     leaves = default_state_of("oak_leaves");
  for (int x = 0; x < 16; ++x)
    for (int z = 0; z < 16; ++z) {
      const size_t i = Terrain::at(x, z);
      const int g = t.ground[i];
      for (int y = g - 3; y < g; ++y) column.set_block(x, y, z, stone);
      const Top top = t.top[i];
      column.set_block(x, g, z, top == Top::kStone ? stone : top == Top::kWater ? sand : grass);
      if (top == Top::kWater) column.set_block(x, g + 1, z, water);
      if (top == Top::kSlab) column.set_block(x, g + 1, z, slab);
      if (top == Top::kFence) column.set_block(x, g + 1, z, fence);
      if (top == Top::kLeaves)
        for (int y = g + 3; y < g + 3 + t.leaves[i]; ++y) column.set_block(x, y, z, leaves);
    }
  column.set_light(light_for(light_seed));
  return column;
}

rc::Gen<Terrain> terrain_gen() {
  return rc::gen::exec([] {
    Terrain t;
    const int base = *rc::gen::inRange(60, 64);
    for (size_t i = 0; i < 256; ++i) {
      t.ground[i] = base + *rc::gen::inRange(0, 3);
      // Mostly grass, so packs find room; the rest refuse or block in different ways.
      t.top[i] = *rc::gen::weightedElement<Top>(
          {{12, Top::kGrass}, {2, Top::kStone}, {1, Top::kWater}, {1, Top::kSlab}, {1, Top::kFence}, {2, Top::kLeaves}});
      t.leaves[i] = *rc::gen::inRange(1, 12);
    }
    return t;
  });
}

RC_GTEST_PROP(GenerationSpawns, MatchTheReferenceOnRandomTerrain, ()) {
  const auto seed = *rc::gen::arbitrary<int64_t>();
  const ChunkPos chunk{*rc::gen::inRange(-3000, 3000), *rc::gen::inRange(-3000, 3000)};
  const BiomeKind biome = *rc::gen::element(BiomeKind::kPlains, BiomeKind::kForest, BiomeKind::kDesert,
                                            BiomeKind::kSnowyPlains, BiomeKind::kOcean);
  const Terrain terrain = *terrain_gen();
  const ChunkColumn column = build_column(chunk, biome, terrain, *rc::gen::arbitrary<uint64_t>());
  // One chunk in ten or so gets a pack: several world seeds per terrain make placements common.
  bool placed = false;
  for (int64_t k = 0; k < 16; ++k) {
    const int64_t world_seed = static_cast<int64_t>(static_cast<uint64_t>(seed) + static_cast<uint64_t>(k));
    const std::vector<RefSpawn> expected = reference_plan(world_seed, chunk, biome, terrain, column);
    const std::vector<spawning::GenerationSpawn> actual = spawning::plan_generation_spawns(world_seed, column);
    RC_ASSERT(actual.size() == expected.size());
    for (size_t i = 0; i < actual.size(); ++i) {
      RC_ASSERT(std::string(actual[i].kind->name) == expected[i].name);
      RC_ASSERT(actual[i].position == (Vec3{expected[i].x, expected[i].y, expected[i].z}));
      RC_ASSERT(actual[i].yaw == expected[i].yaw);
    }
    placed |= !actual.empty();
  }
  RC_TAG(placed ? "some placed" : "none placed");
}

TEST(GenerationSpawns, AFlatGrassPlainsChunkGetsPacksForSomeSeeds) {
  // On open grass a drawn farm animal pack places all four; over many seeds about one chunk in
  // ten gets a pack (the generation chance 0.1 for the first one).
  Terrain flat;
  flat.ground.fill(63);
  flat.top.fill(Top::kGrass);
  const ChunkColumn column = build_column({2, -5}, BiomeKind::kPlains, flat, 0);
  int with_animals = 0;
  for (int64_t seed = 0; seed < 200; ++seed) {
    const auto spawns = spawning::plan_generation_spawns(seed, column);
    with_animals += spawns.empty() ? 0 : 1;
    for (const auto& s : spawns) {
      EXPECT_EQ(s.position.y, 64.0);
      EXPECT_GE(s.position.x, 32.0);
      EXPECT_LT(s.position.x, 48.0);
      EXPECT_GE(s.position.z, -80.0);
      EXPECT_LT(s.position.z, -64.0);
    }
  }
  EXPECT_GT(with_animals, 5);
  EXPECT_LT(with_animals, 45);
  // The same seed and column always give the same animals.
  EXPECT_EQ(spawning::plan_generation_spawns(7, column), spawning::plan_generation_spawns(7, column));
}

// --- through the core ---

size_t planned_for_ready_chunks(testing::StreamingServer& s) {
  size_t planned = 0;
  for (int x = -40; x <= 40; ++x)
    for (int z = -40; z <= 40; ++z)
      if (const ChunkColumn* column = s.world().chunks().ready_column({x, z}))
        planned += spawning::plan_generation_spawns(12345, *column).size();
  return planned;
}

// A spectator (no natural spawning happens near spectators) with a view distance of 6 has enough
// chunks generated around it for packs to come up.
ServerProperties spectator_world() {
  ServerProperties p = testing::properties_with_view_distance(6);
  p.gamemode = GameMode::kSpectator;
  return p;
}

TEST(GenerationAnimalsCore, AFreshWorldGetsItsPlannedAnimalsAndARestartDoesNotAddMore) {
  std::map<ChunkPos, Bytes> chunks, entities;
  std::map<Uuid, MobType> before;
  {
    testing::StreamingServer s(spectator_world());
    s.prepare_spawn();
    [[maybe_unused]] testing::TestClient alice = s.join_loaded(1, "Alice", 6);
    for (int i = 0; i < 40; ++i) s.pass();  // the entity records (none) of the last chunks are read
    const Mobs& mobs = s.h.core.mobs();
    EXPECT_EQ(s.h.core.natural_spawning().spawned(), 0u);
    EXPECT_EQ(mobs.size(), planned_for_ready_chunks(s));
    EXPECT_EQ(s.h.core.generation_animals().placed(), mobs.size());
    ASSERT_GT(mobs.size(), 0u) << "the test world's chunks around the spawn should have animals";
    for (int32_t id : mobs.ids()) {
      const Mob& m = *mobs.find(id);
      EXPECT_FALSE(m.mob_kind().hostile);
      EXPECT_FALSE(m.state.persistence_required);  // CHUNK_GENERATION does not make mobs persistent
      before[m.uuid()] = m.mob_kind().type;
    }
    s.pass({ConsoleLine{"save-all"}});
    for (int i = 0; i < 5; ++i) s.pass();
    chunks = s.jobs.stored;
    entities = s.jobs.entity_records;
  }
  testing::StreamingServer s(spectator_world(), "", chunks, entities);
  s.prepare_spawn();
  [[maybe_unused]] testing::TestClient alice = s.join_loaded(1, "Alice", 6);
  for (int i = 0; i < 40; ++i) s.pass();
  const Mobs& mobs = s.h.core.mobs();
  EXPECT_EQ(s.h.core.generation_animals().placed(), 0u);
  std::map<Uuid, MobType> after;
  for (int32_t id : mobs.ids()) after[mobs.find(id)->uuid()] = mobs.find(id)->mob_kind().type;
  EXPECT_EQ(after, before);
}

}  // namespace
}  // namespace hz
