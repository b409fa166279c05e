#include "sim/game/ticking/precipitation.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "sim/data/blocks.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/directions.h"
#include "sim/world/chunk_pos.h"

namespace hz {
namespace {


std::string_view block_name_of(BlockStateId state) { return block_info(block_of_state(state)).name; }

// LiquidBlock with the water source fluid: a still water block.
bool is_still_water(BlockStateId state) { return block_name_of(state) == "water" && state_property(state, "level") == "0"; }

// Level.isWaterAt: any water fluid, flowing, waterlogged or in plants.
bool has_water(BlockStateId state) {
  const std::string_view name = block_name_of(state);
  if (name == "water" || name == "bubble_column" || name == "kelp" || name == "kelp_plant" || name == "seagrass" ||
      name == "tall_seagrass")
    return true;
  return state_property(state, "waterlogged") == "true";
}

// Biome.shouldFreeze with neighbours checked.
bool should_freeze(PrecipitationWorld& world, BiomeKind biome, const BlockPos& pos) {
  if (!cold_enough_to_snow(biome, pos.y)) return false;
  if (pos.y < kWorldMinY || pos.y > kWorldMaxY || world.block_light(pos) >= 10) return false;
  if (!is_still_water(world.block(pos))) return false;
  const bool surrounded = has_water(world.block(offset(pos, -1, 0, 0))) && has_water(world.block(offset(pos, 1, 0, 0))) &&
                          has_water(world.block(offset(pos, 0, 0, -1))) && has_water(world.block(offset(pos, 0, 0, 1)));
  return !surrounded;
}

// Biome.shouldSnow.
bool should_snow(PrecipitationWorld& world, BiomeKind biome, const BlockPos& pos) {
  if (precipitation_at(biome, pos.y) != Precipitation::kSnow) return false;
  if (pos.y < kWorldMinY || pos.y > kWorldMaxY || world.block_light(pos) >= 10) return false;
  const std::string_view here = block_name_of(world.block(pos));
  return (here == "air" || here == "snow") && world.snow_can_survive(pos);
}

// Block.handlePrecipitation: cauldrons take rain or snow; everything else ignores it.
void handle_precipitation(PrecipitationWorld& world, const BlockPos& pos, Precipitation kind, Rng& rng) {
  const BlockStateId state = world.block(pos);
  const std::string_view name = block_name_of(state);
  const bool empty = name == "cauldron";
  const bool water = name == "water_cauldron", powder = name == "powder_snow_cauldron";
  if (!empty && !water && !powder) return;
  // CauldronBlock.shouldHandlePrecipitation draws whatever the cauldron holds.
  const float chance = kind == Precipitation::kRain ? kCauldronRainChance : kCauldronSnowChance;
  if (!(rng.next_float() < chance)) return;
  if (empty) {
    world.set_block(pos, default_state_of(kind == Precipitation::kRain ? "water_cauldron" : "powder_snow_cauldron"));
    return;
  }
  const int level = std::stoi(std::string(state_property(state, "level")));
  if (level == 3 || (water && kind != Precipitation::kRain) || (powder && kind != Precipitation::kSnow)) return;
  world.set_block(pos, with_value(state, "level", std::to_string(level + 1)));
}

}  // namespace

float biome_temperature(BiomeKind biome) {
  switch (biome) {
    case BiomeKind::kDeepOcean:
    case BiomeKind::kOcean: return 0.5f;
    case BiomeKind::kFrozenOcean: return 0.0f;
    case BiomeKind::kBeach: return 0.8f;
    case BiomeKind::kSnowyBeach: return 0.05f;
    case BiomeKind::kPlains: return 0.8f;
    case BiomeKind::kForest: return 0.7f;
    case BiomeKind::kBirchForest: return 0.6f;
    case BiomeKind::kTaiga: return 0.25f;
    case BiomeKind::kDesert: return 2.0f;
    case BiomeKind::kSnowyPlains: return 0.0f;
    case BiomeKind::kSnowyTaiga: return -0.5f;
  }
  return 0.8f;
}

float temperature_at(BiomeKind biome, int y) {
  const float base = biome_temperature(biome);
  const int snow_level = kSeaLevel + 17;
  if (y <= snow_level) return base;
  return base - (static_cast<float>(y) - static_cast<float>(snow_level)) * 0.05f / 40.0f;
}

bool cold_enough_to_snow(BiomeKind biome, int y) { return !(temperature_at(biome, y) >= kSnowTemperature); }

Precipitation precipitation_at(BiomeKind biome, int y) {
  if (biome == BiomeKind::kDesert) return Precipitation::kNone;
  return cold_enough_to_snow(biome, y) ? Precipitation::kSnow : Precipitation::kRain;
}

void tick_precipitation(PrecipitationWorld& world, int x, int z, bool raining, int max_snow_height, Rng& rng) {
  const BlockPos top{x, world.motion_blocking_top(x, z), z};
  const BlockPos below = offset(top, 0, -1, 0);
  const BiomeKind biome = world.biome(top);
  if (should_freeze(world, biome, below)) world.set_block(below, default_state_of("ice"));
  if (!raining) return;
  if (max_snow_height > 0 && should_snow(world, biome, top)) {
    const BlockStateId here = world.block(top);
    if (block_name_of(here) == "snow") {
      const int layers = std::stoi(std::string(state_property(here, "layers")));
      // Entities are not pushed up by the thicker layer (Block.pushEntitiesUp); see the rules page.
      if (layers < std::min(max_snow_height, 8)) world.set_block(top, with_value(here, "layers", std::to_string(layers + 1)));
    } else {
      world.set_block(top, default_state_of("snow"));
    }
  }
  const Precipitation kind = precipitation_at(biome, below.y);
  if (kind != Precipitation::kNone) handle_precipitation(world, below, kind, rng);
}

}  // namespace hz
