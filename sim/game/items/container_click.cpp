#include "sim/game/items/container_click.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <optional>

#include "sim/game/items/equipment.h"

namespace hz {

namespace {

constexpr int kResultSlot = 0;
constexpr int kFirstArmourSlot = 5;
constexpr int kLastArmourSlot = 8;
constexpr int kFirstMainSlot = 9;
// Container.getMaxStackSize of the inventory, crafting grid and result.
constexpr int kContainerMaxStack = 99;

bool is_armour_slot(int slot) { return slot >= kFirstArmourSlot && slot <= kLastArmourSlot; }
bool in_window(int slot) { return slot >= 0 && slot < kInventorySlots; }

void normalize(ItemStack& stack) {
  if (stack.count <= 0) stack = ItemStack{};
}

// ItemStack.split: takes up to n items off `stack` (nothing for n <= 0).
ItemStack split(ItemStack& stack, int n) {
  n = std::min(n, stack.count);
  if (n <= 0 || stack.empty()) return ItemStack{};
  ItemStack taken = stack.with_count(n);
  stack.count -= n;
  normalize(stack);
  return taken;
}

// One click applied to a state, collecting what it throws.
class ClickRun {
 public:
  ClickRun(MenuState& state, bool infinite_materials) : s_(state), creative_(infinite_materials) {}

  void run(const Click& click);
  std::vector<ThrownStack> take_thrown() { return std::move(thrown_); }

 private:
  ItemStack& at(int slot) { return s_.slots[static_cast<size_t>(slot)]; }
  void drop(const ItemStack& stack, bool from_hand) {
    if (!stack.empty()) thrown_.push_back({stack, from_hand});
  }

  // Slot.allowModification (a slot may always be picked up here: no binding curse without
  // enchantments): false for the result and for armour slots holding a foreign item.
  bool allow_modification(int slot) { return slot_may_place(slot, at(slot)); }
  std::optional<ItemStack> try_remove(int slot, int amount, int max_amount);
  ItemStack safe_take(int slot, int amount, int max_amount) { return try_remove(slot, amount, max_amount).value_or(ItemStack{}); }
  ItemStack safe_insert(int slot, ItemStack input, int amount);
  bool move_to(ItemStack& stack, int start, int end, bool backwards);
  ItemStack quick_move_stack(int slot);

  void click_outside(bool primary);
  void pickup(int slot, bool primary);
  void quick_move(int slot);
  void swap(int slot, int button);
  void clone(int slot);
  void throw_from(int slot, int button);
  void pickup_all(int slot, int button);
  void quick_craft(const Click& click);
  bool may_drag_to(int slot, bool end);
  void finish_drag();
  // resetQuickCraft: the kind is kept, as vanilla keeps it.
  void reset_drag() {
    s_.drag.status = 0;
    s_.drag.slots = 0;
  }

