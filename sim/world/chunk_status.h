// How far a chunk has come through generation, in stage order, with the names Anvil stores
// (the `Status` key). A chunk is only handed to the game at kFull.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace hz {

enum class ChunkStatus : uint8_t {
  kEmpty = 0,
  kNoise,     // terrain shape: stone, water, air, bedrock; biomes
  kSurface,   // surface rules: grass, dirt, sand, sandstone, gravel
  kCarvers,   // caves carved; the chunk's feature plan is fixed
  kFeatures,  // ores, plants, trees (also those of the neighbours), snow and ice
  kLight,     // sky and block light computed
  kFull,      // handed to the game
};

inline constexpr int kChunkStatusCount = 7;

// "minecraft:full" and so on.
std::string_view chunk_status_name(ChunkStatus status);
std::optional<ChunkStatus> chunk_status_from_name(std::string_view name);

}  // namespace hz
