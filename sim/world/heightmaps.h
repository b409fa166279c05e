// The four heightmaps a chunk keeps (world surface, ocean floor, motion blocking, motion blocking
// without leaves): per column the top matching y + 1 - min_y, 0 for an empty column.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "sim/data/blocks.h"

namespace hz {

enum class HeightmapType : uint8_t {
  kWorldSurface = 0,
  kOceanFloor = 1,
  kMotionBlocking = 2,
  kMotionBlockingNoLeaves = 3,
};

inline constexpr int kHeightmapTypeCount = 4;
inline constexpr int kHeightmapLongs = 37;  // 256 values of 9 bits, 7 per long

// Type number in the chunk packet (1, 3, 4, 5) and the name Anvil uses.
int heightmap_protocol_id(HeightmapType type);
std::string_view heightmap_name(HeightmapType type);
// Whether a block with these BlockTraits flags counts for the heightmap.
bool heightmap_matches(HeightmapType type, uint8_t block_flags);

class Heightmaps {
 public:
  // Stored value (top y + 1 - min_y; 0 = nothing matches) of column (x, z).
  int value(HeightmapType type, int x, int z) const { return values_[static_cast<int>(type)][(z << 4) | x]; }
  void set_value(HeightmapType type, int x, int z, int v) {
    values_[static_cast<int>(type)][(z << 4) | x] = static_cast<uint16_t>(v);
  }
  // 37 longs, 9 bits per value, 7 values per long, low bits first.
  std::array<uint64_t, kHeightmapLongs> packed(HeightmapType type) const;
  // False when the array is the wrong size or holds a value above the world height.
  bool unpack(HeightmapType type, const std::vector<uint64_t>& longs);

  bool operator==(const Heightmaps&) const = default;

 private:
  std::array<std::array<uint16_t, 256>, kHeightmapTypeCount> values_{};
};

}  // namespace hz
