// The overworld biomes this generator makes, chosen from climate values (continentalness,
// temperature, humidity), and their network ids in the worldgen/biome registry (resolved once).
#pragma once

#include <cstdint>

namespace hz {

enum class BiomeKind : uint8_t {
  kDeepOcean,
  kOcean,
  kFrozenOcean,
  kBeach,
  kSnowyBeach,
  kPlains,
  kForest,
  kBirchForest,
  kTaiga,
  kDesert,
  kSnowyPlains,
  kSnowyTaiga,
};

inline constexpr int kBiomeKindCount = 12;

// Climate at one column, each value roughly in [-1, 1].
struct Climate {
  double continentalness;  // below 0 is sea, far below is deep sea
  double temperature;
  double humidity;
};

// Continentalness below this is open water; between it and kCoastLimit is the coast (beaches).
inline constexpr double kOceanLimit = -0.15;
inline constexpr double kCoastLimit = -0.085;
inline constexpr double kDeepOceanLimit = -0.45;

BiomeKind choose_biome(const Climate& climate);

// Network id (index in worldgen/biome) of a kind, and back; unknown ids read as plains.
uint16_t biome_network_id(BiomeKind kind);
BiomeKind biome_kind_of(uint16_t network_id);
uint16_t plains_biome_id();

bool is_snowy(BiomeKind kind);
bool is_ocean(BiomeKind kind);

}  // namespace hz
