#include "sim/game/entities/item_entity_codec.h"

#include <algorithm>
#include <string>

#include "sim/data/catalog.h"
#include "sim/game/items/item_stack_nbt.h"

namespace hz::item_entity_codec {

nbt::Compound save(const ItemEntity& item) {
  nbt::Compound c = entity_nbt::save_base(kTypeId, item);
  c.put("Health", kHealth);
  c.put("Age", static_cast<int16_t>(item.age));
  c.put("PickupDelay", static_cast<int16_t>(item.pickup_delay));
  if (item.thrower) c.put("Thrower", entity_nbt::uuid_ints(*item.thrower));
  if (!item.stack().empty()) c.put("Item", stack_to_nbt(item.stack()));
  return c;
}

std::optional<Loaded> load(const nbt::Compound& tag) {
  std::optional<entity_nbt::Base> base = entity_nbt::load_base(tag);
  if (!base) return std::nullopt;
  const nbt::Compound* item = entity_nbt::compound_at(tag, "Item");
  const std::optional<ItemStack> stack = item ? stack_from_nbt(*item) : std::nullopt;
  if (!stack) return std::nullopt;
  Loaded out;
  out.base = *base;
  out.stack = *stack;
  // Stored as shorts; read back as shorts, so the infinite values (-32768, 32767) survive.
  out.age = static_cast<int16_t>(entity_nbt::int_or(tag, "Age", 0));
  out.pickup_delay = static_cast<int16_t>(entity_nbt::int_or(tag, "PickupDelay", 0));
  out.thrower = entity_nbt::uuid_at(tag, "Thrower");
  return out;
}

}  // namespace hz::item_entity_codec
