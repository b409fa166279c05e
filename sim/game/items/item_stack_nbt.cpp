#include "sim/game/items/item_stack_nbt.h"

#include <optional>

#include "sim/game/items/enchantments.h"

namespace hz {

namespace {

constexpr std::string_view kComponents = "components";
constexpr std::string_view kEnchantments = "minecraft:enchantments";

// Codec.INT reads any numeric tag.
std::optional<int64_t> whole_number(const nbt::Tag& tag) {
  if (const auto* v = tag.as<int8_t>()) return *v;
  if (const auto* v = tag.as<int16_t>()) return *v;
  if (const auto* v = tag.as<int32_t>()) return *v;
  if (const auto* v = tag.as<int64_t>()) return static_cast<int32_t>(*v);
  return std::nullopt;
}

}  // namespace

void put_components(nbt::Compound& stack_tag, const ItemStack& stack) {
  if (stack.enchantments.empty()) return;
  nbt::Compound levels;
  for (const EnchantmentLevel& e : stack.enchantments) levels.put(enchantment_name(e.id), int32_t{e.level});
  nbt::Compound components;
  components.put(std::string(kEnchantments), std::move(levels));
  stack_tag.put(std::string(kComponents), std::move(components));
}

void read_components(const nbt::Compound& stack_tag, ItemStack& stack) {
  const nbt::Tag* components = stack_tag.find(kComponents);
  const auto* map = components ? components->as<nbt::Compound>() : nullptr;
  const nbt::Tag* enchantments = map ? map->find(kEnchantments) : nullptr;
  const auto* levels = enchantments ? enchantments->as<nbt::Compound>() : nullptr;
  if (levels == nullptr) return;
  for (const auto& [name, value] : *levels) {
    const std::optional<int32_t> id = enchantment_id(name);
    const std::optional<int64_t> level = whole_number(value);
    if (!id || !level || *level < kMinEnchantmentLevel || *level > kMaxEnchantmentLevel) continue;
    set_enchantment(stack, *id, static_cast<int32_t>(*level));
  }
}

}  // namespace hz
