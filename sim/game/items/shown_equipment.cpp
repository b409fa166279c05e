#include "sim/game/items/shown_equipment.h"

#include "sim/game/items/item_wire.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

// Window-0 slots of the armour (feet 8, legs 7, chest 6, head 5).
constexpr int kArmourMenuSlots[] = {8, 7, 6, 5};

SharedBytes equipment_packet(const Player& player, int slot, const ItemStack& stack) {
  return share(encode_packet(packet::play_cb::EntityEquipment{player.entity_id, static_cast<int8_t>(slot), slot_data_of(stack)}));
}

bool same_stack(const ItemStack& a, const ItemStack& b) { return (a.empty() && b.empty()) || a == b; }

}  // namespace

ShownEquipment shown_equipment(const Player& player) {
  ShownEquipment shown;
  shown[0] = player.main_hand();
  shown[1] = player.inventory[static_cast<size_t>(kOffhandSlot)];
  for (int i = 0; i < 4; ++i) shown[static_cast<size_t>(2 + i)] = player.inventory[static_cast<size_t>(kArmourMenuSlots[i])];
  return shown;
}

std::vector<SharedBytes> equipment_pairing_packets(const Player& player) {
  std::vector<SharedBytes> out;
  const ShownEquipment shown = shown_equipment(player);
  for (int slot = 0; slot < kShownSlots; ++slot)
    if (!shown[static_cast<size_t>(slot)].empty()) out.push_back(equipment_packet(player, slot, shown[static_cast<size_t>(slot)]));
  return out;
}

std::vector<SharedBytes> equipment_changes(const Player& player, ShownEquipment& last) {
  std::vector<SharedBytes> out;
  const ShownEquipment now = shown_equipment(player);
  for (int slot = 0; slot < kShownSlots; ++slot) {
    const auto i = static_cast<size_t>(slot);
    if (same_stack(now[i], last[i])) continue;
    last[i] = now[i];
    out.push_back(equipment_packet(player, slot, now[i]));
  }
  return out;
}

}  // namespace hz
