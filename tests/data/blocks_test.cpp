// Block facts against the protocol spec's table (ids from minecraft-data, block order checked
// against vanilla) and the derived per-state queries: fluids, motion blocking, light, shapes.
#include "sim/data/blocks.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/data/spec_files.h"

namespace hz {
namespace {

using Props = std::vector<std::pair<std::string_view, std::string_view>>;

BlockStateId state_of(std::string_view block, const Props& props) {
  const auto state = state_with(block, props);
  EXPECT_TRUE(state.has_value()) << block;
  return state.value_or(0);
}

TEST(Blocks, TotalsMatchTheSpec) {
  EXPECT_EQ(block_count(), 1168);
  const BlockInfo& last = block_info(static_cast<BlockId>(block_count() - 1));
  EXPECT_EQ(last.max_state, 29872);
  EXPECT_EQ(kBlockStateCount, 29873);
  EXPECT_EQ(1 << kGlobalBlockBits, 32768);
}

TEST(Blocks, DefaultStatesMatchTheSpecTable) {
  const std::pair<std::string_view, int> expected[] = {
      {"air", 0},        {"stone", 1},           {"granite", 2},     {"diorite", 4},      {"andesite", 6},
      {"grass_block", 9}, {"dirt", 10},          {"bedrock", 85},    {"water", 86},       {"lava", 102},
      {"sand", 118},     {"sandstone", 578},     {"gravel", 124},    {"oak_log", 137},    {"oak_leaves", 279},
      {"snow_block", 6928}, {"deepslate", 27924}, {"short_grass", 2248}, {"ice", 6927},  {"cave_air", 15293},
      {"void_air", 15292},
  };
  for (const auto& [name, state] : expected) EXPECT_EQ(default_state_of(name), state) << name;
}

TEST(Blocks, StatesFromPropertiesMatchTheSpecTable) {
  EXPECT_EQ(state_of("grass_block", {{"snowy", "true"}}), 8);
  EXPECT_EQ(state_of("grass_block", {{"snowy", "false"}}), 9);
  EXPECT_EQ(state_of("oak_log", {{"axis", "x"}}), 136);
  EXPECT_EQ(state_of("oak_log", {{"axis", "y"}}), 137);
  EXPECT_EQ(state_of("minecraft:oak_log", {{"axis", "z"}}), 138);
  EXPECT_EQ(state_of("deepslate", {{"axis", "y"}}), 27924);
  for (int level = 0; level < 16; ++level) {
    const std::string text = std::to_string(level);
    EXPECT_EQ(state_of("water", {{"level", text}}), 86 + level);
    EXPECT_EQ(state_of("lava", {{"level", text}}), 102 + level);
  }
  EXPECT_EQ(state_of("oak_leaves", {{"distance", "7"}, {"persistent", "false"}, {"waterlogged", "false"}}), 279);
}

TEST(Blocks, UnknownNamesPropertiesAndValuesAreRejected) {
  EXPECT_FALSE(block_by_name("no_such_block").has_value());
  EXPECT_FALSE(block_by_name("other:stone").has_value());
  EXPECT_TRUE(block_by_name("minecraft:stone").has_value());
  EXPECT_FALSE(state_with("oak_log", Props{{"facing", "north"}}).has_value());
  EXPECT_FALSE(state_with("oak_log", Props{{"axis", "w"}}).has_value());
  EXPECT_EQ(state_property(137, "facing"), "");
  EXPECT_EQ(state_property(137, "axis"), "y");
}

TEST(Blocks, EveryStateRoundTripsThroughItsPropertyValues) {
  for (int raw = 0; raw < kBlockStateCount; ++raw) {
    const auto state = static_cast<BlockStateId>(raw);
    const BlockInfo& info = block_info(block_of_state(state));
    ASSERT_GE(state, info.min_state);
    ASSERT_LE(state, info.max_state);
    Props props;
    for (const BlockProperty& property : info.properties) props.emplace_back(property.name, state_property(state, property.name));
    ASSERT_EQ(state_with(info.name, props), state) << info.name;
  }
}

TEST(Blocks, BooleanValuesAreListedTrueFirst) {
  const BlockInfo& leaves = block_info(*block_by_name("oak_leaves"));
  for (const BlockProperty& property : leaves.properties) {
    if (property.name == "persistent" || property.name == "waterlogged") {
      ASSERT_EQ(property.values.size(), 2u);
      EXPECT_EQ(property.values[0], "true");
      EXPECT_EQ(property.values[1], "false");
    }
  }
}

TEST(Blocks, AirKinds) {
  EXPECT_TRUE(is_air(0));
  EXPECT_TRUE(is_air(15293));
  EXPECT_TRUE(is_air(15292));
  EXPECT_FALSE(is_air(1));
  EXPECT_FALSE(is_air(86));
}

TEST(Blocks, FluidsIncludeWaterloggedAndAlwaysWaterBlocks) {
  for (int level = 0; level < 16; ++level) {
    EXPECT_TRUE(has_fluid(static_cast<BlockStateId>(86 + level)));
    EXPECT_TRUE(is_water(static_cast<BlockStateId>(86 + level)));
    EXPECT_TRUE(has_fluid(static_cast<BlockStateId>(102 + level)));
    EXPECT_FALSE(is_water(static_cast<BlockStateId>(102 + level)));
  }
  EXPECT_TRUE(is_water(state_of("oak_stairs", {{"waterlogged", "true"}})));
  EXPECT_FALSE(has_fluid(state_of("oak_stairs", {{"waterlogged", "false"}})));
  EXPECT_TRUE(is_water(default_state_of("seagrass")));
  EXPECT_TRUE(is_water(default_state_of("kelp_plant")));
  EXPECT_TRUE(is_water(default_state_of("bubble_column")));
  EXPECT_FALSE(has_fluid(1));
  EXPECT_FALSE(has_fluid(0));
}

TEST(Blocks, MotionBlockingFollowsVanillaSolidity) {
  EXPECT_TRUE(blocks_motion(1));
  EXPECT_FALSE(blocks_motion(0));
  EXPECT_TRUE(blocks_motion(86));    // water: holds a fluid
  EXPECT_TRUE(blocks_motion(279));   // leaves: full collision box
  EXPECT_FALSE(blocks_motion(2248)); // short grass: no collision
  EXPECT_FALSE(blocks_motion(default_state_of("cobweb")));          // solid but exempt
  EXPECT_FALSE(blocks_motion(default_state_of("bamboo_sapling")));  // solid but exempt
  EXPECT_TRUE(blocks_motion(default_state_of("oak_sign")));         // no box, forced solid
  EXPECT_TRUE(blocks_motion(default_state_of("stone_pressure_plate")));
  EXPECT_FALSE(blocks_motion(default_state_of("ladder")));          // forced not solid
  EXPECT_FALSE(blocks_motion(default_state_of("white_carpet")));    // 1/16 tall: too thin
  EXPECT_TRUE(blocks_motion(state_of("oak_slab", {{"type", "bottom"}, {"waterlogged", "false"}})));
  EXPECT_TRUE(blocks_motion(state_of("oak_slab", {{"type", "bottom"}, {"waterlogged", "true"}})));
  EXPECT_FALSE(blocks_motion(default_state_of("torch")));
  EXPECT_FALSE(blocks_motion(default_state_of("scaffolding")));     // dynamic shape
  EXPECT_TRUE(blocks_motion(default_state_of("seagrass")));         // always water
}

TEST(Blocks, CollisionBoxes) {
  ASSERT_EQ(collision_boxes(1).size(), 1u);
  const ShapeBox stone = collision_boxes(1)[0];
  EXPECT_EQ(stone.min_x, 0.0);
  EXPECT_EQ(stone.max_y, 1.0);
  EXPECT_TRUE(collision_boxes(0).empty());
  EXPECT_TRUE(collision_boxes(86).empty());
  const auto slab = collision_boxes(state_of("oak_slab", {{"type", "bottom"}, {"waterlogged", "false"}}));
  ASSERT_EQ(slab.size(), 1u);
  EXPECT_EQ(slab[0].max_y, 0.5);
  const auto top = collision_boxes(state_of("oak_slab", {{"type", "top"}, {"waterlogged", "false"}}));
  ASSERT_EQ(top.size(), 1u);
  EXPECT_EQ(top[0].min_y, 0.5);
  double fence_top = 0;
  for (const ShapeBox& box : collision_boxes(default_state_of("oak_fence"))) fence_top = std::max(fence_top, box.max_y);
  EXPECT_EQ(fence_top, 1.5);
}

TEST(Blocks, LightDependsOnStateWhereVanillaSaysSo) {
  EXPECT_EQ(emitted_light(1), 0);
  EXPECT_EQ(emitted_light(default_state_of("glowstone")), 15);
  EXPECT_EQ(emitted_light(default_state_of("torch")), 14);
  EXPECT_EQ(emitted_light(102), 15);
  EXPECT_EQ(emitted_light(state_of("furnace", {{"lit", "true"}})), 13);
  EXPECT_EQ(emitted_light(state_of("furnace", {{"lit", "false"}})), 0);
  EXPECT_EQ(emitted_light(state_of("redstone_lamp", {{"lit", "true"}})), 15);
  EXPECT_EQ(emitted_light(state_of("candle", {{"candles", "3"}, {"lit", "true"}})), 9);
  EXPECT_EQ(emitted_light(state_of("candle", {{"candles", "3"}, {"lit", "false"}})), 0);
  EXPECT_EQ(emitted_light(state_of("light", {{"level", "7"}})), 7);
  EXPECT_EQ(emitted_light(state_of("respawn_anchor", {{"charges", "2"}})), 7);
  EXPECT_EQ(light_opacity(1), 15);
  EXPECT_EQ(light_opacity(0), 0);
}

TEST(Blocks, AgreeWithTheSpecIdFile) {
  const auto ids = test::load_spec_json("protocol-26.1-ids.json");
  if (!ids || !ids->member("block_states")) {
    HZ_SPEC_MISSING("protocol-26.1-ids.json");
  }
  for (const auto& [name, facts] : ids->member("block_states")->members) {
    const auto id = block_by_name(name);
    ASSERT_TRUE(id.has_value()) << name;
    const BlockInfo& info = block_info(*id);
    EXPECT_EQ(*id, facts.member("block_id")->number) << name;
    EXPECT_EQ(info.min_state, facts.member("min")->number) << name;
    EXPECT_EQ(info.max_state, facts.member("max")->number) << name;
    EXPECT_EQ(info.default_state, facts.member("default")->number) << name;
    Props props;
    if (const auto* listed = facts.member("props")) {
      for (const auto& [key, value] : listed->members) props.emplace_back(key, value.text);
    }
    EXPECT_EQ(state_with(name, props), facts.member("state")->number) << name;
  }
  const auto* totals = ids->member("totals");
  ASSERT_NE(totals, nullptr);
  EXPECT_EQ(kBlockStateCount, totals->member("block_state_count")->number);
  EXPECT_EQ(block_count(), totals->member("block_count")->number);
}

RC_GTEST_PROP(Blocks, StatePropertiesAgreeWithStateWith, ()) {
  const auto state = static_cast<BlockStateId>(*rc::gen::inRange(0, kBlockStateCount));
  const BlockInfo& info = block_info(block_of_state(state));
  RC_PRE(!info.properties.empty());
  // Changing one property to one of its values changes exactly that property.
  const size_t index = *rc::gen::inRange<size_t>(0, info.properties.size());
  const BlockProperty& property = info.properties[index];
  const std::string_view value = property.values[*rc::gen::inRange<size_t>(0, property.values.size())];
  Props props;
  for (const BlockProperty& p : info.properties) props.emplace_back(p.name, p.name == property.name ? value : state_property(state, p.name));
  const auto changed = state_with(info.name, props);
  RC_ASSERT(changed.has_value());
  for (const BlockProperty& p : info.properties) {
    RC_ASSERT(state_property(*changed, p.name) == (p.name == property.name ? value : state_property(state, p.name)));
  }
}

}  // namespace
}  // namespace hz

