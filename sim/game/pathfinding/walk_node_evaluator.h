// Vanilla's WalkNodeEvaluator for one search: the start node, target nodes, and the neighbours of
// a node for a walking mob (step up by a jump, drop down to the max fall distance, diagonals only
// past free corners), with the mob's path type of each position.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "sim/game/movement/aabb.h"
#include "sim/game/movement/block_source.h"
#include "sim/game/pathfinding/node.h"
#include "sim/game/pathfinding/path_mob.h"

namespace hz {

// The four horizontal directions in vanilla's Direction.Plane.HORIZONTAL order.
enum class Horizontal : uint8_t { kNorth, kEast, kSouth, kWest };

class WalkNodeEvaluator {
 public:
  static constexpr int kMaxNeighbours = 8;

  // `world` and `mob` must outlive the evaluator. One evaluator serves one search: nodes keep
  // what the search learned about them.
  WalkNodeEvaluator(const BlockSource& world, const PathMob& mob);

  // The node the mob starts from (getStart).
  int start();
  // The node at a target block position.
  int node_at(const NodePos& pos) { return node_index(pos); }
  // The accepted neighbours of `current`, cardinal directions first, then diagonals.
  int neighbours(int current, std::array<int, kMaxNeighbours>& out);

  Node& node(int index) { return nodes_[index]; }
  std::vector<Node>& nodes() { return nodes_; }

  // The mob's path type of a position (getPathTypeOfMob), cached for the search.
  PathType mob_path_type(int x, int y, int z);

 private:
  int node_index(const NodePos& pos);
  float malus(PathType type) const { return mob_.malus[type]; }
  double floor_at(int x, int y, int z) const;
  PathType uncached_mob_path_type(int x, int y, int z);
  uint32_t types_within_box(int x, int y, int z);
  PathType static_type(int x, int y, int z);
  PathType adjusted_type(PathType type) const;
  bool can_start_at(int x, int y, int z);
  int start_node(int x, int y, int z);
  int start_y();

  int find_accepted(int x, int y, int z, int jump, double node_floor, Horizontal dir, PathType current_type);
  int after_own_type(int x, int y, int z, int jump, double node_floor, Horizontal dir, PathType current_type,
                     PathType type, int best);
  int node_with_cost_at_least(int x, int y, int z, PathType type, float cost);
  int blocked_node(int x, int y, int z);
  int closed_node(int x, int y, int z, PathType type);
  int try_jump_on(int x, int y, int z, int jump, double node_floor, Horizontal dir, PathType current_type);
  int first_non_water_below(int x, int y, int z, int best);
  int first_ground_below(int x, int y, int z);
  bool reachable_without_collision(const Node& to) const;
  bool collides(const Aabb& box) const;
  bool diagonal_corners_free(const Node& current, int a, int b) const;
  bool diagonal_accepted(int diagonal) const;
  bool neighbour_accepted(int neighbour, const Node& current) const;
  Aabb mob_box() const;

  const BlockSource& world_;
  const PathMob& mob_;
  int box_width_, box_height_, box_depth_;  // blocks the mob's box spans (width + 1, floored)
  PathType standing_type_, below_standing_type_;  // at the mob's block position, for rails
  std::vector<Node> nodes_;
  // Looked up only, never walked: the search order comes from the heap and the fixed neighbour
  // order, so these maps cannot reach the result through their iteration order.
  absl::flat_hash_map<int64_t, int> node_by_pos_;
  absl::flat_hash_map<int64_t, PathType> type_cache_;
  // position_path_type of each position read, since neighbouring boxes share most of them.
  absl::flat_hash_map<int64_t, PathType> static_type_cache_;
};

}  // namespace hz