  MenuState& s_;
  bool creative_;
  std::vector<ThrownStack> thrown_;
};

std::optional<ItemStack> ClickRun::try_remove(int slot, int amount, int max_amount) {
  if (!allow_modification(slot) && max_amount < at(slot).count) return std::nullopt;
  ItemStack taken = split(at(slot), std::min(amount, max_amount));
  if (taken.empty()) return std::nullopt;
  return taken;
}

// Slot.safeInsert: up to `amount` of `input` into the slot; returns what is left of `input`.
ItemStack ClickRun::safe_insert(int slot, ItemStack input, int amount) {
  if (input.empty() || !slot_may_place(slot, input)) return input;
  ItemStack& held = at(slot);
  const int n = std::min(std::min(amount, input.count), slot_max_stack(slot, input) - held.count);
  if (n <= 0) return input;
  if (held.empty()) {
    held = split(input, n);
  } else if (same_item(held, input)) {
    input.count -= n;
    held.count += n;
    normalize(input);
  }
  return input;
}

// moveItemStackTo: first tops up stacks of the same item in [start, end), then puts the rest
// into the first empty slot that takes it. Returns whether anything moved.
bool ClickRun::move_to(ItemStack& stack, int start, int end, bool backwards) {
  bool changed = false;
  const int first = backwards ? end - 1 : start;
  const int step = backwards ? -1 : 1;
  auto inside = [&](int i) { return i >= start && i < end; };
  if (max_stack_size(stack) > 1) {
    for (int i = first; inside(i) && !stack.empty(); i += step) {
      ItemStack& target = at(i);
      if (target.empty() || !same_item(stack, target)) continue;
      const int limit = slot_max_stack(i, target);
      if (target.count + stack.count <= limit) {
        target.count += stack.count;
        stack.count = 0;
        changed = true;
      } else if (target.count < limit) {
        stack.count -= limit - target.count;
        target.count = limit;
        changed = true;
      }
    }
    normalize(stack);
  }
  if (stack.empty()) return changed;
  for (int i = first; inside(i); i += step) {
    if (!at(i).empty() || !slot_may_place(i, stack)) continue;
    at(i) = split(stack, std::min(stack.count, slot_max_stack(i, stack)));
    return true;
  }
  return changed;
}

// InventoryMenu.quickMoveStack: where a shift-click sends a slot's stack. Returns a copy of the
// stack before the move, or empty when nothing moved (which ends the repeat loop).
ItemStack ClickRun::quick_move_stack(int slot) {
  if (at(slot).empty()) return ItemStack{};
  const ItemStack before = at(slot);
  ItemStack stack = before;  // no target range contains the source slot
  const EquipSlot equip = equip_slot_of(stack.item);
  const int armour = armour_menu_slot(equip);
  bool moved;
  if (slot == kResultSlot) moved = move_to(stack, kFirstMainSlot, kOffhandSlot, true);
  else if (slot < kFirstMainSlot) moved = move_to(stack, kFirstMainSlot, kOffhandSlot, false);
  else if (armour >= 0 && at(armour).empty()) moved = move_to(stack, armour, armour + 1, false);
  else if (equip == EquipSlot::kOffhand && at(kOffhandSlot).empty()) moved = move_to(stack, kOffhandSlot, kOffhandSlot + 1, false);
  else if (slot < kFirstHotbarSlot) moved = move_to(stack, kFirstHotbarSlot, kOffhandSlot, false);
  else if (slot < kOffhandSlot) moved = move_to(stack, kFirstMainSlot, kFirstHotbarSlot, false);
  else moved = move_to(stack, kFirstMainSlot, kOffhandSlot, false);
  if (!moved) return ItemStack{};
  at(slot) = stack;
  // The result slot's leftovers would be dropped here; it never holds items (no recipes yet).
  if (stack.count == before.count) return ItemStack{};
  return before;
}

void ClickRun::click_outside(bool primary) {
  if (s_.carried.empty()) return;
  if (primary) {
    drop(s_.carried, true);
    s_.carried = ItemStack{};
  } else {
    drop(split(s_.carried, 1), true);
  }
}

void ClickRun::pickup(int slot, bool primary) {
  const ItemStack clicked = at(slot);
  ItemStack& carried = s_.carried;
  if (clicked.empty()) {
    if (!carried.empty()) carried = safe_insert(slot, carried, primary ? carried.count : 1);
  } else if (carried.empty()) {
    const int amount = primary ? clicked.count : (clicked.count + 1) / 2;
    if (auto taken = try_remove(slot, amount, INT_MAX)) carried = *taken;
  } else if (slot_may_place(slot, carried)) {
    if (same_item(clicked, carried)) {
      carried = safe_insert(slot, carried, primary ? carried.count : 1);
    } else if (carried.count <= slot_max_stack(slot, carried)) {
      at(slot) = carried;
      carried = clicked;
    }
  } else if (same_item(clicked, carried)) {
    if (auto taken = try_remove(slot, clicked.count, max_stack_size(carried) - carried.count))
      carried.count += taken->count;
  }
}

void ClickRun::quick_move(int slot) {
  ItemStack moved = quick_move_stack(slot);
  while (!moved.empty() && !at(slot).empty() && same_item(at(slot), moved)) moved = quick_move_stack(slot);
}

// Number keys 1-9 (button 0-8) and F (button 40, the off hand) over a slot.
void ClickRun::swap(int slot, int button) {
  const int source_slot = button == 40 ? kOffhandSlot : kFirstHotbarSlot + button;
  ItemStack source = at(source_slot);
  const ItemStack target = at(slot);
  if (source.empty() && target.empty()) return;
  if (source.empty()) {
    at(source_slot) = target;
    at(slot) = ItemStack{};
    return;
  }
  if (!slot_may_place(slot, source)) return;
  const int limit = slot_max_stack(slot, source);
  if (target.empty()) {
    if (source.count > limit) {
      at(slot) = split(source, limit);
      at(source_slot) = source;
    } else {
      at(source_slot) = ItemStack{};
      at(slot) = source;
    }
  } else if (source.count > limit) {
    at(slot) = split(source, limit);
    at(source_slot) = source;
    ItemStack displaced = target;
    add_to_slots(s_.slots, s_.selected, creative_, displaced);
    drop(displaced, true);
  } else {
    at(source_slot) = target;
    at(slot) = source;
  }
}

void ClickRun::clone(int slot) {
  if (!creative_ || !s_.carried.empty() || at(slot).empty()) return;
  s_.carried = at(slot).with_count(max_stack_size(at(slot)));
}

// Q (button 0: one item) and Ctrl-Q (button 1: the stack, repeated while the slot refills with
// the same item, as a crafting result would) over a slot.
void ClickRun::throw_from(int slot, int button) {
  if (!s_.carried.empty()) return;
  const int amount = button == 0 ? 1 : at(slot).count;
  ItemStack taken = safe_take(slot, amount, INT_MAX);
  drop(taken, true);
  if (button != 1) return;
  while (!taken.empty() && !at(slot).empty() && same_item(at(slot), taken)) {
    taken = safe_take(slot, amount, INT_MAX);
    drop(taken, true);
  }
}

// Double click: gathers the cursor's item from the window, partial stacks first.
void ClickRun::pickup_all(int slot, int button) {
  ItemStack& carried = s_.carried;
  if (carried.empty() || !at(slot).empty()) return;
  const int max = max_stack_size(carried);
  const int start = button == 0 ? 0 : kInventorySlots - 1;
  const int step = button == 0 ? 1 : -1;
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = start; in_window(i) && carried.count < max; i += step) {
      const ItemStack& target = at(i);
      if (i == kResultSlot || target.empty() || !same_item(target, carried) || target.count > max) continue;
      if (pass == 0 && target.count == max_stack_size(target)) continue;
      carried.count += safe_take(i, target.count, max - carried.count).count;
    }
  }
}

