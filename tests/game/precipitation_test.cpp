// Precipitation (docs/rules/random-ticks.md §2.1) and sky darkening in random ticks: one
// precipitation check at a column against a reference written here from the rules page (freeze,
// pile snow, fill cauldrons) over random columns, biomes, heights, light and weather; the biome
// climate table; saplings and grass that wait for daylight; and a snowy world through the core.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <string>
#include <tuple>

#include "sim/game/blocks/block_kinds.h"
#include "sim/game/ticking/precipitation.h"
#include "sim/game/ticking/random_tick_rules.h"
#include "tests/game/names.h"

namespace hz {
namespace {

using testing::name_of;
using testing::state;

struct ColumnWorld final : PrecipitationWorld {
  std::map<std::tuple<int, int, int>, BlockStateId> blocks;
  std::map<std::tuple<int, int, int>, uint8_t> light;
  BiomeKind kind = BiomeKind::kPlains;
  int top = 64;
  int darken = 0;
  static std::tuple<int, int, int> key(const BlockPos& p) { return {p.x, p.y, p.z}; }
  BlockStateId block(const BlockPos& p) const override {
    auto it = blocks.find(key(p));
    return it == blocks.end() ? state("air") : it->second;
  }
  uint8_t sky_light(const BlockPos&) const override { return 15; }
  uint8_t block_light(const BlockPos& p) const override {
    auto it = light.find(key(p));
    return it == light.end() ? uint8_t{0} : it->second;
  }
  int sky_darken() const override { return darken; }
  void set_block(const BlockPos& p, BlockStateId s) override { blocks[key(p)] = s; }
  void drop_loot(const BlockPos&, BlockStateId) override {}
  int motion_blocking_top(int, int) const override { return top; }
  BiomeKind biome(const BlockPos&) const override { return kind; }
  // Snow stays on stone, dirt and full snow; not on ice, water or a cauldron's rim.
  bool snow_can_survive(const BlockPos& p) const override {
    const BlockStateId below = block({p.x, p.y - 1, p.z});
    const std::string_view n = name_of(below);
    return n == "stone" || n == "dirt" || (n == "snow" && state_property(below, "layers") == "8");
  }
};

// --- the reference, from the page ---

float ref_temperature(BiomeKind kind, int y) {
  const std::map<BiomeKind, float> base{{BiomeKind::kDeepOcean, 0.5f}, {BiomeKind::kOcean, 0.5f},
                                        {BiomeKind::kFrozenOcean, 0.0f}, {BiomeKind::kBeach, 0.8f},
                                        {BiomeKind::kSnowyBeach, 0.05f}, {BiomeKind::kPlains, 0.8f},
                                        {BiomeKind::kForest, 0.7f}, {BiomeKind::kBirchForest, 0.6f},
                                        {BiomeKind::kTaiga, 0.25f}, {BiomeKind::kDesert, 2.0f},
                                        {BiomeKind::kSnowyPlains, 0.0f}, {BiomeKind::kSnowyTaiga, -0.5f}};
  // 0.05 colder per 40 blocks above y 80.
  return y > 80 ? base.at(kind) - (static_cast<float>(y) - 80.0f) * 0.05f / 40.0f : base.at(kind);
}
bool ref_cold(BiomeKind kind, int y) { return ref_temperature(kind, y) < 0.15f; }

void ref_tick(ColumnWorld& w, bool raining, int max_snow, Rng& rng) {
  const BlockPos top{0, w.top, 0}, below{0, w.top - 1, 0};
  const BlockStateId under = w.block(below);
  // Freezing: cold, dim, still water with a non-water side.
  if (ref_cold(w.kind, below.y) && w.block_light(below) < 10 && name_of(under) == "water" &&
      state_property(under, "level") == "0") {
    bool all_water = true;
    for (auto [dx, dz] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
      const BlockStateId side = w.block({dx, below.y, dz});
      all_water = all_water && (name_of(side) == "water" || state_property(side, "waterlogged") == "true");
    }
    if (!all_water) w.set_block(below, state("ice"));
  }
  if (!raining) return;
  const bool desert = w.kind == BiomeKind::kDesert;
  const BlockStateId here = w.block(top);
  if (max_snow > 0 && !desert && ref_cold(w.kind, top.y) && w.block_light(top) < 10 &&
      (name_of(here) == "air" || name_of(here) == "snow") && w.snow_can_survive(top)) {
    if (name_of(here) == "snow") {
      const int layers = std::stoi(std::string(state_property(here, "layers")));
      if (layers < std::min(max_snow, 8)) w.set_block(top, state("snow", {{"layers", std::to_string(layers + 1)}}));
    } else {
      w.set_block(top, state("snow", {{"layers", "1"}}));
    }
  }
  if (desert) return;
  const bool snow = ref_cold(w.kind, below.y);
  const BlockStateId c = w.block(below);
  const std::string_view n = name_of(c);
  if (n != "cauldron" && n != "water_cauldron" && n != "powder_snow_cauldron") return;
  if (!(rng.next_float() < (snow ? 0.1f : 0.05f))) return;
  if (n == "cauldron") {
    w.set_block(below, snow ? state("powder_snow_cauldron", {{"level", "1"}}) : state("water_cauldron", {{"level", "1"}}));
    return;
  }
  const int level = std::stoi(std::string(state_property(c, "level")));
  if (level == 3 || (n == "water_cauldron") == snow) return;
  w.set_block(below, state(n, {{"level", std::to_string(level + 1)}}));
}

TEST(Precipitation, ClimateOfTheGeneratorsBiomes) {
  EXPECT_TRUE(cold_enough_to_snow(BiomeKind::kSnowyPlains, 64));
  EXPECT_TRUE(cold_enough_to_snow(BiomeKind::kSnowyBeach, 63));
  EXPECT_FALSE(cold_enough_to_snow(BiomeKind::kPlains, 64));
  EXPECT_FALSE(cold_enough_to_snow(BiomeKind::kTaiga, 160));  // 0.25 - 80 * 0.00125 = 0.15: rain
  EXPECT_TRUE(cold_enough_to_snow(BiomeKind::kTaiga, 161));
  EXPECT_EQ(precipitation_at(BiomeKind::kDesert, 64), Precipitation::kNone);
  EXPECT_EQ(precipitation_at(BiomeKind::kForest, 64), Precipitation::kRain);
  EXPECT_EQ(precipitation_at(BiomeKind::kSnowyTaiga, 64), Precipitation::kSnow);
  for (int b = 0; b < kBiomeKindCount; ++b)
    for (int y = -64; y < 320; y += 7)
      EXPECT_EQ(cold_enough_to_snow(static_cast<BiomeKind>(b), y), ref_cold(static_cast<BiomeKind>(b), y)) << b << " " << y;
}

RC_GTEST_PROP(Precipitation, OneCheckMatchesTheReference, ()) {
  ColumnWorld w;
  w.kind = static_cast<BiomeKind>(*rc::gen::inRange(0, kBiomeKindCount));
  w.top = *rc::gen::element(40, 64, 100, 170, 200);
  const BlockPos top{0, w.top, 0}, below{0, w.top - 1, 0};
  const int top_kind = *rc::gen::inRange(0, 4);
  w.blocks[ColumnWorld::key(top)] = top_kind == 0 ? state("air")
                          : top_kind == 1 ? state("snow", {{"layers", std::to_string(*rc::gen::inRange(1, 9))}})
                          : top_kind == 2 ? state("short_grass")
                                          : state("air");
  const int below_kind = *rc::gen::inRange(0, 7);
  switch (below_kind) {
    case 0: w.blocks[ColumnWorld::key(below)] = state("stone"); break;
    case 1: w.blocks[ColumnWorld::key(below)] = state("water", {{"level", "0"}}); break;
    case 2: w.blocks[ColumnWorld::key(below)] = state("water", {{"level", "3"}}); break;
    case 3: w.blocks[ColumnWorld::key(below)] = state("cauldron"); break;
    case 4: w.blocks[ColumnWorld::key(below)] = state("water_cauldron", {{"level", std::to_string(*rc::gen::inRange(1, 4))}}); break;
    case 5: w.blocks[ColumnWorld::key(below)] = state("powder_snow_cauldron", {{"level", std::to_string(*rc::gen::inRange(1, 4))}}); break;
    default: w.blocks[ColumnWorld::key(below)] = state("snow", {{"layers", "8"}}); break;
  }
  for (auto [dx, dz] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}})
    if (*rc::gen::arbitrary<bool>()) w.blocks[ColumnWorld::key({dx, below.y, dz})] = state("water", {{"level", "0"}});
  w.light[ColumnWorld::key(top)] = static_cast<uint8_t>(*rc::gen::element(0, 9, 10, 15));
  w.light[ColumnWorld::key(below)] = static_cast<uint8_t>(*rc::gen::element(0, 9, 10, 15));
  const bool raining = *rc::gen::arbitrary<bool>();
  const int max_snow = *rc::gen::inRange(0, 9);
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  ColumnWorld expected = w;
  Rng a(seed), b(seed);
  tick_precipitation(w, 0, 0, raining, max_snow, a);
  ref_tick(expected, raining, max_snow, b);
  for (const auto& [k, s] : expected.blocks) RC_ASSERT(w.blocks.at(k) == s);
  RC_ASSERT(w.blocks.size() == expected.blocks.size());
  RC_ASSERT(a.next_u64() == b.next_u64());  // the same draws
}

