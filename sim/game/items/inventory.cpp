#include "sim/game/items/inventory.h"

#include <algorithm>
#include <array>

#include "sim/data/catalog.h"

namespace hz {

namespace {

// Vanilla's Inventory indices 0-35 (hotbar 0-8, then main 9-35) as window-0 slots.
int menu_slot_of_inventory_index(int index) { return index < 9 ? kFirstHotbarSlot + index : index; }

bool has_room_for(const ItemStack& slot, const ItemStack& stack) {
  return !slot.empty() && same_item(slot, stack) && slot.count < max_stack_size(slot);
}

// Inventory.getSlotWithRemainingSpace: the selected slot, the off hand, then indices 0-35.
int slot_with_room(const Player& p, const ItemStack& stack) {
  const int selected = kFirstHotbarSlot + p.selected_slot;
  if (has_room_for(p.inventory[static_cast<size_t>(selected)], stack)) return selected;
  if (has_room_for(p.inventory[kOffhandSlot], stack)) return kOffhandSlot;
  for (int i = 0; i < 36; ++i) {
    int slot = menu_slot_of_inventory_index(i);
    if (has_room_for(p.inventory[static_cast<size_t>(slot)], stack)) return slot;
  }
  return -1;
}

// Inventory.getFreeSlot: the first empty index 0-35.
int free_slot(const Player& p) {
  for (int i = 0; i < 36; ++i) {
    int slot = menu_slot_of_inventory_index(i);
    if (p.inventory[static_cast<size_t>(slot)].empty()) return slot;
  }
  return -1;
}

// Inventory.addResource: fills one slot; returns the count left over.
int add_resource(Player& p, const ItemStack& stack) {
  int slot = slot_with_room(p, stack);
  if (slot < 0) slot = free_slot(p);
  if (slot < 0) return stack.count;
  ItemStack& target = p.inventory[static_cast<size_t>(slot)];
  if (target.empty()) target = ItemStack{stack.item, 0};
  int moved = std::min(stack.count, max_stack_size(target) - target.count);
  target.count += moved;
  return stack.count - moved;
}

}  // namespace

int max_stack_size(const ItemStack& stack) { return std::max(1, item_max_stack_size(stack.item)); }

bool same_item(const ItemStack& a, const ItemStack& b) { return a.item == b.item; }

bool add_to_inventory(Player& player, ItemStack& stack) {
  if (stack.empty()) return false;
  const int before = stack.count;
  int remaining;
  do {
    remaining = stack.count;
    stack.count = add_resource(player, stack);
  } while (stack.count > 0 && stack.count < remaining);
  if (stack.count <= 0) stack = ItemStack{};
  return stack.count != before;
}

}  // namespace hz
