// The data components of a saved item stack (ItemStack.MAP_CODEC's `components`) that Horizon
// models: `{"minecraft:damage": 12, "minecraft:enchantments": {"minecraft:efficiency": 5}}`; used by
// every saved stack.
#pragma once

#include <optional>

#include "sim/game/items/item_stack.h"
#include "sim/protocol/nbt.h"

namespace hz {

// Adds `components` to a stack's compound when the stack is damaged or enchanted.
void put_components(nbt::Compound& stack_tag, const ItemStack& stack);
// Reads the damage and enchantments of a stack's compound into `stack`, leniently: a negative damage,
// an unknown enchantment or a level outside [1, 255] is left out; a damage above the item's
// durability reads as the durability.
void read_components(const nbt::Compound& stack_tag, ItemStack& stack);

// ItemStack.MAP_CODEC for the parts Horizon models: {id, count, components}.
nbt::Compound stack_to_nbt(const ItemStack& stack);
// Nothing for an unknown or missing id or a count below 1 (vanilla's empty stack); the count is
// capped at the largest stack size.
std::optional<ItemStack> stack_from_nbt(const nbt::Compound& stack_tag);

}  // namespace hz
