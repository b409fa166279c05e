// An item stack as the game keeps it: the item's network id, a count (0 = empty) and the data
// components Horizon models, the enchantments and the damage (durability used).
#pragma once

#include <cstdint>
#include <vector>

namespace hz {

// One entry of the enchantments component: the enchantment registry's network id and a level.
struct EnchantmentLevel {
  int32_t id = 0;
  int32_t level = 0;
  bool operator==(const EnchantmentLevel&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(id, level);
  }
};

struct ItemStack {
  int32_t item = 0;
  int32_t count = 0;
  // Sorted by id with one entry per enchantment, so equal components compare equal.
  std::vector<EnchantmentLevel> enchantments{};
  // The `minecraft:damage` component: durability used, 0 for new items and items that do not wear.
  int32_t damage = 0;
  bool empty() const { return count <= 0; }
  bool operator==(const ItemStack&) const = default;
  // ItemStack.copyWithCount: the same item and components.
  ItemStack with_count(int32_t n) const {
    ItemStack copy = *this;
    copy.count = n;
    return copy;
  }
  // ItemStack.matches: both empty, or the same item, count and components.
  bool matches(const ItemStack& o) const { return (empty() && o.empty()) || *this == o; }
  // ItemStack.isSameItemSameComponents.
  bool same_item_and_components(const ItemStack& o) const {
    return item == o.item && enchantments == o.enchantments && damage == o.damage;
  }
  template <class Io>
  void state_fields(Io& io) {
    io(item, count, enchantments, damage);
  }
};

// The player inventory menu (window 0): 0 crafting result, 1-4 crafting grid, 5-8 armour,
// 9-35 main, 36-44 hotbar, 45 off hand.
inline constexpr int kInventorySlots = 46;
inline constexpr int kFirstHotbarSlot = 36;
inline constexpr int kOffhandSlot = 45;
inline constexpr int kHeadSlot = 5;
// The largest max_stack_size an item can have; the per-item limit is not in the data tables yet.
inline constexpr int kMaxStackSizeLimit = 99;

}  // namespace hz
