// The data components of a saved item stack (ItemStack.MAP_CODEC's `components`) that Horizon
// models: `{"minecraft:enchantments": {"minecraft:efficiency": 5}}`; used by every saved stack.
#pragma once

#include "sim/game/items/item_stack.h"
#include "sim/protocol/nbt.h"

namespace hz {

// Adds `components` to a stack's compound when the stack has enchantments.
void put_components(nbt::Compound& stack_tag, const ItemStack& stack);
// Reads the enchantments of a stack's compound into `stack`, leniently: an unknown enchantment or a
// level outside [1, 255] is left out.
void read_components(const nbt::Compound& stack_tag, ItemStack& stack);

}  // namespace hz
