// Clicks in the player's own inventory window (window 0) as a pure function of the window's
// state: vanilla's AbstractContainerMenu.doClick with InventoryMenu's slots and shift-click
// routing (docs/rules/inventory.md §5). What a click throws out of the window is returned.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/game/items/inventory.h"
#include "sim/game/items/item_stack.h"

namespace hz {

// ContainerInput ids on the wire.
enum class ClickType { kPickup = 0, kQuickMove = 1, kSwap = 2, kClone = 3, kThrow = 4, kQuickCraft = 5, kPickupAll = 6 };
// The slot number of a click outside the window.
inline constexpr int kClickedOutside = -999;

// A drag in progress (quick craft): its phase (0 none, 1 collecting slots), its kind (0 split
// evenly, 1 one each, 2 full stacks) and the slots collected so far, one bit per window slot.
struct DragState {
  int status = 0;
  int kind = -1;
  uint64_t slots = 0;
  bool operator==(const DragState&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(status, kind, slots);
  }
};

// Everything a click reads and changes: the 46 slots, the cursor, the selected hotbar slot
// (where Inventory.add looks first) and the drag.
struct MenuState {
  InventorySlots slots{};
  ItemStack carried;
  int selected = 0;
  DragState drag;
  bool operator==(const MenuState&) const = default;
};

struct Click {
  int slot = 0;
  int button = 0;
  ClickType type = ClickType::kPickup;
};

// A stack the click drops: Player.drop(stack, from_hand). from_hand marks the player as the
// thrower (every drop of a click but the crafting result's leftovers).
struct ThrownStack {
  ItemStack stack;
  bool from_hand = true;
};

struct ClickResult {
  MenuState state;
  std::vector<ThrownStack> thrown;
};

// One click. `infinite_materials` (creative) allows clone and middle-button drags, and makes
// Inventory.add keep nothing back. Slots outside 0-45 other than -999 change nothing (vanilla
// throws for some of them, which ends the connection; here they are ignored).
ClickResult container_click(MenuState state, const Click& click, bool infinite_materials);

// Window 0's slot rules: the most a slot holds of a stack (armour slots 1), and whether a stack
// may be put there (nothing into the crafting result, only matching armour into armour slots).
int slot_max_stack(int slot, const ItemStack& stack);
bool slot_may_place(int slot, const ItemStack& stack);

}  // namespace hz
