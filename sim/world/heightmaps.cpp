#include "sim/world/heightmaps.h"

#include "sim/world/block_traits.h"
#include "sim/world/chunk_pos.h"

namespace hz {

int heightmap_protocol_id(HeightmapType type) {
  static constexpr int kIds[] = {1, 3, 4, 5};
  return kIds[static_cast<int>(type)];
}

std::string_view heightmap_name(HeightmapType type) {
  static constexpr std::string_view kNames[] = {"WORLD_SURFACE", "OCEAN_FLOOR", "MOTION_BLOCKING",
                                                "MOTION_BLOCKING_NO_LEAVES"};
  return kNames[static_cast<int>(type)];
}

bool heightmap_matches(HeightmapType type, uint8_t flags) {
  switch (type) {
    case HeightmapType::kWorldSurface: return !(flags & kFlagAir);
    case HeightmapType::kOceanFloor: return flags & kFlagSolid;
    case HeightmapType::kMotionBlocking: return flags & kFlagMotionBlocking;
    case HeightmapType::kMotionBlockingNoLeaves: return (flags & kFlagMotionBlocking) && !(flags & kFlagLeaves);
  }
  return false;
}

std::array<uint64_t, kHeightmapLongs> Heightmaps::packed(HeightmapType type) const {
  std::array<uint64_t, kHeightmapLongs> out{};
  const auto& column = values_[static_cast<int>(type)];
  for (int i = 0; i < 256; ++i) out[i / 7] |= static_cast<uint64_t>(column[i]) << ((i % 7) * 9);
  return out;
}

bool Heightmaps::unpack(HeightmapType type, const std::vector<uint64_t>& longs) {
  if (longs.size() != kHeightmapLongs) return false;
  auto& column = values_[static_cast<int>(type)];
  for (int i = 0; i < 256; ++i) {
    const auto v = static_cast<uint16_t>((longs[i / 7] >> ((i % 7) * 9)) & 0x1FF);
    if (v > kWorldHeight) return false;
    column[i] = v;
  }
  return true;
}

}  // namespace hz
