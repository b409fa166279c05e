// Chunk coordinates (16x16 block columns) and the world's vertical extent in the overworld.
// Ordered so that maps and sets of chunks iterate the same way on every machine.
#pragma once

#include <compare>
#include <cstdint>
#include <utility>

namespace hz {

inline constexpr int kWorldMinY = -64;
inline constexpr int kWorldHeight = 384;
inline constexpr int kWorldMaxY = kWorldMinY + kWorldHeight - 1;  // 319
inline constexpr int kSectionCount = kWorldHeight / 16;           // 24
inline constexpr int kLightSectionCount = kSectionCount + 2;      // one extra below and above
inline constexpr int kSeaLevel = 63;

struct ChunkPos {
  int32_t x = 0;
  int32_t z = 0;
  bool operator==(const ChunkPos&) const = default;
  auto operator<=>(const ChunkPos&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(x, z);
  }

  // Chebyshev distance in chunks: the ring a chunk lies in around another.
  int32_t ring_distance(ChunkPos other) const {
    int32_t dx = x > other.x ? x - other.x : other.x - x;
    int32_t dz = z > other.z ? z - other.z : other.z - z;
    return dx > dz ? dx : dz;
  }

  template <typename H>
  friend H AbslHashValue(H h, const ChunkPos& p) {
    return H::combine(std::move(h), p.x, p.z);
  }
};

// Section index (0 = bottom) of a world y inside the world.
inline constexpr int section_index_of(int y) { return (y - kWorldMinY) >> 4; }

}  // namespace hz
