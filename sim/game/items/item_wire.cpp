#include "sim/game/items/item_wire.h"

#include <algorithm>
#include <string>

#include "sim/data/catalog.h"
#include "sim/game/items/enchantments.h"

namespace hz {

namespace {

using packet::play_cb::SlotData;

// DataComponentPatch in the untrusted form: at most this many changes of each kind are read.
constexpr int32_t kMaxComponentChanges = 256;
// ItemEnchantments' stream codec: a VarInt count of (id, level) pairs.
constexpr int32_t kMaxEnchantments = 256;

Status read_enchantments(std::span<const uint8_t> bytes, ItemStack& stack) {
  ByteReader in(bytes);
  const int32_t n = in.length(kMaxEnchantments);
  for (int32_t i = 0; i < n && in.ok(); ++i) {
    const int32_t id = in.varint();
    const int32_t level = in.varint();
    if (!in.ok()) break;
    if (enchantment_name(id).empty()) return Error{"unknown enchantment id " + std::to_string(id)};
    if (level < 0 || level > kMaxEnchantmentLevel) return Error{"enchantment level " + std::to_string(level) + " outside [0, 255]"};
    set_enchantment(stack, id, level);
  }
  in.expect_end();
  if (!in.ok()) return Error{std::string("enchantments component: ") + wire_error_text(in.error())};
  return {};
}

// The damage component: one VarInt, kept within [0, max damage] as ItemStack.getDamageValue reads
// it; an item that does not wear keeps none.
Status read_damage(std::span<const uint8_t> bytes, ItemStack& stack) {
  ByteReader in(bytes);
  const int32_t damage = in.varint();
  in.expect_end();
  if (!in.ok()) return Error{std::string("damage component: ") + wire_error_text(in.error())};
  stack.damage = std::clamp(damage, 0, item_max_damage(stack.item));
  return {};
}

}  // namespace

SlotData slot_data_of(const ItemStack& stack) {
  if (stack.empty()) return {};
  std::vector<packet::play_cb::EnchantmentEntry> entries;
  for (const EnchantmentLevel& e : stack.enchantments) entries.push_back({e.id, e.level});
  return SlotData::of(stack.item, stack.count, std::move(entries), stack.damage);
}

Result<ItemStack> stack_of_creative_slot(const packet::play_sb::SetCreativeSlot& set) {
  if (set.count <= 0) return ItemStack{};
  const int32_t item = set.item_id.value_or(0);
  if (item <= 0 || item >= item_count()) return Error{"unknown item id " + std::to_string(item)};
  ItemStack stack{item, set.count};
  const int32_t added = set.components_added.value_or(0), removed = set.components_removed.value_or(0);
  if (added < 0 || added > kMaxComponentChanges || removed < 0 || removed > kMaxComponentChanges)
    return Error{"too many component changes"};
  ByteReader in(set.components);
  for (int32_t i = 0; i < added && in.ok(); ++i) {
    const int32_t type = in.varint();
    const int32_t length = in.length(static_cast<int32_t>(in.remaining()));
    const std::span<const uint8_t> value = in.view(static_cast<size_t>(std::max(length, 0)));
    if (!in.ok()) break;
    if (type == SlotData::kDamageComponent) {
      if (Status read = read_damage(value, stack); !read.ok()) return Error{read.error()};
      continue;
    }
    if (type != SlotData::kEnchantmentsComponent) continue;  // not modelled: dropped
    if (Status read = read_enchantments(value, stack); !read.ok()) return Error{read.error()};
  }
  for (int32_t i = 0; i < removed && in.ok(); ++i) in.varint();
  in.expect_end();
  if (!in.ok()) return Error{std::string("item components: ") + wire_error_text(in.error())};
  return stack;
}

}  // namespace hz
