// Putting stacks into a player's inventory the way vanilla's Inventory.add does (pickup, /give):
// first stacks of the same item with room (selected slot, off hand, then hotbar and main), then
// the first empty slot. Slots are window-0 numbers (item_stack.h).
#pragma once

#include <array>

#include "sim/game/items/item_stack.h"
#include "sim/game/player.h"

namespace hz {

using InventorySlots = std::array<ItemStack, kInventorySlots>;

// The largest count a stack of `item` may hold (item_max_stack_size from the data tables).
int max_stack_size(const ItemStack& stack);
// Whether two non-empty stacks may share a slot (same item and components).
bool same_item(const ItemStack& a, const ItemStack& b);
// Moves as much of `stack` into the inventory as fits; `stack` keeps what did not fit. Returns
// whether anything moved. A creative player's inventory takes everything: what does not fit
// is destroyed, as vanilla's Inventory.add does for players with infinite materials.
bool add_to_inventory(Player& player, ItemStack& stack);
// The same on bare slots: `selected` is the hotbar index (0-8) of the main hand.
bool add_to_slots(InventorySlots& slots, int selected, bool infinite_materials, ItemStack& stack);

// Inventory.getSlotWithRemainingSpace (the selected slot, the off hand, then indices 0-35) and
// Inventory.getFreeSlot (the first empty index 0-35), as window-0 slots; -1 when there is none.
int slot_with_room_for(const InventorySlots& slots, int selected, const ItemStack& stack);
int first_free_slot(const InventorySlots& slots);

// Vanilla's Inventory indices 0-35 (hotbar 0-8, then main 9-35) and 40 (off hand) as window-0
// slots, and back (-1 for window slots without an index there, such as the crafting grid).
int menu_slot_of_inventory_index(int index);

// The window-0 slot a hand holds: the selected hotbar slot, or the off hand.
inline int hand_slot(const Player& player, bool off_hand) {
  return off_hand ? kOffhandSlot : kFirstHotbarSlot + player.selected_slot;
}
int inventory_index_of_menu_slot(int slot);

}  // namespace hz
