// Random ticks: which chunks tick (simulation tickets), where a tick lands, the grass and crop rules
// against reference models written from docs/rules/random-ticks.md, and scenarios through the
// core (grass spreading, leaves decaying, wheat growing, nothing changing outside the distance).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "sim/game/blocks/block_kinds.h"
#include "sim/game/ticking/random_tick_pos.h"
#include "sim/game/ticking/random_tick_rules.h"
#include "sim/game/ticking/random_ticks.h"
#include "sim/game/world/simulation_chunks.h"
#include "tests/game/names.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::StreamingServer;

using testing::state;

// ---------------------------------------------------------------- ticking chunks (§1)

// Reference: a player's chunk has ticket level max(0, 31 - s), one more per ring; a chunk is
// entity ticking (and random ticks run there) at level 31 or below.
bool reference_entity_ticking(const std::vector<ChunkPos>& players, int s, ChunkPos pos) {
  int best = 1000;
  for (ChunkPos p : players) best = std::min(best, std::max(0, 31 - s) + p.ring_distance(pos));
  return best <= 31;
}

RC_GTEST_PROP(TickingChunks, SimulationSquaresMatchTicketLevels, ()) {
  const int s = *rc::gen::inRange(2, 33);
  SimulationChunks sim(s);
  std::vector<ChunkPos> players;
  const int steps = *rc::gen::inRange(1, 12);
  for (int i = 0; i < steps; ++i) {
    const int action = *rc::gen::inRange(0, 3);
    if (action == 0 || players.empty()) {
      ChunkPos p{*rc::gen::inRange(-20, 21), *rc::gen::inRange(-20, 21)};
      players.push_back(p);
      sim.add_player(p);
    } else if (action == 1) {
      const size_t k = *rc::gen::inRange<size_t>(0, players.size());
      ChunkPos to{players[k].x + *rc::gen::inRange(-3, 4), players[k].z + *rc::gen::inRange(-3, 4)};
      sim.move_player(players[k], to);
      players[k] = to;
    } else {
      const size_t k = *rc::gen::inRange<size_t>(0, players.size());
      sim.remove_player(players[k]);
      players.erase(players.begin() + static_cast<long>(k));
    }
  }
  // Every chunk a square can reach: the players' bounding box widened by the largest radius.
  int min_x = 0, max_x = 0, min_z = 0, max_z = 0;
  for (ChunkPos p : players) {
    min_x = std::min(min_x, p.x), max_x = std::max(max_x, p.x);
    min_z = std::min(min_z, p.z), max_z = std::max(max_z, p.z);
  }
  std::set<ChunkPos> expected;
  for (int x = min_x - 33; x <= max_x + 33; ++x)
    for (int z = min_z - 33; z <= max_z + 33; ++z)
      if (reference_entity_ticking(players, s, {x, z})) expected.insert({x, z});
  RC_ASSERT(sim.chunks() == expected);
  for (ChunkPos p : expected) RC_ASSERT(sim.contains(p));
  // Block ticking: ticket level 32 or below, one ring further.
  for (int x = min_x - 34; x <= max_x + 34; ++x)
    for (int z = min_z - 34; z <= max_z + 34; ++z) {
      int best = 1000;
      for (ChunkPos p : players) best = std::min(best, std::max(0, 31 - s) + p.ring_distance({x, z}));
      RC_ASSERT(sim.block_ticking({x, z}) == (best <= 32));
    }
}

TEST(TickingChunks, RadiiFollowTheTicketLevels) {
  EXPECT_EQ(entity_ticking_radius(10), 10);
  EXPECT_EQ(block_ticking_radius(10), 11);
  EXPECT_EQ(entity_ticking_radius(31), 31);
  EXPECT_EQ(entity_ticking_radius(32), 31);  // the ticket level stops at 0
  EXPECT_EQ(block_ticking_radius(32), 32);
}

// ---------------------------------------------------------------- the position draw (§2)

