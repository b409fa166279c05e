// Scheduled ticks in a chunk's NBT (`block_ticks`, `fluid_ticks`): a list of compounds with
// vanilla's keys i (type name), x, y, z, t (delay from the save's game time) and p (priority).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/result.h"
#include "sim/game/ticks/level_ticks.h"
#include "sim/protocol/nbt.h"
#include "sim/world/chunk_pos.h"

namespace hz {

// How a queue names its types: "minecraft:sand" for blocks, "minecraft:water" for fluids.
struct TickTypeNames {
  std::function<std::string(uint32_t)> name;
  std::function<std::optional<uint32_t>(std::string_view)> id;  // none for an unknown name
};

// The block queue's names (block registry) and the fluid queue's (empty, flowing_water, water,
// flowing_lava, lava: vanilla's fluid registry order).
const TickTypeNames& block_tick_names();
const TickTypeNames& fluid_tick_names();

nbt::List saved_ticks_to_nbt(const std::vector<SavedTick>& ticks, const TickTypeNames& names);

struct DecodedTicks {
  std::vector<SavedTick> ticks;
  // Entries left out: unknown type names, missing or non-numeric fields, or outside `chunk`
  // (vanilla keeps only the ticks of the chunk whose file it reads).
  int skipped = 0;
};
// Fails when the tag is not a list (of compounds, or empty).
Result<DecodedTicks> saved_ticks_from_nbt(const nbt::Tag& tag, const TickTypeNames& names, ChunkPos chunk);

}  // namespace hz
