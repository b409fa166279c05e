#include "sim/world/biomes.h"

#include <array>
#include <cassert>
#include <string_view>

#include "sim/data/registries.h"

namespace hz {
namespace {

constexpr std::array<std::string_view, kBiomeKindCount> kBiomeNames = {
    "minecraft:deep_ocean", "minecraft:ocean",         "minecraft:frozen_ocean", "minecraft:beach",
    "minecraft:snowy_beach", "minecraft:plains",       "minecraft:forest",       "minecraft:birch_forest",
    "minecraft:taiga",       "minecraft:desert",       "minecraft:snowy_plains", "minecraft:snowy_taiga",
};

constexpr int kMaxNetworkId = 128;  // the biome container's direct width is 7 bits

struct BiomeTable {
  std::array<uint16_t, kBiomeKindCount> ids{};
  std::array<BiomeKind, kMaxNetworkId> kinds{};

  BiomeTable() {
    kinds.fill(BiomeKind::kPlains);
    for (size_t i = 0; i < kBiomeNames.size(); ++i) {
      const int id = registry_entry_id("minecraft:worldgen/biome", kBiomeNames[i]);
      assert(id >= 0 && id < kMaxNetworkId);
      ids[i] = static_cast<uint16_t>(id);
      kinds[static_cast<size_t>(id)] = static_cast<BiomeKind>(i);
    }
  }
};

const BiomeTable& table() {
  static const BiomeTable t;
  return t;
}

}  // namespace

BiomeKind choose_biome(const Climate& c) {
  const bool frozen = c.temperature < -0.25;
  if (c.continentalness < kOceanLimit) {
    if (frozen) return BiomeKind::kFrozenOcean;
    return c.continentalness < kDeepOceanLimit ? BiomeKind::kDeepOcean : BiomeKind::kOcean;
  }
  if (c.continentalness < kCoastLimit) return frozen ? BiomeKind::kSnowyBeach : BiomeKind::kBeach;
  if (frozen) return c.humidity > 0.0 ? BiomeKind::kSnowyTaiga : BiomeKind::kSnowyPlains;
  if (c.temperature < -0.1) return c.humidity > -0.1 ? BiomeKind::kTaiga : BiomeKind::kPlains;
  if (c.temperature > 0.25 && c.humidity < 0.1) return BiomeKind::kDesert;
  if (c.humidity > 0.15) return c.temperature > 0.1 ? BiomeKind::kBirchForest : BiomeKind::kForest;
  if (c.humidity > 0.0) return BiomeKind::kForest;
  return BiomeKind::kPlains;
}

uint16_t biome_network_id(BiomeKind kind) { return table().ids[static_cast<size_t>(kind)]; }

BiomeKind biome_kind_of(uint16_t network_id) {
  return network_id < kMaxNetworkId ? table().kinds[network_id] : BiomeKind::kPlains;
}

uint16_t plains_biome_id() { return biome_network_id(BiomeKind::kPlains); }

bool is_snowy(BiomeKind kind) {
  return kind == BiomeKind::kFrozenOcean || kind == BiomeKind::kSnowyBeach || kind == BiomeKind::kSnowyPlains ||
         kind == BiomeKind::kSnowyTaiga;
}

bool is_ocean(BiomeKind kind) {
  return kind == BiomeKind::kDeepOcean || kind == BiomeKind::kOcean || kind == BiomeKind::kFrozenOcean;
}

}  // namespace hz
