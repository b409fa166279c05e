// One search node of the ground pathfinder (vanilla's Node): a block position with the A* scores,
// the node it was reached from, and what the evaluator learned about it (type, malus, closed).
#pragma once

#include <cmath>
#include <cstdlib>

#include "sim/game/pathfinding/path_type.h"

namespace hz {

struct NodePos {
  int x = 0, y = 0, z = 0;
  auto operator<=>(const NodePos&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(x, y, z);
  }
};

// Straight-line distance between block positions in float arithmetic, as vanilla's
// Node.distanceTo computes it (float differences, float square root).
inline float node_distance(const NodePos& a, const NodePos& b) {
  const float dx = static_cast<float>(b.x - a.x), dy = static_cast<float>(b.y - a.y), dz = static_cast<float>(b.z - a.z);
  return std::sqrt(dx * dx + dy * dy + dz * dz);
}

// Node.distanceManhattan, summed in float.
inline float node_manhattan(const NodePos& a, const NodePos& b) {
  const float dx = static_cast<float>(std::abs(b.x - a.x)), dy = static_cast<float>(std::abs(b.y - a.y)),
              dz = static_cast<float>(std::abs(b.z - a.z));
  return dx + dy + dz;
}

struct Node {
  NodePos pos;
  int heap_index = -1;  // place in the open set; -1 when not in it
  float g = 0;          // cost from the start
  float h = 0;          // heuristic (weighted, except for the start)
  float f = 0;          // g + h, the open set's key
  int came_from = -1;   // index of the previous node, -1 for none
  bool closed = false;
  float walked_distance = 0;
  float cost_malus = 0;
  PathType type = PathType::kBlocked;

  bool in_open_set() const { return heap_index >= 0; }
};

}  // namespace hz
