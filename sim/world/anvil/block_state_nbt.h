// Block states and biomes as chunk NBT names them: a state is {Name, Properties} (Properties left
// out for blocks without any), a biome is its registry id; read with vanilla's lenient fallbacks.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sim/data/blocks.h"
#include "sim/protocol/nbt.h"

namespace hz::anvil {

nbt::Compound block_state_to_nbt(BlockStateId state);

// An unknown Name reads as air and a missing or invalid property value as the block's default for
// that property; extra properties are ignored (StateDefinition). `problem` gets a note for logs
// when a fallback was used, and is left untouched otherwise.
BlockStateId block_state_from_nbt(const nbt::Compound& entry, std::string& problem);

// "minecraft:plains" for a network id of worldgen/biome; ids come from the synced registry.
std::string_view biome_name(uint16_t biome_id);
// Unknown biome names read as plains (vanilla does the same).
uint16_t biome_from_name(std::string_view name, std::string& problem);

}  // namespace hz::anvil
