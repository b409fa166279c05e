// What commands may do to players' inventories (/give, /clear), implemented by the inventory
// window system so that every change is also sent to the player's client.
#pragma once

#include <optional>

#include "sim/core/types.h"
#include "sim/game/items/item_stack.h"

namespace hz {

class PlayerInventories {
 public:
  virtual ~PlayerInventories() = default;
  // GiveCommand for one player: adds `count` of the item (with the components) of `kind` a stack
  // at a time (Inventory.add) and drops what does not fit at the player's feet.
  virtual void give(ConnId player, const ItemStack& kind, int count) = 0;
  // Inventory.clearOrCountMatchingItems over the inventory, crafting grid and cursor: removes up
  // to `max_count` items of `item` (any item when empty; every match when max_count < 0), or
  // only counts them when max_count is 0. Returns the number removed or counted.
  virtual int clear(ConnId player, std::optional<int> item, int max_count) = 0;
};

}  // namespace hz
