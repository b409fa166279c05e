#include "sim/game/entities/tool_rules.h"

#include <cfloat>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/data/block_tags.h"

namespace hz {

namespace {

using BlockSet = std::vector<bool>;  // membership by block id

// A block tag ("mineable/pickaxe", without the namespace) as a membership table by block id.
BlockSet block_tag(std::string_view name) { return block_tag_members("minecraft:" + std::string(name)); }

BlockSet blocks_named(std::initializer_list<std::string_view> names) {
  BlockSet members(static_cast<size_t>(block_count()), false);
  for (int id = 0; id < block_count(); ++id)
    for (std::string_view name : names)
      if (block_info(id).name == name) members[static_cast<size_t>(id)] = true;
  return members;
}

// Tool.Rule: a block set with an optional speed and an optional correct-for-drops verdict.
struct ToolRule {
  BlockSet blocks;
  std::optional<float> speed;
  std::optional<bool> correct_for_drops;
};

// The tool data component.
struct ToolComponent {
  std::vector<ToolRule> rules;
  float default_mining_speed = 1.0f;
  int damage_per_block = 1;
  bool can_destroy_blocks_in_creative = true;
};

// ToolMaterial: the tag of blocks it may not harvest and its speed. Golden tools use "gold".
struct Material {
  std::string_view item_prefix;
  std::string_view tag_tier;
  float speed;
};
constexpr Material kMaterials[] = {{"wooden", "wooden", 2.0f}, {"stone", "stone", 4.0f},   {"copper", "copper", 5.0f},
                                   {"iron", "iron", 6.0f},     {"golden", "gold", 12.0f},  {"diamond", "diamond", 8.0f},
                                   {"netherite", "netherite", 9.0f}};
constexpr std::string_view kDiggers[] = {"pickaxe", "axe", "shovel", "hoe"};

// ToolMaterial.applyToolProperties: deny the material's incorrect blocks, mine the kind's blocks.
ToolComponent digger(const Material& m, std::string_view kind) {
  ToolComponent tool;
  tool.rules.push_back({block_tag("incorrect_for_" + std::string(m.tag_tier) + "_tool"), std::nullopt, false});
  tool.rules.push_back({block_tag("mineable/" + std::string(kind)), m.speed, true});
  return tool;
}

// ToolMaterial.applySwordProperties (the same for every material).
ToolComponent sword() {
  ToolComponent tool;
  tool.rules.push_back({blocks_named({"cobweb"}), 15.0f, true});
  tool.rules.push_back({block_tag("sword_instantly_mines"), FLT_MAX, std::nullopt});
  tool.rules.push_back({block_tag("sword_efficient"), 1.5f, std::nullopt});
  tool.damage_per_block = 2;
  tool.can_destroy_blocks_in_creative = false;
  return tool;
}

// ShearsItem.createToolProperties.
ToolComponent shears() {
  ToolComponent tool;
  tool.rules.push_back({blocks_named({"cobweb"}), 15.0f, true});
  tool.rules.push_back({block_tag("leaves"), 15.0f, std::nullopt});
  tool.rules.push_back({block_tag("wool"), 5.0f, std::nullopt});
  tool.rules.push_back({blocks_named({"vine", "glow_lichen"}), 2.0f, std::nullopt});
  return tool;
}

// MaceItem and TridentItem: no rules, two damage a block, no breaking in creative.
ToolComponent weapon_without_rules() {
  ToolComponent tool;
  tool.damage_per_block = 2;
  tool.can_destroy_blocks_in_creative = false;
  return tool;
}

// Every item's tool component by item id, built once.
const std::map<int, ToolComponent>& tool_components() {
  static const std::map<int, ToolComponent> table = [] {
    std::map<int, ToolComponent> out;
    auto add = [&](const std::string& name, ToolComponent tool) {
      if (auto id = item_id(name)) out.emplace(*id, std::move(tool));
    };
    for (const Material& m : kMaterials) {
      for (std::string_view kind : kDiggers) add(std::string(m.item_prefix) + "_" + std::string(kind), digger(m, kind));
      add(std::string(m.item_prefix) + "_sword", sword());
    }
    add("shears", shears());
    add("mace", weapon_without_rules());
    add("trident", weapon_without_rules());
    return out;
  }();
  return table;
}

const ToolComponent* tool_component(const ItemStack& stack) {
  if (stack.empty()) return nullptr;
  const auto& table = tool_components();
  auto it = table.find(stack.item);
  return it == table.end() ? nullptr : &it->second;
}

bool contains(const BlockSet& blocks, BlockStateId state) { return blocks[static_cast<size_t>(block_of_state(state))]; }

}  // namespace

bool is_shears(const ItemStack& tool) { return !tool.empty() && item_name(tool.item) == "shears"; }

float tool_mining_speed(BlockStateId state, const ItemStack& tool) {
  const ToolComponent* component = tool_component(tool);
  if (component == nullptr) return 1.0f;
  for (const ToolRule& rule : component->rules)
    if (rule.speed && contains(rule.blocks, state)) return *rule.speed;
  return component->default_mining_speed;
}

bool tool_is_correct_for(BlockStateId state, const ItemStack& tool) {
  const ToolComponent* component = tool_component(tool);
  if (component == nullptr) return false;
  for (const ToolRule& rule : component->rules)
    if (rule.correct_for_drops && contains(rule.blocks, state)) return *rule.correct_for_drops;
  return false;
}

bool has_correct_tool_for_drops(BlockStateId state, const ItemStack& tool) {
  return !block_info(block_of_state(state)).requires_tool || tool_is_correct_for(state, tool);
}

int mining_wear(BlockStateId state, const ItemStack& tool) {
  const ToolComponent* component = tool_component(tool);
  if (component == nullptr) return 0;
  if (is_shears(tool)) return block_in_tag(block_of_state(state), "minecraft:fire") ? 0 : component->damage_per_block;
  return block_info(block_of_state(state)).hardness != 0.0f ? component->damage_per_block : 0;
}

bool can_destroy_blocks(const ItemStack& tool, bool creative) {
  if (!tool.empty() && item_name(tool.item) == "debug_stick") return false;
  const ToolComponent* component = tool_component(tool);
  return component == nullptr || component->can_destroy_blocks_in_creative || !creative;
}

}  // namespace hz
