// The held item as a tool (vanilla's `tool` data component of pickaxes, axes, shovels, hoes,
// swords, shears, the mace and the trident, in one table): its mining speed for a block, whether
// it is correct for the block's drops, and whether it may break blocks in creative.
#pragma once

#include "sim/data/blocks.h"
#include "sim/game/items/item_stack.h"

namespace hz {

// Tool.getMiningSpeed: the first rule with a speed whose blocks contain the state, else the
// default speed (1); an item without a tool component mines at 1.
float tool_mining_speed(BlockStateId state, const ItemStack& tool);
// Tool.isCorrectForDrops: the first rule with a verdict whose blocks contain the state; an item
// without a tool component is never correct.
bool tool_is_correct_for(BlockStateId state, const ItemStack& tool);
// Player.hasCorrectToolForDrops: blocks that need no tool count any item as correct.
bool has_correct_tool_for_drops(BlockStateId state, const ItemStack& tool);
// Item.canDestroyBlock: tools whose component says can_destroy_blocks_in_creative = false (swords,
// the mace, the trident) break nothing for a creative player; the debug stick breaks nothing.
bool can_destroy_blocks(const ItemStack& tool, bool creative);
bool is_shears(const ItemStack& tool);
// Item.mineBlock: the durability breaking `state` costs the tool, its component's damage per
// block (1 for diggers and shears, 2 for swords, the mace and the trident) when the block's
// destroy time is not 0 (for shears: when it is not fire); 0 without a tool component.
int mining_wear(BlockStateId state, const ItemStack& tool);

}  // namespace hz
