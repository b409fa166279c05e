// What a block mined by a player drops (its loot table, docs/rules/item-entities.md §6), for the
// common blocks: the ores with their counts, leaves' chances, gravel's flint, blocks that turn
// into another item, blocks that drop nothing without Silk Touch, and everything else itself.
// Tools carry no enchantments yet, so there is no Silk Touch and no Fortune.
#pragma once

#include <vector>

#include "sim/core/rng.h"
#include "sim/data/blocks.h"
#include "sim/game/items/item_stack.h"

namespace hz {

// The stacks a player breaking `state` with `tool` (empty = bare hand) gets: nothing when the
// block requires the correct tool and `tool` is not (Player.hasCorrectToolForDrops), else the
// loot table's result.
std::vector<ItemStack> loot_for_block(BlockStateId state, const ItemStack& tool, Rng& random);
// The loot table alone (Block.getDrops), as /setblock and /fill's destroy mode use it: no tool
// requirement.
std::vector<ItemStack> block_loot_table(BlockStateId state, const ItemStack& tool, Rng& random);

}  // namespace hz
