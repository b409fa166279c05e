// Sky and block light of a whole column: 26 layers each (the 24 sections plus one below and one
// above the world), as the light engine produces them and the chunk packet and Anvil store them.
#pragma once

#include <array>
#include <cstdint>

#include "sim/world/chunk_pos.h"
#include "sim/world/light_layer.h"

namespace hz {

struct ColumnLight {
  // Index 0 is the section below the world (y -80..-65), 25 the one above it.
  std::array<LightLayer, kLightSectionCount> sky;
  std::array<LightLayer, kLightSectionCount> block;

  // Light at a local x, z and world y in [-80, 335]; outside that, sky 15 above and 0 below.
  uint8_t sky_at(int x, int y, int z) const { return level(sky, x, y, z, 15); }
  uint8_t block_at(int x, int y, int z) const { return level(block, x, y, z, 0); }

  size_t memory_bytes() const;
  bool operator==(const ColumnLight&) const = default;

 private:
  static uint8_t level(const std::array<LightLayer, kLightSectionCount>& layers, int x, int y, int z, uint8_t above) {
    const int s = ((y - kWorldMinY) >> 4) + 1;
    if (s < 0) return 0;
    if (s >= kLightSectionCount) return above;
    return layers[static_cast<size_t>(s)].get(((y & 15) << 8) | (z << 4) | x);
  }
};

}  // namespace hz
