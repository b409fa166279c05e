// Whether the held item is the correct tool for a block's drops (Player.hasCorrectToolForDrops
// with the tool components of vanilla's pickaxes, axes, shovels, hoes, swords and shears): tiers
// deny their incorrect_for_<tier>_tool tag, then allow their mineable/<tool> tag.
#pragma once

#include "sim/data/blocks.h"
#include "sim/game/items/item_stack.h"

namespace hz {

// The tool component's correct_for_drops rules; an item without a tool component is never
// correct.
bool tool_is_correct_for(BlockStateId state, const ItemStack& tool);
// Player.hasCorrectToolForDrops: blocks that need no tool count any item as correct.
bool has_correct_tool_for_drops(BlockStateId state, const ItemStack& tool);
bool is_shears(const ItemStack& tool);

}  // namespace hz