RC_GTEST_PROP(RandomTickPos, OneDrawSplitsIntoXYZ, (uint32_t value)) {
  // Reference from the page: bits 2-5 are x, bits 10-13 z, bits 18-21 y.
  const SectionOffset o = random_tick_offset(value);
  RC_ASSERT(o.x == static_cast<int>((value / 4u) % 16u));
  RC_ASSERT(o.z == static_cast<int>((value / 1024u) % 16u));
  RC_ASSERT(o.y == static_cast<int>((value / 262144u) % 16u));
}

TEST(RandomTickPos, DrawsCoverTheSectionEvenly) {
  Rng rng(99);
  std::vector<int> counts(4096, 0);
  for (int i = 0; i < 4096 * 64; ++i) {
    const SectionOffset o = random_tick_offset(random_tick_draw(rng));
    ++counts[static_cast<size_t>((o.y << 8) | (o.z << 4) | o.x)];
  }
  for (int c : counts) EXPECT_TRUE(c > 20 && c < 120) << c;
}

// ---------------------------------------------------------------- a small world for the rules

struct RandomTickWorld final : TickWorld {
  std::map<std::tuple<int, int, int>, BlockStateId> blocks;
  std::map<std::tuple<int, int, int>, uint8_t> sky, light;
  std::vector<std::pair<BlockPos, BlockStateId>> drops;
  static std::tuple<int, int, int> key(const BlockPos& p) { return {p.x, p.y, p.z}; }
  BlockStateId block(const BlockPos& p) const override {
    auto it = blocks.find(key(p));
    return it == blocks.end() ? BlockStateId{0} : it->second;
  }
  uint8_t sky_light(const BlockPos& p) const override {
    auto it = sky.find(key(p));
    return it == sky.end() ? uint8_t{15} : it->second;
  }
  uint8_t block_light(const BlockPos& p) const override {
    auto it = light.find(key(p));
    return it == light.end() ? uint8_t{0} : it->second;
  }
  void set_block(const BlockPos& p, BlockStateId s) override { blocks[key(p)] = s; }
  void drop_loot(const BlockPos& p, BlockStateId s) override { drops.push_back({p, s}); }
  bool raining_at(const BlockPos& p) const override { return rain.contains(key(p)); }
  void turn_farmland_to_dirt(const BlockPos& p) override {
    turned_to_dirt.push_back(p);
    TickWorld::turn_farmland_to_dirt(p);
  }
  std::set<std::tuple<int, int, int>> rain;
  std::vector<BlockPos> turned_to_dirt;  // through FarmBlock.turnToDirt, which lifts entities
};

// ---------------------------------------------------------------- farmland (§7)

// FarmBlock.randomTick restated: the moisture after one tick, or -1 for dirt.
int reference_farmland(int moisture, bool water_near, bool rain_above, bool crop_above) {
  if (!water_near && !rain_above) {
    if (moisture > 0) return moisture - 1;
    return crop_above ? 0 : -1;
  }
  return 7;
}

