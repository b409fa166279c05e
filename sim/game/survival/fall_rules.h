// Vanilla's fall damage as pure functions (docs/rules/health.md §4): what the block landed on does
// to the fall (Block.fallOn and its overrides) and the damage a fall deals (calculateFallDamage).
#pragma once

#include <cstdint>

#include "sim/data/blocks.h"

namespace hz {

// Blocks whose fallOn differs from the default.
enum class LandingBlock : uint8_t { kDefault, kHayBale, kHoney, kBed, kSlime };

LandingBlock landing_block_of(BlockStateId state);

// The distance and multiplier a landing passes to causeFallDamage.
struct FallImpact {
  double distance = 0.0;
  float multiplier = 1.0f;
};

// Block.fallOn: hay and honey take 20 %, beds halve the distance, slime cancels the damage (26.1's
// SlimeBlock calls causeFallDamage with multiplier 0, or not at all for a sneaking player).
FallImpact fall_impact(LandingBlock block, double fall_distance);

// The player attributes that shape fall damage, at their defaults.
inline constexpr double kSafeFallDistance = 3.0;      // safe_fall_distance
inline constexpr double kFallDamageMultiplier = 1.0;  // fall_damage_multiplier

// LivingEntity.calculateFallDamage: floor((distance + 1e-6 - safe) * multiplier * attribute).
int fall_damage(const FallImpact& impact);

}  // namespace hz
