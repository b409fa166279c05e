// The data components of a saved item stack (ItemStack.MAP_CODEC's `components`) that Horizon
// models: `{"minecraft:damage": 12, "minecraft:enchantments": {"minecraft:efficiency": 5}}`; used by
// every saved stack.
#pragma once

#include "sim/game/items/item_stack.h"
#include "sim/protocol/nbt.h"

namespace hz {

// Adds `components` to a stack's compound when the stack is damaged or enchanted.
void put_components(nbt::Compound& stack_tag, const ItemStack& stack);
// Reads the damage and enchantments of a stack's compound into `stack`, leniently: a negative damage,
// an unknown enchantment or a level outside [1, 255] is left out; a damage above the item's
// durability reads as the durability.
void read_components(const nbt::Compound& stack_tag, ItemStack& stack);

}  // namespace hz