RC_GTEST_PROP(RandomTickFarmland, MoistureFollowsWaterRainAndCrops, ()) {
  RandomTickWorld w;
  const BlockPos pos{0, 64, 0};
  const int moisture = *rc::gen::inRange(0, 8);
  const BlockStateId farmland = with_value(default_state_of("farmland"), "moisture", std::to_string(moisture));
  w.set_block(pos, farmland);
  // Water somewhere near or just out of reach: the box is 4 sideways, 0..1 up.
  const int dx = *rc::gen::inRange(-5, 6), dy = *rc::gen::inRange(-1, 3), dz = *rc::gen::inRange(-5, 6);
  const std::string liquid = *rc::gen::element<std::string>("water", "lava", "waterlogged", "none");
  if (!(dx == 0 && dz == 0 && dy <= 1) && liquid != "none") {
    const BlockStateId state = liquid == "waterlogged" ? with_value(default_state_of("oak_slab"), "waterlogged", "true")
                                                       : default_state_of(liquid);
    w.set_block({dx, 64 + dy, dz}, state);
  }
  const bool water_near = (liquid == "water" || liquid == "waterlogged") && std::abs(dx) <= 4 && std::abs(dz) <= 4 &&
                          dy >= 0 && dy <= 1 && !(dx == 0 && dz == 0 && dy <= 1);
  const std::string above = *rc::gen::element<std::string>("air", "wheat", "oak_fence_gate", "short_grass");
  if (above != "air" && !(dx == 0 && dz == 0 && dy == 1)) w.set_block({0, 65, 0}, default_state_of(above));
  const bool crop_above = testing::name_of(w.block({0, 65, 0})) == "wheat" ||
                          testing::name_of(w.block({0, 65, 0})) == "oak_fence_gate";
  const bool rain = *rc::gen::arbitrary<bool>();
  if (rain) w.rain.insert({0, 65, 0});
  Rng rng(1);
  random_tick_block(w, pos, farmland, rng);
  const int want = reference_farmland(moisture, water_near, rain, crop_above);
  RC_ASSERT(w.turned_to_dirt.size() == (want < 0 ? 1u : 0u));
  if (want < 0) RC_ASSERT(testing::name_of(w.block(pos)) == "dirt");
  else RC_ASSERT(w.block(pos) == with_value(default_state_of("farmland"), "moisture", std::to_string(want)));
}

// ---------------------------------------------------------------- grass and mycelium (§4)

// Reference from the page: can the block above let a grass block live?
bool ref_can_be_grass(BlockStateId above) {
  const std::string_view n = testing::name_of(above);
  if (n == "snow" && state_property(above, "layers") == "1") return true;
  // FluidState.isFull: a source (level 0), a falling liquid (level 8 and up, amount 8), anything
  // waterlogged, and the always-wet plants and bubble columns.
  if ((n == "water" || n == "lava") && (state_property(above, "level") == "0" || std::stoi(std::string(state_property(above, "level"))) >= 8))
    return false;
  if (state_property(above, "waterlogged") == "true") return false;
  if (n == "kelp" || n == "kelp_plant" || n == "seagrass" || n == "tall_seagrass" || n == "bubble_column") return false;
  if (light_opacity(above) >= 15) return false;
  if (is_slab(block_of_state(above)) && state_property(above, "type") != "top") return false;
  if (is_stairs(block_of_state(above)) && state_property(above, "half") == "bottom") return false;
  if (n == "snow" || n == "farmland" || n == "dirt_path") return false;
  return true;
}
bool ref_can_propagate(BlockStateId above) { return ref_can_be_grass(above) && !is_water(above); }

void ref_spreading_tick(RandomTickWorld& w, const BlockPos& pos, Rng& rng) {
  const BlockStateId self = w.block(pos);
  const BlockPos up{pos.x, pos.y + 1, pos.z};
  if (!ref_can_be_grass(w.block(up))) {
    w.set_block(pos, state("dirt"));
    return;
  }
  if (std::max(w.sky_light(up), w.block_light(up)) < 9) return;
  for (int i = 0; i < 4; ++i) {
    const int dx = static_cast<int>(rng.next_below(3)) - 1;
    const int dy = static_cast<int>(rng.next_below(5)) - 3;
    const int dz = static_cast<int>(rng.next_below(3)) - 1;
    const BlockPos t{pos.x + dx, pos.y + dy, pos.z + dz};
    if (testing::name_of(w.block(t)) != "dirt") continue;
    const BlockStateId above = w.block({t.x, t.y + 1, t.z});
    if (!ref_can_propagate(above)) continue;
    const std::string_view an = testing::name_of(above);
    const bool snowy = an == "snow" || an == "snow_block" || an == "powder_snow";
    w.set_block(t, state(testing::name_of(self), {{"snowy", snowy ? "true" : "false"}}));
  }
}

