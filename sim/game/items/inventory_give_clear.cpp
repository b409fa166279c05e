// The inventory side of /give and /clear (GiveCommand, Inventory.clearOrCountMatchingItems):
// stacks added the way pickups are, leftovers dropped, matches removed in vanilla's slot order.
#include <algorithm>

#include "sim/game/items/inventory_menu.h"

namespace hz {

namespace {

// Inventory's container order (indices 0-35, then feet, legs, chest, head and the off hand),
// then the crafting grid, as window-0 slots; the cursor comes last.
constexpr int kClearOrder[] = {36, 37, 38, 39, 40, 41, 42, 43, 44, 9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                               21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 8,  7,  6,  5,  45, 1,
                               2,  3,  4};

// ContainerHelper.clearOrCountMatchingItems for one stack: `limit` < 0 removes all of it.
int clear_or_count(ItemStack& stack, std::optional<int> item, int limit, bool counting) {
  if (stack.empty() || (item && stack.item != *item)) return 0;
  if (counting) return stack.count;
  const int removed = limit < 0 ? stack.count : std::min(limit, stack.count);
  stack.count -= removed;
  if (stack.count <= 0) stack = ItemStack{};
  return removed;
}

}  // namespace

// The fake item vanilla spawns for a stack that fit (an item entity that only shows the pickup)
// and the pickup sound are not made; leftovers are dropped as the player would drop them.
void InventoryMenus::give(ConnId conn, const ItemStack& kind, int count) {
  Player* player = players_.player(conn);
  if (!player || kind.item <= 0) return;
  const int max = max_stack_size(ItemStack{kind.item, 1});
  for (int remaining = count; remaining > 0;) {
    ItemStack stack = kind.with_count(std::min(max, remaining));
    remaining -= stack.count;
    add_to_inventory(*player, stack);
    if (stack.empty()) broadcast_changes(*player);
    else drops_.drop_from_player(*player, stack, false, false);
  }
}

int InventoryMenus::clear(ConnId conn, std::optional<int> item, int max_count) {
  Player* player = players_.player(conn);
  if (!player) return 0;
  const bool counting = max_count == 0;
  int total = 0;
  for (int slot : kClearOrder)
    total += clear_or_count(player->inventory[static_cast<size_t>(slot)], item, max_count - total, counting);
  total += clear_or_count(player->carried, item, max_count - total, counting);
  broadcast_changes(*player);
  return total;
}

}  // namespace hz
