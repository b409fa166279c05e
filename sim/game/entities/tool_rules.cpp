#include "sim/game/entities/tool_rules.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/data/tags.h"

namespace hz {

namespace {

// Every block tag as a membership table by block id, built once.
const std::vector<bool>& block_tag(const std::string& name) {
  static const std::map<std::string, std::vector<bool>, std::less<>> tables = [] {
    std::map<std::string, std::vector<bool>, std::less<>> out;
    for (const TagRegistry& registry : synced_tags()) {
      if (registry.registry != "minecraft:block") continue;
      for (const Tag& tag : registry.tags) {
        std::vector<bool>& members = out[std::string(tag.name)];
        members.assign(static_cast<size_t>(block_count()), false);
        for (int32_t id : tag.ids) members[static_cast<size_t>(id)] = true;
      }
    }
    return out;
  }();
  static const std::vector<bool> kNone(static_cast<size_t>(block_count()), false);
  auto it = tables.find(name);
  return it == tables.end() ? kNone : it->second;
}

bool in_tag(const std::string& name, BlockStateId state) {
  return block_tag("minecraft:" + name)[static_cast<size_t>(block_of_state(state))];
}

struct TierTool {
  std::string_view tier;  // as the incorrect_for_<tier>_tool tags spell it
  std::string_view kind;  // pickaxe, axe, shovel, hoe, sword
};

// "iron_pickaxe" -> {iron, pickaxe}; golden tools use the gold tags.
std::optional<TierTool> tier_tool(std::string_view name) {
  static constexpr std::string_view kTiers[] = {"wooden", "stone", "copper", "iron", "golden", "diamond", "netherite"};
  static constexpr std::string_view kKinds[] = {"pickaxe", "axe", "shovel", "hoe", "sword"};
  for (std::string_view tier : kTiers)
    for (std::string_view kind : kKinds)
      if (name.size() == tier.size() + 1 + kind.size() && name.starts_with(tier) && name.ends_with(kind) &&
          name[tier.size()] == '_')
        return TierTool{tier == "golden" ? std::string_view("gold") : tier, kind};
  return std::nullopt;
}

bool is_block(BlockStateId state, std::string_view name) { return block_info(block_of_state(state)).name == name; }

}  // namespace

bool is_shears(const ItemStack& tool) { return !tool.empty() && item_name(tool.item) == "shears"; }

bool tool_is_correct_for(BlockStateId state, const ItemStack& tool) {
  if (tool.empty()) return false;
  if (is_shears(tool)) return is_block(state, "cobweb");
  const std::optional<TierTool> t = tier_tool(item_name(tool.item));
  if (!t) return false;
  if (t->kind == "sword") return is_block(state, "cobweb");
  if (in_tag("incorrect_for_" + std::string(t->tier) + "_tool", state)) return false;
  return in_tag("mineable/" + std::string(t->kind), state);
}

bool has_correct_tool_for_drops(BlockStateId state, const ItemStack& tool) {
  return !block_info(block_of_state(state)).requires_tool || tool_is_correct_for(state, tool);
}

}  // namespace hz
