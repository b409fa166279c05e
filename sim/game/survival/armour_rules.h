// Armour's rules as pure functions (docs/rules/armour.md): what each piece adds to its wearer's
// attributes, CombatRules' two reductions, the protection enchantments' points and a hit's wear.
#pragma once

#include <array>

#include "sim/core/rng.h"
#include "sim/game/items/item_stack.h"
#include "sim/game/survival/damage_rules.h"

namespace hz {

// The attributes armour changes (armor, armor_toughness, knockback_resistance, and through
// enchantments burning_time (Fire Protection) and explosion_knockback_resistance (Blast
// Protection)), as the attribute map keeps them: doubles from each piece's modifier.
struct ArmourAttributes {
  double armor = 0.0;
  double toughness = 0.0;
  double knockback_resistance = 0.0;
  double burning_time = 1.0;
  double explosion_knockback_resistance = 0.0;
  bool operator==(const ArmourAttributes&) const = default;
};

// What one item adds while worn in its own slot (ArmorMaterials by ArmorType); nothing for an item
// that is not humanoid armour.
ArmourAttributes armour_piece(int item);

// The stacks in the four armour slots, in EquipmentSlot order: feet, legs, chest, head.
using WornStacks = std::array<const ItemStack*, 4>;
// A player's worn stacks from its window-0 inventory (head 5, chest 6, legs 7, feet 8).
WornStacks worn_stacks(const std::array<ItemStack, kInventorySlots>& inventory);

// The attributes the worn stacks give, each counted only when it is armour for its slot and not
// broken, with the attributes' ranges applied.
ArmourAttributes worn_armour(const WornStacks& worn);

// CombatRules.getDamageAfterAbsorb (no weapon enchantment changes the armour's effectiveness).
float damage_after_armour(float damage, float armor, float toughness);
// CombatRules.getDamageAfterMagicAbsorb: each protection point takes 4%, up to 20 points.
float damage_after_protection(float damage, float points);

// EnchantmentHelper.getDamageProtection over the four armour slots: the damage_protection
// effects of protection, fire, blast and projectile protection and feather falling.
float protection_points(const WornStacks& worn, DamageCause kind);

// doHurtEquipment: the points each worn piece loses for `damage` (at least 1).
int armour_wear_points(float damage);
// Whether a stack in an armour slot wears when its wearer is hurt by `kind` (an equippable item
// that wears, with damage_on_hurt: not the elytra; netherite resists fire).
bool wears_when_hurt(const ItemStack& stack, DamageCause kind);

namespace armour_rules {
// Thorns (post_attack, enchanted victim, affected attacker): a random_chance of linear(0.15,
// +0.15) a level, damage_entity between 1 and 5 (thorns damage caused by the wearer), then the
// piece wears by 2.
inline constexpr int kThornsWear = 2;
float thorns_chance(int level);
// Mth.randomBetween(random, 1, 5): one nextFloat.
float thorns_damage(Rng& random);
}  // namespace armour_rules

// LivingEntity.knockback's power after the knockback_resistance attribute.
double resisted_knockback(double power, double knockback_resistance);
// What a hit reads of the attributes: the armour value floored (getArmorValue), the toughness as a
// float, and the protection points for its kind.
Defence defence_of(const ArmourAttributes& attributes, float protection);

}  // namespace hz
