#include "sim/game/items/equipment.h"

#include <string_view>

#include "sim/data/catalog.h"

namespace hz {

namespace {

// Every humanoid armour item is named after its piece, and no other item is (checked against
// Items: helmets, chestplates, leggings, boots of each material and the turtle helmet).
EquipSlot by_suffix(std::string_view name) {
  if (name.ends_with("_helmet")) return EquipSlot::kHead;
  if (name.ends_with("_chestplate")) return EquipSlot::kChest;
  if (name.ends_with("_leggings")) return EquipSlot::kLegs;
  if (name.ends_with("_boots")) return EquipSlot::kFeet;
  return EquipSlot::kMainHand;
}

// Items with an Equippable component that are not armour: heads and the carved pumpkin go on
// the head, the elytra on the chest, the shield in the off hand. (Carpets, harnesses and saddles
// are for animals' body and saddle slots, which players do not have.)
EquipSlot special(std::string_view name) {
  static constexpr std::string_view kHeads[] = {"carved_pumpkin", "skeleton_skull", "wither_skeleton_skull",
                                                "player_head",    "zombie_head",    "creeper_head",
                                                "dragon_head",    "piglin_head"};
  for (std::string_view head : kHeads)
    if (name == head) return EquipSlot::kHead;
  if (name == "elytra") return EquipSlot::kChest;
  if (name == "shield") return EquipSlot::kOffhand;
  return EquipSlot::kMainHand;
}

}  // namespace

EquipSlot equip_slot_of(int item) {
  const std::string_view name = item_name(item);
  const EquipSlot armour = by_suffix(name);
  return armour != EquipSlot::kMainHand ? armour : special(name);
}

int armour_menu_slot(EquipSlot slot) {
  switch (slot) {
    case EquipSlot::kHead: return 5;
    case EquipSlot::kChest: return 6;
    case EquipSlot::kLegs: return 7;
    case EquipSlot::kFeet: return 8;
    default: return -1;
  }
}

}  // namespace hz