RC_GTEST_PROP(GrassRules, SpreadAndDecayMatchTheReference, ()) {
  const std::vector<BlockStateId> palette = {
      state("air"),   state("dirt"),  state("dirt"), state("dirt"), state("grass_block"), state("stone"),
      state("water"), state("water", {{"level", "3"}}), state("snow", {{"layers", "1"}}),
      state("snow", {{"layers", "2"}}), state("oak_slab", {{"type", "bottom"}, {"waterlogged", "false"}}),
      state("oak_slab", {{"type", "top"}, {"waterlogged", "false"}}), state("glass"), state("snow_block"),
      state("farmland"), state("water", {{"level", "8"}}), state("lava", {{"level", "12"}}), state("kelp_plant"),
      state("seagrass")};
  RandomTickWorld w;
  const BlockPos pos{0, 64, 0};
  for (int x = -1; x <= 1; ++x)
    for (int y = -3; y <= 2; ++y)
      for (int z = -1; z <= 1; ++z) {
        w.blocks[{x, 64 + y, z}] = palette[*rc::gen::inRange<size_t>(0, palette.size())];
        w.sky[{x, 64 + y, z}] = static_cast<uint8_t>(*rc::gen::inRange(0, 16));
        w.light[{x, 64 + y, z}] = static_cast<uint8_t>(*rc::gen::inRange(0, 16));
      }
  const bool mycelium = *rc::gen::arbitrary<bool>();
  w.blocks[{0, 64, 0}] = mycelium ? state("mycelium", {{"snowy", "false"}}) : state("grass_block", {{"snowy", "false"}});
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  RandomTickWorld expected = w;
  Rng a(seed), b(seed);
  random_tick_block(w, pos, w.block(pos), a);
  ref_spreading_tick(expected, pos, b);
  RC_ASSERT(w.blocks == expected.blocks);
  RC_ASSERT(a.state_hash() == b.state_hash());
}

TEST(GrassRules, DarkGrassUnderStoneTurnsToDirt) {
  RandomTickWorld w;
  w.set_block({0, 64, 0}, state("grass_block", {{"snowy", "false"}}));
  w.set_block({0, 65, 0}, state("stone"));
  Rng rng(1);
  random_tick_block(w, {0, 64, 0}, w.block({0, 64, 0}), rng);
  EXPECT_EQ(testing::name_of(w.block({0, 64, 0})), "dirt");
}

// ---------------------------------------------------------------- crops (§6)

float ref_growth_speed(const RandomTickWorld& w, const BlockPos& p, std::string_view crop) {
  float speed = 1.0f;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz) {
      const BlockStateId soil = w.block({p.x + dx, p.y - 1, p.z + dz});
      float v = 0.0f;
      if (testing::name_of(soil) == "farmland") v = state_property(soil, "moisture") == "0" ? 1.0f : 3.0f;
      if (dx != 0 || dz != 0) v /= 4.0f;
      speed += v;
    }
  auto is = [&](int dx, int dz) { return testing::name_of(w.block({p.x + dx, p.y, p.z + dz})) == crop; };
  const bool row_x = is(-1, 0) || is(1, 0), row_z = is(0, -1) || is(0, 1);
  const bool diagonal = is(-1, -1) || is(1, -1) || is(-1, 1) || is(1, 1);
  if ((row_x && row_z) || diagonal) speed /= 2.0f;
  return speed;
}

RC_GTEST_PROP(CropRules, GrowthSpeedMatchesTheFormula, ()) {
  RandomTickWorld w;
  const BlockPos p{5, 70, 5};
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz) {
      const int soil = *rc::gen::inRange(0, 3);
      w.blocks[{p.x + dx, p.y - 1, p.z + dz}] =
          soil == 0 ? state("dirt") : state("farmland", {{"moisture", soil == 1 ? "0" : "7"}});
      if (dx != 0 || dz != 0)
        w.blocks[{p.x + dx, p.y, p.z + dz}] = *rc::gen::arbitrary<bool>() ? state("wheat") : state("carrots");
    }
  w.blocks[{p.x, p.y, p.z}] = state("wheat");
  const float speed = crop_growth_speed(w, p, *block_by_name("wheat"));
  RC_ASSERT(speed == ref_growth_speed(w, p, "wheat"));
  RC_ASSERT(crop_growth_bound(speed) == static_cast<int>(std::floor(25.0f / speed)) + 1);
}