// canItemQuickReplace, mayPlace and the count test of a drag's slots; the last slot test of the
// end phase allows as many slots as items, the collecting phase one fewer.
bool ClickRun::may_drag_to(int slot, bool end) {
  const ItemStack& carried = s_.carried;
  const ItemStack& held = at(slot);
  const bool replaceable = held.empty() || (same_item(held, carried) && held.count <= max_stack_size(carried));
  const int slots = std::popcount(s_.drag.slots);
  const bool enough = s_.drag.kind == 2 || (end ? carried.count >= slots : carried.count > slots);
  return replaceable && slot_may_place(slot, carried) && enough;
}

void ClickRun::finish_drag() {
  const int slots = std::popcount(s_.drag.slots);
  if (slots == 1) {
    const int only = std::countr_zero(s_.drag.slots);
    const int kind = s_.drag.kind;
    reset_drag();
    run(Click{only, kind, ClickType::kPickup});
    return;
  }
  ItemStack source = s_.carried;
  const int per_slot = s_.drag.kind == 0 ? source.count / slots : s_.drag.kind == 1 ? 1 : max_stack_size(source);
  int remaining = source.count;
  // Vanilla walks a hash set of slots; every slot's share is fixed before the walk, so the
  // order does not change the outcome and window order is used.
  for (int slot = 0; slot < kInventorySlots; ++slot) {
    if ((s_.drag.slots >> slot & 1) == 0 || !may_drag_to(slot, true)) continue;
    const int before = at(slot).empty() ? 0 : at(slot).count;
    const int limit = std::min(max_stack_size(source), slot_max_stack(slot, source));
    const int count = std::min(per_slot + before, limit);
    remaining -= count - before;
    at(slot) = source.with_count(count);
    normalize(at(slot));
  }
  source.count = remaining;
  normalize(source);
  s_.carried = source;
  reset_drag();
}

