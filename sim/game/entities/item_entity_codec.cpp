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
  if (!item.stack().empty()) {
    nbt::Compound stack;
    stack.put("id", "minecraft:" + std::string(item_name(item.stack().item)));
    stack.put("count", int32_t{item.stack().count});
    put_components(stack, item.stack());
    c.put("Item", std::move(stack));
  }
  return c;
}

std::optional<Loaded> load(const nbt::Compound& tag) {
  std::optional<entity_nbt::Base> base = entity_nbt::load_base(tag);
  if (!base) return std::nullopt;
  const nbt::Compound* item = entity_nbt::compound_at(tag, "Item");
  const std::string* id = item ? entity_nbt::string_at(*item, "id") : nullptr;
  const std::optional<int> known = id ? item_id(*id) : std::nullopt;
  const int count = item ? entity_nbt::int_or(*item, "count", 1) : 0;
  if (!known || *known <= 0 || count <= 0) return std::nullopt;
  Loaded out;
  out.base = *base;
  out.stack = ItemStack{*known, std::min(count, kMaxStackSizeLimit)};
  read_components(*item, out.stack);
  // Stored as shorts; read back as shorts, so the infinite values (-32768, 32767) survive.
  out.age = static_cast<int16_t>(entity_nbt::int_or(tag, "Age", 0));
  out.pickup_delay = static_cast<int16_t>(entity_nbt::int_or(tag, "PickupDelay", 0));
  out.thrower = entity_nbt::uuid_at(tag, "Thrower");
  return out;
}

}  // namespace hz::item_entity_codec
