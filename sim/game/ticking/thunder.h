// Lightning from a thunderstorm (ServerLevel.tickThunder and findLightningTargetAround in 26.1):
// the 1-in-100000 chance per ticking chunk and tick, where the bolt lands, and whether it rains
// there (docs/rules/time-and-weather.md, "Thunder and lightning").
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "sim/core/rng.h"
#include "sim/game/ticking/precipitation.h"

namespace hz {

inline constexpr uint32_t kThunderChance = 100000;

// Level.isRainingAt: it rains, the position sees the sky (sky light 15), nothing motion-blocking
// is above it, and its biome rains there (not snow, not a desert).
bool raining_at(const PrecipitationWorld& world, const BlockPos& pos, bool raining);

// findLightningTargetAround without lightning rods: the top of the column (the block above its
// top motion-blocking block); a living entity within 3 blocks sideways of that column that sees
// the sky, picked with nextInt(count), when there is one; two higher for an empty column.
// `living`: the block positions of living entities (players today), in a fixed order.
BlockPos lightning_target(const PrecipitationWorld& world, const BlockPos& random_pos, const std::vector<BlockPos>& living,
                          Rng& rng);

// ServerLevel.tickThunder for the chunk at (min_x, min_z): where a bolt strikes this tick, if one
// does. Draws nothing unless it rains and thunders; `living` is asked only when a bolt comes.
std::optional<BlockPos> thunder_strike(const PrecipitationWorld& world, int min_x, int min_z, bool raining,
                                       bool thundering, const std::function<std::vector<BlockPos>()>& living, Rng& rng);

}  // namespace hz
