// Tags: structure (registries, unique names and ids in range), every tag the registry data
// refers to is sent, and agreement with vanilla's tags from the reference file when present.
#include "sim/data/tags.h"

#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sim/data/blocks.h"
#include "sim/data/registries.h"
#include "tests/data/json_reader.h"
#include "tests/data/spec_files.h"
#include "tests/data/nbt_walker.h"

namespace hz {
namespace {

const TagRegistry* tag_registry(std::string_view name) {
  for (const TagRegistry& registry : synced_tags()) {
    if (registry.registry == name) return &registry;
  }
  return nullptr;
}

const Tag* find_tag(std::string_view registry, std::string_view tag) {
  const TagRegistry* found = tag_registry(registry);
  if (!found) return nullptr;
  for (const Tag& candidate : found->tags) {
    if (candidate.name == tag) return &candidate;
  }
  return nullptr;
}

std::set<int32_t> ids_of(std::string_view registry, std::string_view tag) {
  const Tag* found = find_tag(registry, tag);
  if (!found) return {};
  return {found->ids.begin(), found->ids.end()};
}

// Number of entries per tag registry where the project knows them (others are sent without ids).
std::map<std::string, int> registry_sizes() {
  std::map<std::string, int> sizes = {{"minecraft:block", block_count()}, {"minecraft:fluid", 5},
                                      {"minecraft:item", 1506}, {"minecraft:entity_type", 157}};
  for (const Registry& registry : synced_registries()) sizes[std::string(registry.name)] = static_cast<int>(registry.entries.size());
  return sizes;
}

TEST(Tags, TheFifteenRegistriesVanillaSendsInItsOrder) {
  const std::vector<std::string> expected = {
      "block", "item", "fluid", "entity_type", "game_event", "point_of_interest_type", "potion", "worldgen/biome",
      "enchantment", "damage_type", "banner_pattern", "painting_variant", "instrument", "dialog", "timeline"};
  ASSERT_EQ(synced_tags().size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(synced_tags()[i].registry, "minecraft:" + expected[i]);
}

TEST(Tags, NamesAreUniqueAndIdsInRangeWithoutDuplicates) {
  const auto sizes = registry_sizes();
  for (const TagRegistry& registry : synced_tags()) {
    std::set<std::string_view> names;
    const auto size = sizes.find(std::string(registry.registry));
    for (const Tag& tag : registry.tags) {
      EXPECT_TRUE(tag.name.starts_with("minecraft:")) << tag.name;
      EXPECT_TRUE(names.insert(tag.name).second) << registry.registry << " " << tag.name;
      std::set<int32_t> seen;
      for (int32_t id : tag.ids) {
        EXPECT_TRUE(seen.insert(id).second) << tag.name << " repeats " << id;
        ASSERT_NE(size, sizes.end()) << registry.registry << " has ids but no known size";
        EXPECT_GE(id, 0);
        EXPECT_LT(id, size->second) << registry.registry << " " << tag.name;
      }
    }
  }
}

TEST(Tags, MovementTagsHoldTheExpectedMembers) {
  // Fluid ids: empty 0, flowing_water 1, water 2, flowing_lava 3, lava 4.
  EXPECT_EQ(ids_of("minecraft:fluid", "minecraft:water"), (std::set<int32_t>{1, 2}));
  EXPECT_EQ(ids_of("minecraft:fluid", "minecraft:lava"), (std::set<int32_t>{3, 4}));
  std::set<int32_t> climbable;
  for (const char* name : {"ladder", "vine", "scaffolding", "weeping_vines", "weeping_vines_plant", "twisting_vines",
                           "twisting_vines_plant", "cave_vines", "cave_vines_plant"}) {
    climbable.insert(*block_by_name(name));
  }
  EXPECT_EQ(ids_of("minecraft:block", "minecraft:climbable"), climbable);
  EXPECT_TRUE(ids_of("minecraft:block", "minecraft:fences").contains(*block_by_name("nether_brick_fence")));
  EXPECT_TRUE(ids_of("minecraft:block", "minecraft:walls").contains(*block_by_name("cobblestone_wall")));
}

// Which tag registry a '#tag' string in registry data points into, by the field that holds it.
std::string reference_registry(std::string_view registry, std::string_view field) {
  static const std::map<std::pair<std::string, std::string>, std::string> kFields = {
      {{"minecraft:dimension_type", "infiniburn"}, "minecraft:block"},
      {{"minecraft:dimension_type", "timelines"}, "minecraft:timeline"},
      {{"minecraft:enchantment", "supported_items"}, "minecraft:item"},
      {{"minecraft:enchantment", "primary_items"}, "minecraft:item"},
      {{"minecraft:enchantment", "items"}, "minecraft:item"},
      {{"minecraft:enchantment", "exclusive_set"}, "minecraft:enchantment"},
      {{"minecraft:enchantment", "blocks"}, "minecraft:block"},
      {{"minecraft:enchantment", "immune_blocks"}, "minecraft:block"},
      {{"minecraft:enchantment", "type"}, "minecraft:entity_type"},
      {{"minecraft:dialog", "dialogs"}, "minecraft:dialog"},
  };
  const auto it = kFields.find({std::string(registry), std::string(field)});
  return it == kFields.end() ? "" : it->second;
}

bool is_tag_reference(const std::string& text) {
  if (text.size() < 3 || text[0] != '#') return false;
  const auto colon = text.find(':');
  if (colon == std::string::npos || colon == 1) return false;
  for (char c : text.substr(1)) {
    if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_' ||
          c == ':' || c == '/' || c == '.' || c == '-')) {
      return false;
    }
  }
  return true;
}

void collect_references(const test::NbtNode& node, const std::string& field,
                        std::vector<std::pair<std::string, std::string>>& out) {
  if (node.type == 8 && is_tag_reference(node.text)) out.emplace_back(field, node.text.substr(1));
  for (const auto& item : node.items) collect_references(item, field, out);
  for (const auto& [key, value] : node.fields) collect_references(value, key, out);
}

TEST(Tags, EveryTagTheRegistryDataRefersToIsSent) {
  int references = 0;
  for (const Registry& registry : synced_registries()) {
    for (const RegistryEntry& entry : registry.entries) {
      test::NbtWalker walker(entry.nbt);
      const auto root = walker.parse_root();
      ASSERT_TRUE(root.has_value());
      std::vector<std::pair<std::string, std::string>> refs;
      collect_references(*root, "", refs);
      for (const auto& [field, tag] : refs) {
        ++references;
        const std::string target = reference_registry(registry.name, field);
        ASSERT_FALSE(target.empty()) << registry.name << " " << entry.name << ": unmapped field " << field;
        EXPECT_NE(find_tag(target, tag), nullptr) << entry.name << " needs " << target << " #" << tag;
      }
    }
  }
  EXPECT_GT(references, 40);  // the enchantments alone refer to dozens
}

// ---- Agreement with vanilla's tags (the reference file lives outside the repository).

std::optional<test::JsonValue> load_reference() {
  auto root = test::load_spec_json("tags-26.1.json");
  if (!root || !root->member("tags")) return std::nullopt;
  return *root->member("tags");
}

// Tags whose rules are known to differ from vanilla (minecraft-data lacks the crafter's harvest
// tools and files bamboo under sword mining). Every other non-empty tag must be exact.
const std::set<std::string> kApproximate = {
    "minecraft:block minecraft:incorrect_for_gold_tool", "minecraft:block minecraft:incorrect_for_wooden_tool",
    "minecraft:block minecraft:needs_stone_tool", "minecraft:block minecraft:mineable/axe"};

// Tags that must never fall back to "empty": movement and the tags registry data refers to.
const std::vector<std::pair<std::string, std::string>> kMustBeExact = {
    {"minecraft:fluid", "minecraft:water"}, {"minecraft:fluid", "minecraft:lava"},
    {"minecraft:block", "minecraft:climbable"}, {"minecraft:block", "minecraft:fall_damage_resetting"},
    {"minecraft:block", "minecraft:fences"}, {"minecraft:block", "minecraft:walls"},
    {"minecraft:block", "minecraft:fence_gates"}, {"minecraft:block", "minecraft:trapdoors"},
    {"minecraft:block", "minecraft:can_glide_through"}, {"minecraft:block", "minecraft:portals"},
    {"minecraft:block", "minecraft:soul_speed_blocks"}, {"minecraft:block", "minecraft:infiniburn_overworld"},
    {"minecraft:block", "minecraft:infiniburn_nether"}, {"minecraft:block", "minecraft:infiniburn_end"},
    {"minecraft:entity_type", "minecraft:fall_damage_immune"},
    {"minecraft:entity_type", "minecraft:powder_snow_walkable_mobs"},
    {"minecraft:entity_type", "minecraft:sensitive_to_smite"}, {"minecraft:item", "minecraft:enchantable/armor"},
    {"minecraft:item", "minecraft:enchantable/durability"}, {"minecraft:enchantment", "minecraft:exclusive_set/armor"},
    {"minecraft:timeline", "minecraft:in_overworld"}, {"minecraft:timeline", "minecraft:in_end"},
};

TEST(Tags, AgreeWithVanillaWhereTheRulesClaimIt) {
  const auto reference = load_reference();
  if (!reference) HZ_SPEC_MISSING("tags-26.1.json");
  int exact = 0;
  int empty = 0;
  for (const auto& [registry, tags] : reference->members) {
    const TagRegistry* ours = tag_registry(registry);
    ASSERT_NE(ours, nullptr) << registry;
    EXPECT_EQ(ours->tags.size(), tags.members.size()) << registry << ": tag names differ from vanilla's";
    for (const auto& [tag, ids] : tags.members) {
      const Tag* found = find_tag(registry, tag);
      if (!found) {
        ADD_FAILURE() << registry << " #" << tag << " is missing";
        continue;
      }
      std::set<int32_t> want;
      for (const auto& id : ids.items) want.insert(static_cast<int32_t>(id.number));
      const std::set<int32_t> got(found->ids.begin(), found->ids.end());
      const bool approximate = kApproximate.contains(registry + " " + tag);
      if (approximate) {
        EXPECT_NE(got, want) << registry << " #" << tag << " is exact now: drop it from the approximate list";
      } else if (got.empty() && !want.empty()) {
        ++empty;  // no rule for this tag: sent empty, as docs/data.md lists
      } else {
        EXPECT_EQ(got, want) << registry << " #" << tag;
        ++exact;
      }
    }
  }
  for (const auto& [registry, tag] : kMustBeExact) {
    EXPECT_FALSE(ids_of(registry, tag).empty()) << registry << " #" << tag << " must not be empty";
  }
  RecordProperty("exact_tags", exact);
  RecordProperty("empty_tags", empty);
  EXPECT_GT(exact, 400);
}

}  // namespace
}  // namespace hz
