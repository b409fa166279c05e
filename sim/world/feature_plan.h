// What a chunk plants that can reach into its neighbours (its trees), fixed when its caves are
// carved. Neighbours' FEATURES stages read it, so a column keeps it for as long as it lives.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/world/worldgen_blocks.h"

namespace hz {

// One tree a chunk will grow, fixed when its caves are carved. Local trunk position.
struct TreePlacement {
  uint8_t x = 0, z = 0;
  int16_t y = 0;  // world y of the lowest log
  TreeKind kind = TreeKind::kOak;
  uint8_t height = 0;       // logs in the trunk
  uint32_t shape_seed = 0;  // varies the leaves
  bool operator==(const TreePlacement&) const = default;
};

// Everything a chunk places that can reach into its neighbours.
struct FeaturePlan {
  std::vector<TreePlacement> trees;
  bool operator==(const FeaturePlan&) const = default;
};

}  // namespace hz
