// An item entity's saved compound (ItemEntity.addAdditionalSaveData in 26.1): the shared entity
// fields, then Health, Age, PickupDelay, Thrower and Item {id, count}.
#pragma once

#include <optional>
#include <string_view>

#include "sim/game/entities/entity_nbt.h"
#include "sim/game/entities/item_entity.h"

namespace hz::item_entity_codec {

inline constexpr std::string_view kTypeId = "minecraft:item";
// ItemEntity.health starts at 5 and only damage lowers it (Horizon's items are not damaged).
inline constexpr int16_t kHealth = 5;

nbt::Compound save(const ItemEntity& item);

// What a compound holds, before the entity gets its network id.
struct Loaded {
  entity_nbt::Base base;
  ItemStack stack;
  int age = 0;
  int pickup_delay = 0;
  std::optional<Uuid> thrower;
};
// Nothing when the base is invalid or the stack empty or unknown (vanilla discards such an item).
std::optional<Loaded> load(const nbt::Compound& tag);

}  // namespace hz::item_entity_codec
