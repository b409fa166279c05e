// Vanilla's PathType: what a block position is to a walking mob (open air, floor, fence, door,
// danger...), in vanilla's declaration order, with each type's default cost malus.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace hz {

// The order is vanilla's ordinal order: sets of types are walked in it (see
// walk_node_evaluator.cpp), so it decides ties.
enum class PathType : uint8_t {
  kBlocked,
  kOpen,
  kWalkable,
  kWalkableDoor,
  kTrapdoor,
  kPowderSnow,
  kOnTopOfPowderSnow,
  kFence,
  kLava,
  kWater,
  kWaterBorder,
  kRail,
  kUnpassableRail,
  kFireInNeighbor,
  kFire,
  kDamagingInNeighbor,
  kDamaging,
  kDoorOpen,
  kDoorWoodClosed,
  kDoorIronClosed,
  kBreach,
  kLeaves,
  kStickyHoney,
  kCocoa,
  kDamageCautious,
  kOnTopOfTrapdoor,
  kBigMobsCloseToDanger,
};

inline constexpr int kPathTypeCount = 27;

// The malus a mob uses unless it overrides it; negative means "never enter".
float default_malus(PathType type);
// Vanilla's enum constant name, e.g. "WALKABLE_DOOR" (for test output and docs).
std::string_view path_type_name(PathType type);

// Per-type maluses of one mob: vanilla's defaults, with Mob.setPathfindingMalus overrides.
class PathMaluses {
 public:
  PathMaluses();
  float operator[](PathType type) const { return values_[static_cast<int>(type)]; }
  void set(PathType type, float malus) { values_[static_cast<int>(type)] = malus; }

 private:
  std::array<float, kPathTypeCount> values_{};
};

}  // namespace hz
