#include "sim/game/items/enchantments.h"

#include <algorithm>

#include "sim/data/registries.h"

namespace hz {

namespace {

constexpr std::string_view kRegistry = "minecraft:enchantment";

const Registry* enchantment_registry() {
  for (const Registry& registry : synced_registries())
    if (registry.name == kRegistry) return &registry;
  return nullptr;
}

}  // namespace

std::optional<int32_t> enchantment_id(std::string_view name) {
  const std::string full = name.find(':') == std::string_view::npos ? "minecraft:" + std::string(name) : std::string(name);
  const int id = registry_entry_id(kRegistry, full);
  if (id < 0) return std::nullopt;
  return id;
}

std::string enchantment_name(int32_t id) {
  const Registry* registry = enchantment_registry();
  if (registry == nullptr || id < 0 || static_cast<size_t>(id) >= registry->entries.size()) return {};
  return std::string(registry->entries[static_cast<size_t>(id)].name);
}

int enchantment_level(const ItemStack& stack, std::string_view name) {
  const std::optional<int32_t> id = enchantment_id(name);
  if (!id || stack.empty()) return 0;
  for (const EnchantmentLevel& e : stack.enchantments)
    if (e.id == *id) return e.level;
  return 0;
}

void set_enchantment(ItemStack& stack, int32_t id, int32_t level) {
  auto& list = stack.enchantments;
  auto at = std::lower_bound(list.begin(), list.end(), id, [](const EnchantmentLevel& e, int32_t v) { return e.id < v; });
  const bool present = at != list.end() && at->id == id;
  if (level <= 0) {
    if (present) list.erase(at);
  } else if (present) {
    at->level = level;
  } else {
    list.insert(at, EnchantmentLevel{id, level});
  }
}

void hash_components(Hasher& h, const ItemStack& stack) {
  if (stack.damage != 0) h.u64(0x64616d616765), h.i64(stack.damage);  // undamaged stacks hash as before
  if (stack.enchantments.empty()) return;  // plain stacks hash as they did before enchantments
  h.u64(stack.enchantments.size());
  for (const EnchantmentLevel& e : stack.enchantments) h.i64(e.id), h.i64(e.level);
}

}  // namespace hz
