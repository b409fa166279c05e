// Snow and ice from the weather (ServerLevel.tickPrecipitation in 26.1): the climate rules of the
// generator's biomes (temperature by height, precipitation kind) and what one precipitation tick
// does to the top of a column: freeze water, pile snow, fill a cauldron (docs/rules/random-ticks.md §2.1).
#pragma once

#include <cstdint>

#include "sim/core/rng.h"
#include "sim/game/ticking/random_tick_rules.h"
#include "sim/world/biomes.h"
#include "sim/world/chunk_pos.h"

namespace hz {

// One precipitation check for each random_tick_speed, when nextInt(48) is 0 (ServerLevel.tickChunk).
inline constexpr uint32_t kPrecipitationChance = 48;
// Below this temperature it snows instead of raining and water freezes (Biome.warmEnoughToRain).
inline constexpr float kSnowTemperature = 0.15f;
// Rain into an empty or water cauldron fills it with a 5 % chance a check; snow with 10 %.
inline constexpr float kCauldronRainChance = 0.05f;
inline constexpr float kCauldronSnowChance = 0.1f;

enum class Precipitation : uint8_t { kNone, kRain, kSnow };

// The biome's base temperature (its worldgen JSON).
float biome_temperature(BiomeKind biome);
// Biome.getTemperature without the temperature noise: above sea level + 17 it falls by 0.05 / 40
// per block.
float temperature_at(BiomeKind biome, int y);
bool cold_enough_to_snow(BiomeKind biome, int y);
// Biome.getPrecipitationAt: none in a desert, snow where cold enough, rain otherwise.
Precipitation precipitation_at(BiomeKind biome, int y);

// What a precipitation tick needs besides blocks and light.
class PrecipitationWorld : public TickWorld {
 public:
  // The y just above the column's top motion-blocking block (vanilla's heightmap position).
  virtual int motion_blocking_top(int x, int z) const = 0;
  virtual BiomeKind biome(const BlockPos& pos) const = 0;
  // Whether a one-layer snow block could stay at pos (SnowLayerBlock.canSurvive).
  virtual bool snow_can_survive(const BlockPos& pos) const = 0;
};

// ServerLevel.tickPrecipitation at column (x, z): freezes exposed still water in a cold biome,
// and while it rains piles one more snow layer (up to min(max_snow_height, 8)) and lets the
// block below the top take the rain or snow (cauldrons fill).
void tick_precipitation(PrecipitationWorld& world, int x, int z, bool raining, int max_snow_height, Rng& rng);

}  // namespace hz