TEST(CropRules, WheatOnMoistFarmlandAloneGrowsAboutOnceInFiveTicks) {
  // Nine moist farmland cells: 1 + 3 + 8 * 0.75 = 10, so the draw is nextInt(3).
  RandomTickWorld w;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz) w.blocks[{dx, 63, dz}] = state("farmland", {{"moisture", "7"}});
  EXPECT_EQ(crop_growth_speed(w, {0, 64, 0}, *block_by_name("wheat")), 10.0f);
  EXPECT_EQ(crop_growth_bound(10.0f), 3);
  EXPECT_EQ(crop_growth_bound(1.0f), 26);
}

TEST(CropRules, DarkCropsDoNotGrow) {
  RandomTickWorld w;
  w.blocks[{0, 63, 0}] = state("farmland", {{"moisture", "7"}});
  w.blocks[{0, 64, 0}] = state("wheat");
  w.sky[{0, 64, 0}] = 8;
  Rng rng(3);
  for (int i = 0; i < 500; ++i) random_tick_block(w, {0, 64, 0}, w.block({0, 64, 0}), rng);
  EXPECT_EQ(w.block({0, 64, 0}), state("wheat"));
}

// ---------------------------------------------------------------- other blocks (§5, §7, §8)

TEST(PlantRules, SugarCaneAndCactusStopAtThreeBlocks) {
  for (std::string_view plant : {"sugar_cane", "cactus"}) {
    RandomTickWorld w;
    w.blocks[{0, 63, 0}] = state("sand");
    w.blocks[{0, 64, 0}] = state(plant);
    Rng rng(5);
    for (int i = 0; i < 2000; ++i)
      for (int y = 64; y <= 67; ++y)
        if (testing::name_of(w.block({0, y, 0})) == plant) random_tick_block(w, {0, y, 0}, w.block({0, y, 0}), rng);
    EXPECT_EQ(testing::name_of(w.block({0, 66, 0})), plant);
    const std::string_view top = testing::name_of(w.block({0, 67, 0}));
    EXPECT_TRUE(top == "air" || top == "cactus_flower") << plant << " " << top;
  }
}

TEST(PlantRules, LeavesDecayOnlyAtDistanceSevenAndNotPersistent) {
  RandomTickWorld w;
  const BlockStateId far = state("oak_leaves", {{"distance", "7"}, {"persistent", "false"}, {"waterlogged", "false"}});
  const BlockStateId near = state("oak_leaves", {{"distance", "6"}, {"persistent", "false"}, {"waterlogged", "false"}});
  const BlockStateId kept = state("oak_leaves", {{"distance", "7"}, {"persistent", "true"}, {"waterlogged", "false"}});
  Rng rng(7);
  w.set_block({0, 0, 0}, far), w.set_block({1, 0, 0}, near), w.set_block({2, 0, 0}, kept);
  for (int x = 0; x < 3; ++x) random_tick_block(w, {x, 0, 0}, w.block({x, 0, 0}), rng);
  EXPECT_EQ(w.block({0, 0, 0}), state("air"));
  EXPECT_EQ(w.block({1, 0, 0}), near);
  EXPECT_EQ(w.block({2, 0, 0}), kept);
  ASSERT_EQ(w.drops.size(), 1u);
}

