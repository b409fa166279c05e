#include "sim/game/items/inventory.h"

#include <algorithm>

#include "sim/data/catalog.h"

namespace hz {

namespace {

bool has_room_for(const ItemStack& slot, const ItemStack& stack) {
  return !slot.empty() && same_item(slot, stack) && slot.count < max_stack_size(slot);
}

// Inventory.addResource: fills one slot; returns the count left over.
int add_resource(InventorySlots& slots, int selected, const ItemStack& stack) {
  int slot = slot_with_room_for(slots, selected, stack);
  if (slot < 0) slot = first_free_slot(slots);
  if (slot < 0) return stack.count;
  ItemStack& target = slots[static_cast<size_t>(slot)];
  if (target.empty()) target = stack.with_count(0);
  int moved = std::min(stack.count, max_stack_size(target) - target.count);
  target.count += moved;
  return stack.count - moved;
}

}  // namespace

int max_stack_size(const ItemStack& stack) { return std::max(1, item_max_stack_size(stack.item)); }

bool same_item(const ItemStack& a, const ItemStack& b) { return a.same_item_and_components(b); }

int slot_with_room_for(const InventorySlots& slots, int selected, const ItemStack& stack) {
  const int selected_slot = kFirstHotbarSlot + selected;
  if (has_room_for(slots[static_cast<size_t>(selected_slot)], stack)) return selected_slot;
  if (has_room_for(slots[kOffhandSlot], stack)) return kOffhandSlot;
  for (int i = 0; i < 36; ++i) {
    int slot = menu_slot_of_inventory_index(i);
    if (has_room_for(slots[static_cast<size_t>(slot)], stack)) return slot;
  }
  return -1;
}

int first_free_slot(const InventorySlots& slots) {
  for (int i = 0; i < 36; ++i) {
    int slot = menu_slot_of_inventory_index(i);
    if (slots[static_cast<size_t>(slot)].empty()) return slot;
  }
  return -1;
}

int menu_slot_of_inventory_index(int index) {
  if (index == 40) return kOffhandSlot;
  return index < 9 ? kFirstHotbarSlot + index : index;
}

int inventory_index_of_menu_slot(int slot) {
  if (slot == kOffhandSlot) return 40;
  if (slot >= kFirstHotbarSlot && slot < kOffhandSlot) return slot - kFirstHotbarSlot;
  if (slot >= 9 && slot < kFirstHotbarSlot) return slot;
  if (slot >= 5 && slot <= 8) return 44 - slot;  // head 39 .. feet 36
  return -1;
}

bool add_to_slots(InventorySlots& slots, int selected, bool infinite_materials, ItemStack& stack) {
  if (stack.empty()) return false;
  const int before = stack.count;
  int remaining;
  do {
    remaining = stack.count;
    stack.count = add_resource(slots, selected, stack);
  } while (stack.count > 0 && stack.count < remaining);
  if (infinite_materials) stack.count = 0;
  if (stack.count <= 0) stack = ItemStack{};
  return stack.count != before;
}

bool add_to_inventory(Player& player, ItemStack& stack) {
  return add_to_slots(player.inventory, player.selected_slot, player.game_mode == GameMode::kCreative, stack);
}

}  // namespace hz