namespace hz {
namespace {

// Explosion resistance as vanilla's Blocks.java gives it (BlockBehaviour.Properties.strength /
// explosionResistance), a table of facts independent of the generated data.
TEST(Blocks, BlastResistanceMatchesVanillasBlocks) {
  const std::pair<std::string_view, float> facts[] = {
      {"air", 0.0f},           {"stone", 6.0f},        {"cobblestone", 6.0f},   {"dirt", 0.5f},
      {"grass_block", 0.6f},   {"sand", 0.5f},         {"oak_planks", 3.0f},    {"glass", 0.3f},
      {"obsidian", 1200.0f},   {"crying_obsidian", 1200.0f}, {"water", 100.0f}, {"lava", 100.0f},
      {"bedrock", 3600000.0f}, {"barrier", 3600000.8f}, {"tnt", 0.0f},          {"iron_block", 6.0f},
      {"anvil", 1200.0f},      {"ender_chest", 600.0f}, {"netherite_block", 1200.0f},
      {"reinforced_deepslate", 1200.0f}, {"end_portal_frame", 3600000.0f}, {"short_grass", 0.0f},
  };
  for (const auto& [name, resistance] : facts) {
    const std::optional<BlockId> id = block_by_name(name);
    ASSERT_TRUE(id) << name;
    EXPECT_FLOAT_EQ(block_info(*id).resistance, resistance) << name;
  }
  // No block has a negative resistance (unbreakable blocks have a huge one instead).
  for (int id = 0; id < block_count(); ++id) EXPECT_GE(block_info(static_cast<BlockId>(id)).resistance, 0.0f);
}

}  // namespace
}  // namespace hz
