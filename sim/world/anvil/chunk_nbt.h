// A chunk column as vanilla 26.1 stores it in a region file (SerializableChunkData): the NBT keys,
// paletted sections with on-disk bit widths, light arrays, heightmaps; and the lenient reader.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/core/types.h"
#include "sim/protocol/nbt.h"
#include "sim/core/result.h"
#include "sim/world/chunk_column.h"

namespace hz::anvil {

inline constexpr int kMinSectionY = kWorldMinY >> 4;                  // -4: yPos
inline constexpr int kMaxSectionY = kMinSectionY + kSectionCount - 1;  // 19
inline constexpr int kMinLightSectionY = kMinSectionY - 1;           // -5: light reaches one beyond
// DataVersions where the format changed in ways this reader cares about.
inline constexpr int kFirstFlatChunkVersion = 2842;   // 1.18: no `Level` wrapper, lowercase keys
inline constexpr int kLightRewriteVersion = 4537;     // older light is dropped by vanilla's fixer

// Chunk data Horizon does not model itself, carried from a load to the next save so nothing a
// vanilla world holds is lost (chest contents, scheduled ticks, structure references).
struct ChunkExtras {
  int64_t last_update = 0;     // game time of the save (LastUpdate)
  int64_t inhabited_time = 0;  // ticks players spent nearby (InhabitedTime)
  nbt::List block_entities;
  nbt::Compound carried;  // block_ticks, fluid_ticks, PostProcessing, structures as read
};

// The chunk's NBT root, keys in the order vanilla writes them. Light arrays and isLightOn are
// written only when the column's light is valid.
nbt::Compound chunk_to_nbt(const ChunkColumn& column, const ChunkExtras& extras);
// The file form (named root "") that goes, compressed, into a region record.
Bytes encode_chunk(const ChunkColumn& column, const ChunkExtras& extras);

struct LoadedChunk {
  ChunkColumn column;
  ChunkExtras extras;
  int32_t data_version = -1;
  bool light_loaded = false;       // isLightOn was set and trusted: the column's light is valid
  std::vector<std::string> notes;  // recoverable problems worth a log line
};

// Reads a chunk the way vanilla does: missing sections are air, missing biomes plains, unknown
// names fall back, light is taken only with isLightOn. Fails (so the caller regenerates) without
// Status, on bad palettes or storage lengths, wrong light array sizes, or pre-1.18 data.
Result<LoadedChunk> chunk_from_nbt(const nbt::Compound& root, ChunkPos expected);
Result<LoadedChunk> decode_chunk(std::span<const uint8_t> nbt_bytes, ChunkPos expected);

}  // namespace hz::anvil
