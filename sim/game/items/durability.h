// Item durability (docs/rules/durability.md): what an attack costs the weapon, ItemStack.hurtAndBreak
// with Unbreaking's chance, and the system that wears out the items in players' hands.
#pragma once

#include "sim/core/rng.h"
#include "sim/game/items/item_stack.h"
#include "sim/game/ports.h"

namespace hz {

// Entity events a broken item sends (LivingEntity.entityEventForEquipmentBreak).
inline constexpr int8_t kEntityEventMainHandBreak = 47;
inline constexpr int8_t kEntityEventOffHandBreak = 48;
inline constexpr int8_t kEntityEventHeadBreak = 49;
inline constexpr int8_t kEntityEventChestBreak = 50;
inline constexpr int8_t kEntityEventLegsBreak = 51;
inline constexpr int8_t kEntityEventFeetBreak = 52;

// Weapon.itemDamagePerAttack: 1 for swords, spears, the mace and the trident; 2 for axes,
// pickaxes, shovels and hoes; 0 for items without the weapon component.
int wear_per_attack(const ItemStack& stack);

enum class Wear { kNone, kDamaged, kBroke };

// Unbreaking's chance to spare a point at level L: L / (L + 1), or 2L / (10 + 5(L - 1)) for an
// item in #enchantable/armor; 0 without Unbreaking.
float unbreaking_chance(const ItemStack& stack);

// ItemStack.hurtAndBreak's arithmetic for `amount` points. Items without durability take none.
// Unbreaking spares each point with its chance, one nextFloat per point (RemoveBinomial for fewer
// than 129 points). What is left adds to the damage; a stack whose damage reaches the durability
// loses an item.
Wear wear(ItemStack& stack, int amount, Rng& random);

class PlayerItemWear final : public ItemWear {
 public:
  PlayerItemWear(PlayerConnections& players, EntityBroadcast& broadcast, Rng& random)
      : players_(players), broadcast_(broadcast), random_(random) {}

  // ItemWear: nothing for creative players (hasInfiniteMaterials); a break tells the player and
  // its viewers (entity event 47-52 by slot). The inventory's own sync sends the changed slot.
  void wear_held_item(ConnId player, Hand hand, int amount) override;
  void wear_armour(ConnId player, float damage, DamageCause kind) override;
  void wear_equipped(ConnId player, int menu_slot, int amount) override;

 private:
  // hurtAndBreak for the stack in one of the player's window-0 slots; `event` tells a break.
  void wear_slot(Player& player, int slot, int amount, int8_t event);

  PlayerConnections& players_;
  EntityBroadcast& broadcast_;
  Rng& random_;
};

}  // namespace hz
