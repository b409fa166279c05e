#include "sim/game/survival/armour_rules.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "sim/data/catalog.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/equipment.h"

namespace hz {

namespace {

// ArmorMaterials: the defence of boots, leggings, chestplate and helmet, then the toughness and
// knockback resistance every piece of the material adds. Items are named <prefix>_<piece>.
struct Material {
  std::string_view prefix;
  int defence[4];  // feet, legs, chest, head
  float toughness;
  float knockback_resistance;  // a float in ArmorMaterial, widened to the modifier's double
};
constexpr Material kMaterials[] = {
    {"leather", {1, 2, 3, 1}, 0.0f, 0.0f},   {"copper", {1, 3, 4, 2}, 0.0f, 0.0f},
    {"chainmail", {1, 4, 5, 2}, 0.0f, 0.0f}, {"iron", {2, 5, 6, 2}, 0.0f, 0.0f},
    {"golden", {1, 3, 5, 2}, 0.0f, 0.0f},    {"diamond", {3, 6, 8, 3}, 2.0f, 0.0f},
    {"netherite", {3, 6, 8, 3}, 3.0f, 0.1f}, {"turtle", {2, 5, 6, 2}, 0.0f, 0.0f},
};
constexpr std::string_view kPieces[] = {"_boots", "_leggings", "_chestplate", "_helmet"};

// The attributes' ranges (Attributes: armor 0-30, armor_toughness 0-20, knockback_resistance 0-1).
constexpr double kMaxArmor = 30.0, kMaxToughness = 20.0, kMaxBurningTime = 1024.0;

// The slot a worn stack sits in, by its place in WornStacks.
constexpr EquipSlot kWornSlots[] = {EquipSlot::kFeet, EquipSlot::kLegs, EquipSlot::kChest, EquipSlot::kHead};

bool broken(const ItemStack& stack) {
  const int max_damage = item_max_damage(stack.item);
  return max_damage > 0 && stack.damage >= max_damage;
}

// Each protection enchantment's points per level, when the damage type matches its requirement
// (none of them protects from a type that bypasses invulnerability).
float points_per_level(std::string_view enchantment, const DamageTypeInfo& type) {
  if (enchantment == "minecraft:protection") return 1.0f;
  if (enchantment == "minecraft:feather_falling") return type.is_fall ? 3.0f : 0.0f;
  if (enchantment == "minecraft:blast_protection") return type.is_explosion ? 2.0f : 0.0f;
  if (enchantment == "minecraft:projectile_protection") return type.is_projectile ? 2.0f : 0.0f;
  if (enchantment == "minecraft:fire_protection") return type.is_fire ? 2.0f : 0.0f;
  return 0.0f;
}

}  // namespace

ArmourAttributes armour_piece(int item) {
  const std::string_view name = item_name(item);
  for (const Material& material : kMaterials) {
    if (!name.starts_with(material.prefix)) continue;
    const std::string_view piece = name.substr(material.prefix.size());
    for (size_t i = 0; i < std::size(kPieces); ++i)
      if (piece == kPieces[i])
        return ArmourAttributes{static_cast<double>(material.defence[i]), static_cast<double>(material.toughness),
                                static_cast<double>(material.knockback_resistance)};
  }
  return ArmourAttributes{};
}

WornStacks worn_stacks(const std::array<ItemStack, kInventorySlots>& inventory) {
  WornStacks worn{};
  for (size_t i = 0; i < worn.size(); ++i)
    worn[i] = &inventory[static_cast<size_t>(armour_menu_slot(kWornSlots[i]))];
  return worn;
}

ArmourAttributes worn_armour(const WornStacks& worn) {
  ArmourAttributes sum;
  for (size_t i = 0; i < worn.size(); ++i) {
    const ItemStack& stack = *worn[i];
    if (stack.empty() || broken(stack) || equip_slot_of(stack.item) != kWornSlots[i]) continue;
    const ArmourAttributes piece = armour_piece(stack.item);
    sum.armor += piece.armor;
    sum.toughness += piece.toughness;
    sum.knockback_resistance += piece.knockback_resistance;
  }
  // The enchantments' attribute effects, from any enchanted stack in an armour slot: Fire
  // Protection's add_multiplied_base of linear(-0.15, -0.15) a level on burning_time (base 1),
  // Blast Protection's add_value of linear(0.15, 0.15) on explosion_knockback_resistance (base 0);
  // each level value a float widened to the modifier's double.
  double burning_base_multiplier = 0.0, explosion_resistance = 0.0;
  for (const ItemStack* stack : worn)
    for (const EnchantmentLevel& enchantment : stack->enchantments) {
      const std::string name = enchantment_name(enchantment.id);
      const float above_first = static_cast<float>(enchantment.level - 1);
      if (name == "minecraft:fire_protection") burning_base_multiplier += static_cast<double>(-0.15f + -0.15f * above_first);
      if (name == "minecraft:blast_protection") explosion_resistance += static_cast<double>(0.15f + 0.15f * above_first);
    }
  sum.burning_time = std::clamp(1.0 + 1.0 * burning_base_multiplier, 0.0, kMaxBurningTime);
  sum.explosion_knockback_resistance = std::clamp(explosion_resistance, 0.0, 1.0);
  sum.armor = std::clamp(sum.armor, 0.0, kMaxArmor);
  sum.toughness = std::clamp(sum.toughness, 0.0, kMaxToughness);
  sum.knockback_resistance = std::clamp(sum.knockback_resistance, 0.0, 1.0);
  return sum;
}

float damage_after_armour(float damage, float armor, float toughness) {
  // The armour counts at least a fifth of itself and at most 20 points; toughness keeps more of
  // it against big hits.
  const float divider = 2.0f + toughness / 4.0f;
  const float effective = std::clamp(armor - damage / divider, armor * 0.2f, 20.0f);
  return damage * (1.0f - effective / 25.0f);
}

float damage_after_protection(float damage, float points) {
  return damage * (1.0f - std::clamp(points, 0.0f, 20.0f) / 25.0f);
}

float protection_points(const WornStacks& worn, DamageCause kind) {
  const DamageTypeInfo& type = damage_type(kind);
  if (type.bypasses_invulnerability) return 0.0f;
  float points = 0.0f;
  for (const ItemStack* stack : worn)
    for (const EnchantmentLevel& enchantment : stack->enchantments)
      points += points_per_level(enchantment_name(enchantment.id), type) * static_cast<float>(enchantment.level);
  return points;
}

int armour_wear_points(float damage) { return static_cast<int>(std::max(1.0f, damage / 4.0f)); }

bool wears_when_hurt(const ItemStack& stack, DamageCause kind) {
  if (stack.empty() || item_max_damage(stack.item) <= 0) return false;
  // Only items with the equippable component (equip_slot_of) have damage_on_hurt to ask.
  const std::string_view name = item_name(stack.item);
  if (equip_slot_of(stack.item) == EquipSlot::kMainHand || name == "elytra") return false;
  // Netherite items are damage_resistant to #is_fire (canBeHurtBy).
  return !(damage_type(kind).is_fire && name.starts_with("netherite_"));
}

double resisted_knockback(double power, double knockback_resistance) { return power * (1.0 - knockback_resistance); }

Defence defence_of(const ArmourAttributes& attributes, float protection) {
  return Defence{static_cast<float>(static_cast<int>(std::floor(attributes.armor))),
                 static_cast<float>(attributes.toughness), protection};
}

namespace armour_rules {

float thorns_chance(int level) { return 0.15f + 0.15f * static_cast<float>(level - 1); }

float thorns_damage(Rng& random) { return random.next_float() * (5.0f - 1.0f) + 1.0f; }

}  // namespace armour_rules

}  // namespace hz
