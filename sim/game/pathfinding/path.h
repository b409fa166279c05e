// The result of a ground path search (vanilla's Path): the nodes from the start to the node
// nearest the target, the target block, and whether the search reached it.
#pragma once

#include <vector>

#include "sim/game/pathfinding/node.h"

namespace hz {

// One step of a path, with what the evaluator found there (navigation reads the type, e.g. to
// decide whether a corner may be cut).
struct PathPoint {
  NodePos pos;
  PathType type = PathType::kBlocked;
  float cost_malus = 0;
  float walked_distance = 0;

  bool operator==(const PathPoint&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(pos, type, cost_malus, walked_distance);
  }
};

struct Path {
  std::vector<PathPoint> points;  // start first; never empty
  NodePos target;                 // the target block this path was made for
  bool reached = false;           // the last point is within reach range of the target
  template <class Io>
  void state_fields(Io& io) {
    io(points, target, reached);
  }

  // Manhattan distance from the last point to the target, in float (Path.distToTarget).
  float distance_to_target() const { return node_manhattan(points.back().pos, target); }
  // The sum of step lengths and the maluses of every point after the start: the search's g.
  float cost() const;
};

}  // namespace hz