TEST(PlantRules, IceAndSnowMeltOnlyByBlockLight) {
  RandomTickWorld w;
  w.set_block({0, 0, 0}, state("ice"));
  w.set_block({1, 0, 0}, state("ice"));
  w.set_block({2, 0, 0}, state("snow", {{"layers", "3"}}));
  w.set_block({3, 0, 0}, state("snow", {{"layers", "3"}}));
  w.light[{0, 0, 0}] = 10, w.light[{1, 0, 0}] = 11, w.light[{2, 0, 0}] = 11, w.light[{3, 0, 0}] = 12;
  Rng rng(8);
  for (int x = 0; x < 4; ++x) random_tick_block(w, {x, 0, 0}, w.block({x, 0, 0}), rng);
  EXPECT_EQ(testing::name_of(w.block({0, 0, 0})), "ice");    // 10 is not above 11 - 1
  EXPECT_EQ(testing::name_of(w.block({1, 0, 0})), "water");  // 11 is
  EXPECT_EQ(testing::name_of(w.block({2, 0, 0})), "snow");
  EXPECT_EQ(testing::name_of(w.block({3, 0, 0})), "air");
}

TEST(PlantRules, ALitSaplingGrowsIntoATree) {
  RandomTickWorld w;
  w.set_block({0, 63, 0}, state("grass_block", {{"snowy", "false"}}));
  w.set_block({0, 64, 0}, state("oak_sapling", {{"stage", "0"}}));
  Rng rng(11);
  for (int i = 0; i < 1000 && testing::name_of(w.block({0, 64, 0})) == "oak_sapling"; ++i)
    random_tick_block(w, {0, 64, 0}, w.block({0, 64, 0}), rng);
  EXPECT_EQ(testing::name_of(w.block({0, 64, 0})), "oak_log");
  EXPECT_EQ(testing::name_of(w.block({0, 63, 0})), "dirt");
  int leaves = 0;
  for (const auto& [k, s] : w.blocks) leaves += testing::name_of(s) == "oak_leaves" ? 1 : 0;
  EXPECT_GT(leaves, 20);
}

// ---------------------------------------------------------------- through the core

struct TickingWorld {
  StreamingServer s;
  testing::TestClient alice;
  explicit TickingWorld(int view, int simulation)
      : s([&] {
          ServerProperties p = testing::properties_with_view_distance(view);
          p.simulation_distance = simulation;
          return p;
        }()),
        alice((s.prepare_spawn(), s.join(1, "Alice", static_cast<int8_t>(view)))) {
    for (int i = 0; i < 3000 && !all_loaded(view + 1); ++i) {
      alice.packet(packet::play_sb::ChunkBatchReceived{64.0f});
      s.pass({alice.take()});
    }
    EXPECT_TRUE(all_loaded(view + 1));
  }
  ChunkPos home() {
    const Vec3 p = s.world().spawn_point();
    return {static_cast<int>(std::floor(p.x)) >> 4, static_cast<int>(std::floor(p.z)) >> 4};
  }
  bool all_loaded(int radius) {
    const ChunkPos c = home();
    for (int dx = -radius; dx <= radius; ++dx)
      for (int dz = -radius; dz <= radius; ++dz)
        if (s.world().column({c.x + dx, c.z + dz}) == nullptr) return false;
    return true;
  }
  void command(const std::string& line) { s.pass({ConsoleLine{line}}); }
  void set(int x, int y, int z, const std::string& block) {
    command("setblock " + std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(z) + " " + block);
  }
  std::string_view at(int x, int y, int z) { return testing::name_of(s.world().block_at({x, y, z})); }
  void ticks(int n) {
    for (int i = 0; i < n; ++i) {
      alice.packet(packet::play_sb::ChunkBatchReceived{64.0f});
      s.pass({alice.take()});
    }
  }
};

TEST(RandomTicksCore, GrassSpreadsOntoLitDirt) {
  TickingWorld w(3, 10);
  const ChunkPos c = w.home();
  ASSERT_TRUE(w.s.world().is_ticking(c));
  const int x = c.x * 16 + 4, z = c.z * 16 + 4;
  w.set(x, 200, z, "grass_block");
  w.set(x + 1, 200, z, "dirt");
  w.set(x, 199, z + 1, "dirt");
  // A grass block picks a given neighbour once in 45 tries, four tries a tick: enough ticks that
  // missing one is a one-in-a-million event.
  w.command("gamerule random_tick_speed 1000");
  for (int i = 0; i < 600 && (w.at(x + 1, 200, z) == "dirt" || w.at(x, 199, z + 1) == "dirt"); ++i) w.ticks(1);
  EXPECT_EQ(w.at(x + 1, 200, z), "grass_block");
  EXPECT_EQ(w.at(x, 199, z + 1), "grass_block");
}

