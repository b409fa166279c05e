// Putting stacks into a player's inventory the way vanilla's Inventory.add does (pickup, /give):
// first stacks of the same item with room (selected slot, off hand, then hotbar and main), then
// the first empty slot. Slots are window-0 numbers (item_stack.h).
#pragma once

#include "sim/game/items/item_stack.h"
#include "sim/game/player.h"

namespace hz {

// The largest count a stack of `item` may hold (item_max_stack_size from the data tables).
int max_stack_size(const ItemStack& stack);
// Whether two non-empty stacks may share a slot (same item and components).
bool same_item(const ItemStack& a, const ItemStack& b);
// Moves as much of `stack` into the inventory as fits; `stack` keeps what did not fit. Returns
// whether anything moved.
bool add_to_inventory(Player& player, ItemStack& stack);

}  // namespace hz