// Drag (quick craft): start (header 0), add slot (1), end (2), as button = header | kind << 2.
void ClickRun::quick_craft(const Click& click) {
  DragState& drag = s_.drag;
  const int previous = drag.status;
  drag.status = click.button & 3;
  if ((previous != 1 || drag.status != 2) && previous != drag.status) return reset_drag();
  if (s_.carried.empty()) return reset_drag();
  if (drag.status == 0) {
    drag.kind = (click.button >> 2) & 3;
    if (drag.kind == 0 || drag.kind == 1 || (drag.kind == 2 && creative_)) {
      drag.status = 1;
      drag.slots = 0;
    } else {
      reset_drag();
    }
  } else if (drag.status == 1) {
    if (in_window(click.slot) && may_drag_to(click.slot, false)) drag.slots |= uint64_t{1} << click.slot;
  } else if (drag.status == 2) {
    if (drag.slots != 0) return finish_drag();
    reset_drag();
  } else {
    reset_drag();
  }
}

void ClickRun::run(const Click& click) {
  if (click.type == ClickType::kQuickCraft) return quick_craft(click);
  if (s_.drag.status != 0) return reset_drag();
  const int slot = click.slot;
  const int button = click.button;
  switch (click.type) {
    case ClickType::kPickup:
    case ClickType::kQuickMove:
      if (button != 0 && button != 1) return;
      if (slot == kClickedOutside) return click_outside(button == 0);
      if (!in_window(slot)) return;
      if (click.type == ClickType::kQuickMove) return quick_move(slot);
      return pickup(slot, button == 0);
    case ClickType::kSwap:
      if (in_window(slot) && ((button >= 0 && button < 9) || button == 40)) swap(slot, button);
      return;
    case ClickType::kClone:
      if (in_window(slot)) clone(slot);
      return;
    case ClickType::kThrow:
      if (in_window(slot)) throw_from(slot, button);
      return;
    case ClickType::kPickupAll:
      if (in_window(slot)) pickup_all(slot, button);
      return;
    case ClickType::kQuickCraft:
      return;
  }
}

}  // namespace

int slot_max_stack(int slot, const ItemStack& stack) {
  const int slot_limit = is_armour_slot(slot) ? 1 : kContainerMaxStack;
  return std::min(slot_limit, max_stack_size(stack));
}

bool slot_may_place(int slot, const ItemStack& stack) {
  if (slot == kResultSlot) return false;
  if (!is_armour_slot(slot)) return true;
  return !stack.empty() && armour_menu_slot(equip_slot_of(stack.item)) == slot;
}

ClickResult container_click(MenuState state, const Click& click, bool infinite_materials) {
  ClickRun run(state, infinite_materials);
  run.run(click);
  std::vector<ThrownStack> thrown = run.take_thrown();
  return ClickResult{std::move(state), std::move(thrown)};
}

}  // namespace hz
