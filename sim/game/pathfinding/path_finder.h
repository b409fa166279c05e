// Vanilla's PathFinder for walking mobs: A* from the mob's start node over the walk evaluator's
// neighbours, towards one or more target blocks, within a node budget and a walked-distance
// limit; the best partial path when no target is reached.
#pragma once

#include <optional>
#include <span>

#include "sim/game/movement/block_source.h"
#include "sim/game/pathfinding/path.h"
#include "sim/game/pathfinding/path_mob.h"

namespace hz {

struct PathSearchLimits {
  int max_visited_nodes = 560;       // the navigation's budget (follow range * 16, floored)
  float max_visited_nodes_multiplier = 1.0f;
  float max_path_length = 35.0f;     // walked-distance limit (max of follow range and 16)
  int reach_range = 0;               // a target counts as reached within this Manhattan distance
};

// The heuristic weight vanilla gives every node except the start (PathFinder's FUDGING).
inline constexpr float kHeuristicWeight = 1.5f;

// findPath: the path for `mob` (its box, abilities and position) towards `targets`; empty when
// there are no targets. With several targets, ties go to the earlier one in `targets`.
std::optional<Path> find_path(const BlockSource& world, const PathMob& mob, std::span<const NodePos> targets,
                              const PathSearchLimits& limits);

}  // namespace hz
