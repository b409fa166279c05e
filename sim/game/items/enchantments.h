// Enchantments on item stacks (the `minecraft:enchantments` data component): the enchantment
// registry's ids by name, levels kept in a canonical order, and the levels the rules read.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sim/core/hash.h"
#include "sim/game/items/item_stack.h"

namespace hz {

// ItemEnchantments' level codec: levels from commands and files lie in [1, 255]; the network
// form also allows 0.
inline constexpr int kMinEnchantmentLevel = 1;
inline constexpr int kMaxEnchantmentLevel = 255;

// The network id of an enchantment ("efficiency" or "minecraft:efficiency"), if the registry has it.
std::optional<int32_t> enchantment_id(std::string_view name);
// "minecraft:efficiency" for an id; empty for an id outside the registry.
std::string enchantment_name(int32_t id);
// The level of an enchantment on a stack, 0 when it has none.
int enchantment_level(const ItemStack& stack, std::string_view name);
// Sets (level > 0) or removes (level 0) one enchantment, keeping the list sorted by id.
void set_enchantment(ItemStack& stack, int32_t id, int32_t level);
// Adds a stack's components (enchantments, damage) to a state hash.
void hash_components(Hasher& h, const ItemStack& stack);

}  // namespace hz
