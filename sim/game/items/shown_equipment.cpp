#include "sim/game/items/shown_equipment.h"

#include "sim/game/items/equipment.h"
#include "sim/game/items/item_wire.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

// The stack a player shows in one of its six slots: the held hotbar slot, the off hand, then the
// armour from the feet up.
const ItemStack& shown_slot(const Player& player, int slot) {
  static constexpr EquipSlot kArmour[] = {EquipSlot::kFeet, EquipSlot::kLegs, EquipSlot::kChest, EquipSlot::kHead};
  if (slot == 0) return player.main_hand();
  if (slot == 1) return player.inventory[static_cast<size_t>(kOffhandSlot)];
  return player.inventory[static_cast<size_t>(armour_menu_slot(kArmour[slot - 2]))];
}

SharedBytes equipment_packet(const Player& player, int slot, const ItemStack& stack) {
  return share(encode_packet(packet::play_cb::EntityEquipment{player.entity_id, static_cast<int8_t>(slot), slot_data_of(stack)}));
}

}  // namespace

std::vector<SharedBytes> equipment_pairing_packets(const Player& player) {
  std::vector<SharedBytes> out;
  for (int slot = 0; slot < kShownSlots; ++slot)
    if (const ItemStack& stack = shown_slot(player, slot); !stack.empty()) out.push_back(equipment_packet(player, slot, stack));
  return out;
}

// Compares in place: nothing is copied for the slots that did not change, which is every slot
// of almost every player in almost every tick.
std::vector<SharedBytes> equipment_changes(const Player& player, ShownEquipment& last) {
  std::vector<SharedBytes> out;
  for (int slot = 0; slot < kShownSlots; ++slot) {
    const ItemStack& now = shown_slot(player, slot);
    ItemStack& told = last[static_cast<size_t>(slot)];
    if (now.matches(told)) continue;
    told = now;
    out.push_back(equipment_packet(player, slot, now));
  }
  return out;
}

}  // namespace hz
