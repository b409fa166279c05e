// A falling block's saved compound (FallingBlockEntity.addAdditionalSaveData in 26.1): the shared
// entity fields, then BlockState {Name, Properties}, Time, DropItem and the damage fields.
#pragma once

#include <optional>
#include <string_view>

#include "sim/game/entities/entity_nbt.h"
#include "sim/game/entities/falling_block.h"

namespace hz::falling_block_codec {

inline constexpr std::string_view kTypeId = "minecraft:falling_block";
// FallingBlockEntity's defaults for what Horizon does not model (no entity damage yet).
inline constexpr float kFallHurtAmount = 0.0f;
inline constexpr int32_t kFallHurtMax = 40;

nbt::Compound save(const FallingBlock& block);

struct Loaded {
  entity_nbt::Base base;
  BlockStateId state = 0;
  int time = 0;
  bool drop_item = true;
};
// Nothing when the base is invalid. A missing or unknown BlockState is sand, as vanilla's default.
std::optional<Loaded> load(const nbt::Compound& tag);

}  // namespace hz::falling_block_codec