TEST(Precipitation, SnowPilesUpToTheGameRulesHeight) {
  ColumnWorld w;
  w.kind = BiomeKind::kSnowyPlains;
  w.blocks[{0, 63, 0}] = state("stone");
  Rng rng(1);
  for (int i = 0; i < 20; ++i) tick_precipitation(w, 0, 0, true, 3, rng);
  EXPECT_EQ(w.block({0, 64, 0}), state("snow", {{"layers", "3"}}));
  // Clear weather piles nothing and freezes only.
  ColumnWorld dry = w;
  dry.blocks.erase({0, 64, 0});
  tick_precipitation(dry, 0, 0, false, 3, rng);
  EXPECT_EQ(name_of(dry.block({0, 64, 0})), "air");
}

// --- sky darkening reaches the random ticks (random-ticks.md §3) ---

TEST(SkyDarkeningInRandomTicks, SaplingsWaitForDaylightCropsDoNot) {
  for (int darken : {0, 11}) {
    ColumnWorld w;
    w.blocks[{0, 63, 0}] = state("grass_block", {{"snowy", "false"}});
    w.blocks[{0, 64, 0}] = state("oak_sapling", {{"stage", "0"}});
    w.darken = darken;
    Rng rng(5);
    for (int i = 0; i < 200; ++i) random_tick_block(w, {0, 64, 0}, w.block({0, 64, 0}), rng);
    // Sky light 15 less 11 is 4, below the 9 a sapling needs; at noon it advances.
    EXPECT_EQ(state_property(w.block({0, 64, 0}), "stage") == "1" || name_of(w.block({0, 64, 0})) == "oak_log", darken == 0)
        << "darken " << darken;
    EXPECT_EQ(max_local_raw_brightness(w, {0, 65, 0}), 15 - darken);
    EXPECT_EQ(raw_brightness(w, {0, 65, 0}), 15);  // crops ask without the darkening
  }
}

}  // namespace
}  // namespace hz
