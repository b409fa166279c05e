// Where things live in a 26.1 world folder: dimension folders, region/entities/poi containers,
// r.X.Z.mca and c.X.Z.mcc names, level.dat and the saved-data files (all relative paths).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sim/world/chunk_pos.h"

namespace hz::anvil {

// The three containers that share the region format, each in its own folder.
enum class ChunkStore : uint8_t { kRegion = 0, kEntities = 1, kPoi = 2 };
inline constexpr int kChunkStoreCount = 3;

struct RegionPos {
  int32_t x = 0;
  int32_t z = 0;
  bool operator==(const RegionPos&) const = default;
  auto operator<=>(const RegionPos&) const = default;
};

// Floor division by 32 (arithmetic shift), as vanilla names region files.
inline RegionPos region_of(ChunkPos pos) { return {pos.x >> 5, pos.z >> 5}; }
// The chunk's entry in its region's header: (x & 31) + 32 * (z & 31).
inline int region_slot(ChunkPos pos) { return (pos.x & 31) + 32 * (pos.z & 31); }

inline constexpr std::string_view kOverworld = "minecraft:overworld";

// "dimensions/minecraft/overworld" for "minecraft:overworld"; a name without a namespace gets
// "minecraft". Empty when the name could leave the world folder (".." or separators).
std::string dimension_folder(std::string_view dimension);
std::string_view store_folder_name(ChunkStore store);  // "region", "entities", "poi"
// "dimensions/minecraft/overworld/region".
std::string store_folder(std::string_view dimension, ChunkStore store);
std::string region_file_name(RegionPos pos);     // "r.-1.2.mca"
std::string external_file_name(ChunkPos pos);    // "c.-33.70.mcc"
// Parses "r.X.Z.mca"; false for any other name.
bool parse_region_file_name(std::string_view name, RegionPos& pos);

inline constexpr std::string_view kLevelDat = "level.dat";
inline constexpr std::string_view kLevelDatOld = "level.dat_old";
inline constexpr std::string_view kWorldGenSettingsPath = "data/minecraft/world_gen_settings.dat";
inline constexpr std::string_view kGameRulesPath = "data/minecraft/game_rules.dat";
inline constexpr std::string_view kWeatherPath = "data/minecraft/weather.dat";
inline constexpr std::string_view kWorldClocksPath = "data/minecraft/world_clocks.dat";
inline constexpr std::string_view kPlayerDataFolder = "players/data";

}  // namespace hz::anvil
