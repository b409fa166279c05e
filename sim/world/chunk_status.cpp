#include "sim/world/chunk_status.h"

#include <array>

namespace hz {
namespace {

constexpr std::array<std::string_view, kChunkStatusCount> kStatusNames = {
    "minecraft:empty",    "minecraft:noise", "minecraft:surface", "minecraft:carvers",
    "minecraft:features", "minecraft:light", "minecraft:full",
};

}  // namespace

std::string_view chunk_status_name(ChunkStatus status) { return kStatusNames[static_cast<size_t>(status)]; }

std::optional<ChunkStatus> chunk_status_from_name(std::string_view name) {
  for (size_t i = 0; i < kStatusNames.size(); ++i) {
    if (kStatusNames[i] == name || kStatusNames[i].substr(10) == name) return static_cast<ChunkStatus>(i);
  }
  return std::nullopt;
}

}  // namespace hz
