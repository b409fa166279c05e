#include "sim/game/items/item_stack_nbt.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <optional>

#include "sim/data/catalog.h"
#include "sim/game/items/enchantments.h"

namespace hz {

namespace {

constexpr std::string_view kComponents = "components";
constexpr std::string_view kEnchantments = "minecraft:enchantments";
constexpr std::string_view kDamage = "minecraft:damage";

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
  if (stack.enchantments.empty() && stack.damage == 0) return;
  nbt::Compound components;
  if (stack.damage != 0) components.put(std::string(kDamage), int32_t{stack.damage});
  if (!stack.enchantments.empty()) {
    nbt::Compound levels;
    for (const EnchantmentLevel& e : stack.enchantments) levels.put(enchantment_name(e.id), int32_t{e.level});
    components.put(std::string(kEnchantments), std::move(levels));
  }
  stack_tag.put(std::string(kComponents), std::move(components));
}

void read_components(const nbt::Compound& stack_tag, ItemStack& stack) {
  const nbt::Tag* components = stack_tag.find(kComponents);
  const auto* map = components ? components->as<nbt::Compound>() : nullptr;
  const nbt::Tag* damage = map ? map->find(kDamage) : nullptr;
  const std::optional<int64_t> damage_value = damage ? whole_number(*damage) : std::nullopt;
  if (damage_value && *damage_value >= 0) stack.damage = static_cast<int32_t>(std::min<int64_t>(*damage_value, item_max_damage(stack.item)));
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

nbt::Compound stack_to_nbt(const ItemStack& stack) {
  nbt::Compound tag;
  tag.put("id", "minecraft:" + std::string(item_name(stack.item)));
  tag.put("count", int32_t{stack.count});
  put_components(tag, stack);
  return tag;
}

std::optional<ItemStack> stack_from_nbt(const nbt::Compound& stack_tag) {
  const nbt::Tag* id_tag = stack_tag.find("id");
  const std::string* id = id_tag ? id_tag->as<std::string>() : nullptr;
  if (id == nullptr) return std::nullopt;
  const int item = item_id(*id).value_or(0);
  const std::optional<double> count_value = nbt::number_at(stack_tag, "count");
  const int count = count_value && std::isfinite(*count_value) ? static_cast<int>(*count_value) : 1;
  if (item <= 0 || count <= 0) return std::nullopt;
  ItemStack stack{item, std::min(count, kMaxStackSizeLimit)};
  read_components(stack_tag, stack);
  return stack;
}

}  // namespace hz