TEST(RandomTicksCore, ALeafWithNoLogNearbyDecaysAndDropsItsLoot) {
  TickingWorld w(3, 10);
  const ChunkPos c = w.home();
  const int x = c.x * 16 + 8, z = c.z * 16 + 8;
  w.set(x, 220, z, "oak_leaves[distance=7,persistent=false]");
  w.set(x + 2, 220, z, "oak_leaves[distance=7,persistent=true]");
  ASSERT_EQ(w.at(x, 220, z), "oak_leaves");
  w.command("gamerule random_tick_speed 1000");
  for (int i = 0; i < 100 && w.at(x, 220, z) == "oak_leaves"; ++i) w.ticks(1);
  EXPECT_EQ(w.at(x, 220, z), "air");
  EXPECT_EQ(w.at(x + 2, 220, z), "oak_leaves");
}

TEST(RandomTicksCore, WheatGrows) {
  TickingWorld w(3, 10);
  const ChunkPos c = w.home();
  const int x = c.x * 16 + 6, z = c.z * 16 + 10;
  w.set(x, 210, z, "farmland[moisture=7]");
  w.set(x, 211, z, "wheat[age=0]");
  // About one random tick a block a tick: seven stages at 1 in 7 take some 50 ticks, so the bound
  // of 300 holds for any draw sequence the rest of the world leaves (mobs spawning draw too).
  w.command("gamerule random_tick_speed 4096");
  for (int i = 0; i < 300 && state_property(w.s.world().block_at({x, 211, z}), "age") != "7"; ++i) w.ticks(1);
  EXPECT_EQ(state_property(w.s.world().block_at({x, 211, z}), "age"), "7");
}

TEST(RandomTicksCore, AChunkOutsideTheSimulationDistanceDoesNotChange) {
  TickingWorld w(5, 2);
  const ChunkPos c = w.home();
  const ChunkPos far{c.x + 4, c.z}, near{c.x + 2, c.z};
  ASSERT_TRUE(w.s.world().column(far) != nullptr);
  EXPECT_FALSE(w.s.world().is_ticking(far));
  EXPECT_TRUE(w.s.world().is_ticking(near));
  EXPECT_FALSE(w.s.world().is_ticking({c.x + 3, c.z}));
  for (ChunkPos pos : {far, near}) {
    w.set(pos.x * 16 + 5, 200, pos.z * 16 + 5, "grass_block");
    w.set(pos.x * 16 + 6, 200, pos.z * 16 + 5, "dirt");
  }
  w.command("gamerule random_tick_speed 1000");
  for (int i = 0; i < 200 && w.at(near.x * 16 + 6, 200, near.z * 16 + 5) == "dirt"; ++i) w.ticks(1);
  EXPECT_EQ(w.at(near.x * 16 + 6, 200, near.z * 16 + 5), "grass_block");
  w.ticks(20);
  EXPECT_EQ(w.at(far.x * 16 + 6, 200, far.z * 16 + 5), "dirt");
}

// ServerLevel's pending ticks run where isPositionTickingWithEntitiesLoaded holds: block ticking
// (one ring past the simulation distance) and a ticking chunk. Random ticks stop a ring sooner.
TEST(RandomTicksCore, ScheduledTicksRunOneChunkPastTheSimulationDistance) {
  TickingWorld w(5, 2);
  const ChunkPos c = w.home();
  const ChunkPos edge{c.x + 3, c.z}, beyond{c.x + 4, c.z};
  ASSERT_TRUE(w.s.world().column(beyond) != nullptr);
  EXPECT_FALSE(w.s.world().is_ticking(edge));
  EXPECT_TRUE(w.s.world().ticks_scheduled_at(edge));
  EXPECT_FALSE(w.s.world().ticks_scheduled_at(beyond));
  for (ChunkPos pos : {edge, beyond}) w.set(pos.x * 16 + 8, 250, pos.z * 16 + 8, "water");
  w.ticks(20);
  EXPECT_EQ(w.at(edge.x * 16 + 9, 250, edge.z * 16 + 8), "water");
  EXPECT_EQ(w.at(beyond.x * 16 + 9, 250, beyond.z * 16 + 8), "air");
}

