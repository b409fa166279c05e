// The synchronized registries: names, order and counts from the protocol spec, and every
// entry's data is well-formed network NBT with the fields clients read.
#include "sim/data/registries.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tests/data/nbt_walker.h"
#include "tests/data/spec_files.h"

namespace hz {
namespace {

const Registry& registry_named(std::string_view name) {
  for (const Registry& registry : synced_registries()) {
    if (registry.name == name) return registry;
  }
  ADD_FAILURE() << "no registry " << name;
  return synced_registries().front();
}

TEST(Registries, NamesOrderAndCountsMatchTheSpec) {
  const std::pair<std::string_view, size_t> expected[] = {
      {"worldgen/biome", 65}, {"chat_type", 7}, {"trim_pattern", 18}, {"trim_material", 11},
      {"wolf_variant", 9}, {"wolf_sound_variant", 7}, {"pig_variant", 3}, {"pig_sound_variant", 3},
      {"frog_variant", 3}, {"cat_variant", 11}, {"cat_sound_variant", 2}, {"cow_sound_variant", 2},
      {"cow_variant", 3}, {"chicken_sound_variant", 2}, {"chicken_variant", 3}, {"zombie_nautilus_variant", 2},
      {"painting_variant", 51}, {"dimension_type", 4}, {"damage_type", 50}, {"banner_pattern", 43},
      {"enchantment", 43}, {"jukebox_song", 21}, {"instrument", 8}, {"test_environment", 1},
      {"test_instance", 1}, {"dialog", 3}, {"world_clock", 2}, {"timeline", 4},
  };
  const auto registries = synced_registries();
  ASSERT_EQ(registries.size(), 28u);
  for (size_t i = 0; i < registries.size(); ++i) {
    EXPECT_EQ(registries[i].name, "minecraft:" + std::string(expected[i].first));
    EXPECT_EQ(registries[i].entries.size(), expected[i].second) << registries[i].name;
  }
}

TEST(Registries, NetworkIdsOfKnownEntries) {
  EXPECT_EQ(registry_entry_id("minecraft:worldgen/biome", "minecraft:plains"), 40);
  EXPECT_EQ(registry_entry_id("minecraft:worldgen/biome", "minecraft:the_void"), 57);
  EXPECT_EQ(registry_entry_id("minecraft:dimension_type", "minecraft:overworld"), 0);
  EXPECT_EQ(registry_entry_id("minecraft:dimension_type", "minecraft:overworld_caves"), 1);
  EXPECT_EQ(registry_entry_id("minecraft:dimension_type", "minecraft:the_end"), 2);
  EXPECT_EQ(registry_entry_id("minecraft:dimension_type", "minecraft:the_nether"), 3);
  EXPECT_EQ(registry_entry_id("minecraft:world_clock", "minecraft:overworld"), 0);
  EXPECT_EQ(registry_entry_id("minecraft:world_clock", "minecraft:the_end"), 1);
  EXPECT_EQ(registry_entry_id("minecraft:worldgen/biome", "minecraft:nowhere"), -1);
  EXPECT_EQ(registry_entry_id("minecraft:nothing", "minecraft:plains"), -1);
}

TEST(Registries, EntryNamesAreUniqueAndNamespaced) {
  for (const Registry& registry : synced_registries()) {
    std::set<std::string_view> names;
    for (const RegistryEntry& entry : registry.entries) {
      EXPECT_TRUE(entry.name.starts_with("minecraft:")) << entry.name;
      EXPECT_TRUE(names.insert(entry.name).second) << entry.name;
    }
  }
}

TEST(Registries, EveryEntryIsACompleteNamelessCompound) {
  for (const Registry& registry : synced_registries()) {
    for (const RegistryEntry& entry : registry.entries) {
      ASSERT_FALSE(entry.nbt.empty()) << entry.name;
      EXPECT_EQ(entry.nbt[0], 0x0a) << entry.name;
      test::NbtWalker walker(entry.nbt);
      EXPECT_TRUE(walker.parse_root().has_value()) << registry.name << " " << entry.name;
    }
  }
}

TEST(Registries, OverworldDimensionTypeHasTheSpecHeights) {
  const RegistryEntry& overworld = registry_named("minecraft:dimension_type").entries[0];
  test::NbtWalker walker(overworld.nbt);
  const auto root = walker.parse_root();
  ASSERT_TRUE(root.has_value());
  ASSERT_NE(root->field("min_y"), nullptr);
  EXPECT_EQ(root->field("min_y")->integer, -64);
  ASSERT_NE(root->field("height"), nullptr);
  EXPECT_EQ(root->field("height")->integer, 384);
  ASSERT_NE(root->field("logical_height"), nullptr);
  EXPECT_EQ(root->field("logical_height")->integer, 384);
}

TEST(Registries, PlainsBiomeHasClimateFields) {
  const RegistryEntry& plains = registry_named("minecraft:worldgen/biome").entries[40];
  ASSERT_EQ(plains.name, "minecraft:plains");
  test::NbtWalker walker(plains.nbt);
  const auto root = walker.parse_root();
  ASSERT_TRUE(root.has_value());
  ASSERT_NE(root->field("temperature"), nullptr);
  EXPECT_EQ(root->field("temperature")->type, 5);
  EXPECT_FLOAT_EQ(static_cast<float>(root->field("temperature")->real), 0.8f);
  ASSERT_NE(root->field("has_precipitation"), nullptr);
  EXPECT_EQ(root->field("has_precipitation")->integer, 1);
}

TEST(Registries, EntryNamesMatchTheSpecIdFile) {
  const auto ids = test::load_spec_json("protocol-26.1-ids.json");
  if (!ids || !ids->member("registries")) {
    HZ_SPEC_MISSING("protocol-26.1-ids.json");
  }
  const auto& expected = ids->member("registries")->items;
  const auto registries = synced_registries();
  ASSERT_EQ(expected.size(), registries.size());
  for (size_t r = 0; r < registries.size(); ++r) {
    EXPECT_EQ(registries[r].name, expected[r].member("id")->text);
    const auto& names = expected[r].member("entries")->items;
    ASSERT_EQ(registries[r].entries.size(), names.size()) << registries[r].name;
    for (size_t e = 0; e < names.size(); ++e) EXPECT_EQ(registries[r].entries[e].name, names[e].text);
  }
}

TEST(Registries, WalkerRejectsTruncatedData) {
  const RegistryEntry& entry = registry_named("minecraft:dimension_type").entries[0];
  for (size_t cut : {size_t{1}, size_t{2}, entry.nbt.size() / 2, entry.nbt.size() - 1}) {
    test::NbtWalker walker(entry.nbt.first(cut));
    EXPECT_FALSE(walker.parse_root().has_value()) << cut;
  }
}

}  // namespace
}  // namespace hz
