#include "sim/game/pathfinding/path_finder.h"

#include <algorithm>
#include <cfloat>
#include <vector>

#include "sim/game/pathfinding/node_heap.h"
#include "sim/game/pathfinding/walk_node_evaluator.h"

namespace hz {

float Path::cost() const {
  float g = 0;
  for (size_t i = 1; i < points.size(); ++i)
    g = g + node_distance(points[i - 1].pos, points[i].pos) + points[i].cost_malus;
  return g;
}

namespace {

// Vanilla's Target: a target block and the node closest to it seen so far.
struct SearchTarget {
  NodePos pos;
  float best_distance = FLT_MAX;
  int best_node = -1;
  bool reached = false;
};

class Search {
 public:
  Search(const BlockSource& world, const PathMob& mob, std::span<const NodePos> targets, const PathSearchLimits& limits)
      : evaluator_(world, mob), open_(evaluator_.nodes()), limits_(limits) {
    start_ = evaluator_.start();
    for (const NodePos& t : targets) {
      evaluator_.node_at(t);  // vanilla creates the target's node before searching
      targets_.push_back({.pos = t});
    }
  }

  std::optional<Path> run();

 private:
  Node& node(int i) { return evaluator_.node(i); }
  float best_heuristic(int node_index);
  bool mark_reached(const Node& current);
  void expand(int current);
  void relax(int current, int neighbour);
  Path reconstruct(const SearchTarget& target, bool reached);
  std::optional<Path> choose_path();

  WalkNodeEvaluator evaluator_;
  NodeHeap open_;
  PathSearchLimits limits_;
  int start_ = -1;
  std::vector<SearchTarget> targets_;
};

// The distance to the nearest target; every target remembers the first node closest to it.
float Search::best_heuristic(int node_index) {
  float best = FLT_MAX;
  for (SearchTarget& t : targets_) {
    const float h = node_distance(node(node_index).pos, t.pos);
    if (h < t.best_distance) t.best_distance = h, t.best_node = node_index;
    best = std::min(h, best);
  }
  return best;
}

bool Search::mark_reached(const Node& current) {
  bool any = false;
  for (SearchTarget& t : targets_) {
    if (node_manhattan(current.pos, t.pos) <= static_cast<float>(limits_.reach_range)) t.reached = true, any = true;
  }
  return any;
}

void Search::relax(int current, int neighbour) {
  Node& from = node(current);
  Node& to = node(neighbour);
  const float step = node_distance(from.pos, to.pos);
  // Written even when the neighbour keeps its old parent, as vanilla does.
  to.walked_distance = from.walked_distance + step;
  const float tentative = from.g + step + to.cost_malus;
  if (!(to.walked_distance < limits_.max_path_length)) return;
  if (to.in_open_set() && !(tentative < to.g)) return;
  to.came_from = current;
  to.g = tentative;
  to.h = best_heuristic(neighbour) * kHeuristicWeight;
  if (to.in_open_set()) {
    open_.change_cost(neighbour, to.g + to.h);
  } else {
    to.f = to.g + to.h;
    open_.insert(neighbour);
  }
}

void Search::expand(int current) {
  if (node_distance(node(current).pos, node(start_).pos) >= limits_.max_path_length) return;
  std::array<int, WalkNodeEvaluator::kMaxNeighbours> neighbours{};
  const int count = evaluator_.neighbours(current, neighbours);
  for (int i = 0; i < count; ++i) relax(current, neighbours[i]);
}

std::optional<Path> Search::run() {
  if (targets_.empty()) return std::nullopt;
  Node& s = node(start_);
  s.g = 0;
  s.h = best_heuristic(start_);
  s.f = s.h;
  open_.insert(start_);
  const int budget = static_cast<int>(static_cast<float>(limits_.max_visited_nodes) * limits_.max_visited_nodes_multiplier);
  int count = 0;
  while (!open_.empty()) {
    if (++count >= budget) break;
    const int current = open_.pop();
    node(current).closed = true;
    if (mark_reached(node(current))) break;
    expand(current);
  }
  return choose_path();
}

Path Search::reconstruct(const SearchTarget& target, bool reached) {
  Path path{.points = {}, .target = target.pos, .reached = reached};
  for (int i = target.best_node; i >= 0; i = node(i).came_from) {
    const Node& n = node(i);
    path.points.push_back({n.pos, n.type, n.cost_malus, n.walked_distance});
  }
  std::reverse(path.points.begin(), path.points.end());
  return path;
}

// Reached targets: the shortest path in nodes. Otherwise the path ending nearest its target
// (Manhattan), then the shortest. Earlier targets win ties.
std::optional<Path> Search::choose_path() {
  const bool any_reached = std::any_of(targets_.begin(), targets_.end(), [](const SearchTarget& t) { return t.reached; });
  std::optional<Path> best;
  for (const SearchTarget& t : targets_) {
    if (any_reached && !t.reached) continue;
    Path candidate = reconstruct(t, any_reached);
    const bool better =
        !best || (any_reached ? candidate.points.size() < best->points.size()
                              : candidate.distance_to_target() < best->distance_to_target() ||
                                    (candidate.distance_to_target() == best->distance_to_target() &&
                                     candidate.points.size() < best->points.size()));
    if (better) best = std::move(candidate);
  }
  return best;
}

}  // namespace

std::optional<Path> find_path(const BlockSource& world, const PathMob& mob, std::span<const NodePos> targets,
                              const PathSearchLimits& limits) {
  Search search(world, mob, targets, limits);
  return search.run();
}

}  // namespace hz