TEST(RandomTicksCore, EverySectionWithTickingBlocksGetsSpeedDraws) {
  TickingWorld w(3, 10);
  w.command("gamerule random_tick_speed 7");
  int sections = 0;
  w.s.world().for_each_ticking_chunk([&](const ChunkColumn& column) {
    for (int i = 0; i < kSectionCount; ++i) sections += column.section(i).random_ticking_count() > 0 ? 1 : 0;
  });
  ASSERT_GT(sections, 0);
  // Count the draws of one pass through the state the system exposes.
  const uint64_t before = w.s.h.core.random_ticks().positions_drawn();
  w.ticks(1);
  EXPECT_EQ(w.s.h.core.random_ticks().positions_drawn() - before, static_cast<uint64_t>(7 * sections));
}

// Fire and lava near a player (docs/rules/fire.md), through the whole core: /setblock, the
// scheduled fire tick and lava's random ticks.
TEST(RandomTicksCore, FireOnAWoodenFloorBurnsItAway) {
  TickingWorld w(3, 10);
  const ChunkPos c = w.home();
  const int x = c.x * 16 + 8, z = c.z * 16 + 8;
  const int y = static_cast<int>(std::floor(w.s.world().spawn_point().y)) + 30;
  w.command("fill " + std::to_string(x - 2) + " " + std::to_string(y) + " " + std::to_string(z - 2) + " " +
            std::to_string(x + 2) + " " + std::to_string(y) + " " + std::to_string(z + 2) + " oak_planks");
  w.set(x, y + 1, z, "fire");
  ASSERT_EQ(w.at(x, y + 1, z), "fire");
  // A fire tick every 30-39 ticks burns the plank below with 20 chances in 250: a few hundred
  // ticks, and 4,000 leave no realistic chance of it standing.
  for (int i = 0; i < 4000 && w.at(x, y, z) == "oak_planks"; ++i) w.ticks(1);
  EXPECT_NE(w.at(x, y, z), "oak_planks");
}

TEST(RandomTicksCore, LavaSetsFireToPlanksBesideIt) {
  TickingWorld w(3, 10);
  const ChunkPos c = w.home();
  const int x = c.x * 16 + 8, z = c.z * 16 + 8;
  const int y = static_cast<int>(std::floor(w.s.world().spawn_point().y)) + 30;
  // A lava source in a stone cup with a plank for one wall.
  w.command("fill " + std::to_string(x - 1) + " " + std::to_string(y - 1) + " " + std::to_string(z - 1) + " " +
            std::to_string(x + 1) + " " + std::to_string(y) + " " + std::to_string(z + 1) + " stone");
  w.set(x + 1, y, z, "oak_planks");
  w.set(x, y, z, "lava");
  // Fire lands on the plank or in the air beside it (the climb), and may burn the plank away.
  auto lit = [&] {
    if (w.at(x + 1, y, z) != "oak_planks") return true;
    for (int dx = -1; dx <= 2; ++dx)
      for (int dz = -1; dz <= 1; ++dz)
        for (int dy = 1; dy <= 2; ++dy)
          if (w.at(x + dx, y + dy, z + dz) == "fire") return true;
    return false;
  };
  ASSERT_FALSE(lit());
  w.command("gamerule random_tick_speed 4096");
  for (int i = 0; i < 400 && !lit(); ++i) w.ticks(1);
  EXPECT_TRUE(lit());
}

}  // namespace
}  // namespace hz
