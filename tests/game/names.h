// Test shorthands between names and ids: a block state from its block's name and properties, a
// state's block name, an item's id and the size of the enchantment registry.
#pragma once

#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/data/blocks.h"
#include "sim/data/catalog.h"
#include "sim/game/items/enchantments.h"

namespace hz::testing {

using Properties = std::initializer_list<std::pair<std::string_view, std::string_view>>;

inline BlockStateId state(std::string_view block, Properties props = {}) {
  const std::vector<std::pair<std::string_view, std::string_view>> list(props);
  return *state_with(block, list);
}

inline std::string_view name_of(BlockStateId state) { return block_info(block_of_state(state)).name; }

inline int item_of(std::string_view name) { return *item_id(name); }

inline int enchantment_registry_size() {
  int n = 0;
  while (!enchantment_name(n).empty()) ++n;
  return n;
}

}  // namespace hz::testing
