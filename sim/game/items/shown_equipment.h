// What other players see a player hold and wear (docs/rules/inventory.md §12): the equipment
// ServerEntity pairs with the player and LivingEntity.detectEquipmentUpdates sends as it changes.
#pragma once

#include <array>
#include <vector>

#include "sim/core/types.h"
#include "sim/game/items/item_stack.h"
#include "sim/game/player.h"

namespace hz {

// A player's six equipment slots in EquipmentSlot order, which is their id on the wire: main hand
// 0, off hand 1, feet 2, legs 3, chest 4, head 5.
inline constexpr int kShownSlots = 6;
using ShownEquipment = std::array<ItemStack, kShownSlots>;

// ServerEntity.sendPairingData: set_equipment for the slots that are not empty (vanilla sends
// them in one packet; Horizon sends one packet a slot, which the client applies alike).
std::vector<SharedBytes> equipment_pairing_packets(const Player& player);
// detectEquipmentUpdates: set_equipment for each slot whose stack is not the one in `last` (item,
// count and components, ItemStack.matches); `last` is brought up to date.
std::vector<SharedBytes> equipment_changes(const Player& player, ShownEquipment& last);

}  // namespace hz
