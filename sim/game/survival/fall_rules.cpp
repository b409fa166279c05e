#include "sim/game/survival/fall_rules.h"

#include <cmath>
#include <string_view>

#include "sim/core/java_format.h"

namespace hz {

LandingBlock landing_block_of(BlockStateId state) {
  const std::string_view name = block_info(block_of_state(state)).name;
  if (name == "hay_block") return LandingBlock::kHayBale;
  if (name == "honey_block") return LandingBlock::kHoney;
  if (name == "slime_block") return LandingBlock::kSlime;
  if (name.ends_with("_bed")) return LandingBlock::kBed;
  return LandingBlock::kDefault;
}

FallImpact fall_impact(LandingBlock block, double fall_distance) {
  switch (block) {
    case LandingBlock::kHayBale:
    case LandingBlock::kHoney: return {fall_distance, 0.2f};
    case LandingBlock::kBed: return {fall_distance * 0.5, 1.0f};
    case LandingBlock::kSlime: return {fall_distance, 0.0f};
    default: return {fall_distance, 1.0f};
  }
}

int fall_damage(const FallImpact& impact) {
  const double power = impact.distance + 1.0e-6 - kSafeFallDistance;
  return java_floor(power * static_cast<double>(impact.multiplier) * kFallDamageMultiplier);
}

}  // namespace hz
