// Which equipment slot an item goes to when a player wears it (vanilla's Equippable component of
// the item, read from Items): the four armour pieces, the off hand (shield), or none.
#pragma once

namespace hz {

// Vanilla's EquipmentSlot for players; kMainHand stands for "not equippable".
enum class EquipSlot { kMainHand, kFeet, kLegs, kChest, kHead, kOffhand };

EquipSlot equip_slot_of(int item);

// The window-0 slot of a worn armour piece (head 5, chest 6, legs 7, feet 8), or -1.
int armour_menu_slot(EquipSlot slot);

}  // namespace hz
