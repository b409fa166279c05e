#include "sim/game/pathfinding/walk_node_evaluator.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "sim/core/java_format.h"
#include "sim/game/movement/world_collisions.h"
#include "sim/game/pathfinding/block_path_types.h"

namespace hz {

namespace {

constexpr double kMinJumpHeight = 1.125;  // vanilla's default mob jump height, (double)1.125F

int step_x(Horizontal d) { return d == Horizontal::kEast ? 1 : d == Horizontal::kWest ? -1 : 0; }
int step_z(Horizontal d) { return d == Horizontal::kSouth ? 1 : d == Horizontal::kNorth ? -1 : 0; }
Horizontal clockwise(Horizontal d) { return static_cast<Horizontal>((static_cast<int>(d) + 1) % 4); }

int64_t pack(int x, int y, int z) {
  return (static_cast<int64_t>(x & 0x3FFFFFF) << 38) | (static_cast<int64_t>(z & 0x3FFFFFF) << 12) |
         static_cast<int64_t>(y & 0xFFF);
}


// Fences and closed doors: a mob standing in one must check that it can leave without bumping.
bool has_partial_collision(PathType t) {
  return t == PathType::kFence || t == PathType::kDoorWoodClosed || t == PathType::kDoorIronClosed;
}

const WorldBorder& default_border() {
  static const WorldBorder border;
  return border;
}

}  // namespace

WalkNodeEvaluator::WalkNodeEvaluator(const BlockSource& world, const PathMob& mob)
    : world_(world),
      mob_(mob),
      box_width_(static_cast<int>(std::floor(mob.width + 1.0f))),
      box_height_(static_cast<int>(std::floor(mob.height + 1.0f))),
      box_depth_(box_width_) {
  const int bx = java_floor(mob.position.x), by = java_floor(mob.position.y), bz = java_floor(mob.position.z);
  standing_type_ = position_path_type(world, bx, by, bz);
  below_standing_type_ = position_path_type(world, bx, by - 1, bz);
}

int WalkNodeEvaluator::node_index(const NodePos& pos) {
  const auto [it, inserted] = node_by_pos_.try_emplace(pack(pos.x, pos.y, pos.z), static_cast<int>(nodes_.size()));
  if (inserted) nodes_.push_back(Node{.pos = pos});
  return it->second;
}

double WalkNodeEvaluator::floor_at(int x, int y, int z) const {
  if (mob_.can_float && is_water(world_.block(x, y, z))) return y + 0.5;
  return floor_level(world_, x, y, z);
}

Aabb WalkNodeEvaluator::mob_box() const {
  const double half = mob_.width / 2.0f;
  const Vec3& p = mob_.position;
  return {p.x - half, p.y, p.z - half, p.x + half, p.y + mob_.height, p.z + half};
}

bool WalkNodeEvaluator::collides(const Aabb& box) const {
  CollisionContext ctx;
  ctx.entity_bottom = mob_.position.y;
  return !no_collision(world_, default_border(), mob_.position, ctx, box);
}

// --- path types ---

PathType WalkNodeEvaluator::mob_path_type(int x, int y, int z) {
  const auto [it, inserted] = type_cache_.try_emplace(pack(x, y, z), PathType::kBlocked);
  if (inserted) it->second = uncached_mob_path_type(x, y, z);
  return it->second;
}

// Doors and rails as this mob sees them.
PathType WalkNodeEvaluator::adjusted_type(PathType type) const {
  if (type == PathType::kDoorWoodClosed && mob_.can_open_doors && mob_.can_pass_doors) return PathType::kWalkableDoor;
  if (type == PathType::kDoorOpen && !mob_.can_pass_doors) return PathType::kBlocked;
  if (type == PathType::kRail && standing_type_ != PathType::kRail && below_standing_type_ != PathType::kRail)
    return PathType::kUnpassableRail;
  return type;
}

// The set of types of the blocks the mob's box covers, as a bit per type (vanilla's EnumSet).
uint32_t WalkNodeEvaluator::types_within_box(int x, int y, int z) {
  uint32_t set = 0;
  for (int dx = 0; dx < box_width_; ++dx)
    for (int dy = 0; dy < box_height_; ++dy)
      for (int dz = 0; dz < box_depth_; ++dz)
        set |= 1u << static_cast<int>(adjusted_type(static_type(x + dx, y + dy, z + dz)));
  return set;
}

PathType WalkNodeEvaluator::static_type(int x, int y, int z) {
  const auto [it, inserted] = static_type_cache_.try_emplace(pack(x, y, z), PathType::kBlocked);
  if (inserted) it->second = position_path_type(world_, x, y, z);
  return it->second;
}

PathType WalkNodeEvaluator::uncached_mob_path_type(int x, int y, int z) {
  const uint32_t set = types_within_box(x, y, z);
  const auto has = [set](PathType t) { return (set >> static_cast<int>(t)) & 1u; };
  if (std::popcount(set) == 1) return static_cast<PathType>(std::countr_zero(set));
  if (has(PathType::kFence)) return PathType::kFence;
  if (has(PathType::kUnpassableRail)) return PathType::kUnpassableRail;
  // The most expensive type wins, a later one on equal malus; any forbidden type wins at once.
  PathType worst = PathType::kBlocked;
  float worst_malus = malus(PathType::kBlocked);
  for (int i = 0; i < kPathTypeCount; ++i) {
    if (!((set >> i) & 1u)) continue;
    const PathType t = static_cast<PathType>(i);
    if (malus(t) < 0.0f) return t;
    if (malus(t) >= worst_malus) worst_malus = malus(t), worst = t;
  }
  const PathType own = static_type(x, y, z);
  if (box_width_ > 1) {
    const bool own_cheaper = malus(own) < worst_malus;
    return own_cheaper && malus(PathType::kBigMobsCloseToDanger) < worst_malus ? PathType::kBigMobsCloseToDanger
                                                                               : worst;
  }
  return own == PathType::kOpen && worst != PathType::kOpen && worst_malus == 0.0f ? PathType::kOpen : worst;
}

// --- the start ---

int WalkNodeEvaluator::start_y() {
  int y = java_floor(mob_.position.y);
  const int bx = java_floor(mob_.position.x), bz = java_floor(mob_.position.z);
  if (mob_.can_float && mob_.in_water) {
    // Up through the water column; the node is the last water block.
    while (is_water(world_.block(bx, y, bz))) ++y;
    return y - 1;
  }
  if (mob_.on_ground) return java_floor(mob_.position.y + 0.5);
  // In the air: down to the first block that is neither air nor passable.
  int at = java_floor(mob_.position.y + 1.0);
  while (at > world_.min_y()) {
    y = at;
    --at;
    const BlockStateId below = world_.block(bx, at, bz);
    if (!is_air(below) && !pathfindable_on_land(below)) break;
  }
  return y;
}

bool WalkNodeEvaluator::can_start_at(int x, int y, int z) {
  const PathType t = mob_path_type(x, y, z);
  return t != PathType::kOpen && malus(t) >= 0.0f;
}

int WalkNodeEvaluator::start_node(int x, int y, int z) {
  const int index = node_index({x, y, z});
  Node& n = nodes_[index];
  n.type = mob_path_type(x, y, z);
  n.cost_malus = malus(n.type);
  return index;
}

int WalkNodeEvaluator::start() {
  const int y = start_y();
  const int bx = java_floor(mob_.position.x), bz = java_floor(mob_.position.z);
  if (!can_start_at(bx, y, bz)) {
    // A mob overhanging an edge may start from the block under one of its box's corners.
    const Aabb box = mob_box();
    const double corners[4][2] = {
        {box.min_x, box.min_z}, {box.min_x, box.max_z}, {box.max_x, box.min_z}, {box.max_x, box.max_z}};
    for (const auto& c : corners)
      if (can_start_at(java_floor(c[0]), y, java_floor(c[1]))) return start_node(java_floor(c[0]), y, java_floor(c[1]));
  }
  return start_node(bx, y, bz);
}

// --- neighbours ---

int WalkNodeEvaluator::neighbours(int current, std::array<int, kMaxNeighbours>& out) {
  const NodePos p = nodes_[current].pos;
  const PathType above = mob_path_type(p.x, p.y + 1, p.z);
  const PathType here = mob_path_type(p.x, p.y, p.z);
  // A mob can jump only with room above its head, and never off honey.
  const int jump = malus(above) >= 0.0f && here != PathType::kStickyHoney
                       ? static_cast<int>(std::floor(std::max(1.0f, mob_.max_up_step)))
                       : 0;
  const double node_floor = floor_at(p.x, p.y, p.z);
  int count = 0;
  std::array<int, 4> cardinal{};
  for (int d = 0; d < 4; ++d) {
    const Horizontal dir = static_cast<Horizontal>(d);
    cardinal[d] = find_accepted(p.x + step_x(dir), p.y, p.z + step_z(dir), jump, node_floor, dir, here);
    if (neighbour_accepted(cardinal[d], nodes_[current])) out[count++] = cardinal[d];
  }
  for (int d = 0; d < 4; ++d) {
    const Horizontal dir = static_cast<Horizontal>(d), second = clockwise(dir);
    if (!diagonal_corners_free(nodes_[current], cardinal[d], cardinal[static_cast<int>(second)])) continue;
    const int diagonal = find_accepted(p.x + step_x(dir) + step_x(second), p.y, p.z + step_z(dir) + step_z(second),
                                       jump, node_floor, dir, here);
    if (diagonal_accepted(diagonal)) out[count++] = diagonal;
  }
  return count;
}

bool WalkNodeEvaluator::neighbour_accepted(int neighbour, const Node& current) const {
  if (neighbour < 0) return false;
  const Node& n = nodes_[neighbour];
  // A node with a forbidden malus is still taken from a node that has one (escaping danger).
  return !n.closed && (n.cost_malus >= 0.0f || current.cost_malus < 0.0f);
}

// Both cardinal neighbours beside the diagonal exist, are not higher than the current node, and
// are passable unless lower; doors never; wide mobs not past costly corners.
bool WalkNodeEvaluator::diagonal_corners_free(const Node& current, int a, int b) const {
  if (a < 0 || b < 0) return false;
  const Node& first = nodes_[a];
  const Node& second = nodes_[b];
  if (second.pos.y > current.pos.y || first.pos.y > current.pos.y) return false;
  if (first.type == PathType::kWalkableDoor || second.type == PathType::kWalkableDoor) return false;
  if (mob_.width > 1.0f && (first.cost_malus > 0.0f || second.cost_malus > 0.0f)) return false;
  const bool between_posts = second.type == PathType::kFence && first.type == PathType::kFence &&
                             static_cast<double>(mob_.width) < 0.5;
  const bool second_ok = second.pos.y < current.pos.y || second.cost_malus >= 0.0f || between_posts;
  const bool first_ok = first.pos.y < current.pos.y || first.cost_malus >= 0.0f || between_posts;
  return second_ok && first_ok;
}

bool WalkNodeEvaluator::diagonal_accepted(int diagonal) const {
  if (diagonal < 0) return false;
  const Node& n = nodes_[diagonal];
  return !n.closed && n.type != PathType::kWalkableDoor && n.cost_malus >= 0.0f;
}

// findAcceptedNode: the node a mob moving from a node with floor `node_floor` ends on when it
// walks into column (x, z) at height y: this position, one a jump higher, or one it falls to.
int WalkNodeEvaluator::find_accepted(int x, int y, int z, int jump, double node_floor, Horizontal dir,
                                     PathType current_type) {
  if (floor_at(x, y, z) - node_floor > std::max(kMinJumpHeight, static_cast<double>(mob_.max_up_step))) return -1;
  const PathType type = mob_path_type(x, y, z);
  const float cost = malus(type);
  int best = cost >= 0.0f ? node_with_cost_at_least(x, y, z, type, cost) : -1;
  if (has_partial_collision(current_type) && best >= 0 && nodes_[best].cost_malus >= 0.0f &&
      !reachable_without_collision(nodes_[best]))
    best = -1;
  if (type == PathType::kWalkable) return best;
  return after_own_type(x, y, z, jump, node_floor, dir, current_type, type, best);
}

// The rest of findAcceptedNode when the position is not plain floor: jump onto what blocks,
// sink through water, fall through air, or keep a fence or door as a closed node.
int WalkNodeEvaluator::after_own_type(int x, int y, int z, int jump, double node_floor, Horizontal dir,
                                      PathType current_type, PathType type, int best) {
  const bool unusable = best < 0 || nodes_[best].cost_malus < 0.0f;
  const bool jumpable = (type != PathType::kFence || mob_.can_walk_over_fences) && type != PathType::kUnpassableRail &&
                        type != PathType::kTrapdoor && type != PathType::kPowderSnow;
  if (unusable && jump > 0 && jumpable) return try_jump_on(x, y, z, jump, node_floor, dir, current_type);
  if (type == PathType::kWater && !mob_.can_float) return first_non_water_below(x, y, z, best);
  if (type == PathType::kOpen) return first_ground_below(x, y, z);
  if (has_partial_collision(type) && best < 0) return closed_node(x, y, z, type);
  return best;
}

int WalkNodeEvaluator::node_with_cost_at_least(int x, int y, int z, PathType type, float cost) {
  const int index = node_index({x, y, z});
  Node& n = nodes_[index];
  n.type = type;
  n.cost_malus = std::max(n.cost_malus, cost);
  return index;
}

int WalkNodeEvaluator::blocked_node(int x, int y, int z) {
  const int index = node_index({x, y, z});
  nodes_[index].type = PathType::kBlocked;
  nodes_[index].cost_malus = -1.0f;
  return index;
}

// A fence or closed door the mob cannot enter: closed so the search never expands it, kept so
// that diagonal checks see it. Its malus is the type's default, not the mob's.
int WalkNodeEvaluator::closed_node(int x, int y, int z, PathType type) {
  const int index = node_index({x, y, z});
  Node& n = nodes_[index];
  n.closed = true;
  n.type = type;
  n.cost_malus = default_malus(type);
  return index;
}

int WalkNodeEvaluator::try_jump_on(int x, int y, int z, int jump, double node_floor, Horizontal dir,
                                   PathType current_type) {
  const int above = find_accepted(x, y + 1, z, jump - 1, node_floor, dir, current_type);
  if (above < 0) return -1;
  if (mob_.width >= 1.0f) return above;
  const Node& n = nodes_[above];
  if (n.type != PathType::kOpen && n.type != PathType::kWalkable) return above;
  // The mob's box, standing on the block it jumps from and as tall as at the landing, must be
  // free: no ceiling over the take-off.
  const double cx = (x - step_x(dir)) + 0.5, cz = (z - step_z(dir)) + 0.5;
  const double half = static_cast<double>(mob_.width) / 2.0;
  const Aabb box{cx - half,
                 floor_at(java_floor(cx), y + 1, java_floor(cz)) + 0.001,
                 cz - half,
                 cx + half,
                 static_cast<double>(mob_.height) + floor_at(n.pos.x, n.pos.y, n.pos.z) - 0.002,
                 cz + half};
  return collides(box) ? -1 : above;
}

int WalkNodeEvaluator::first_non_water_below(int x, int y, int z, int best) {
  for (--y; y > world_.min_y(); --y) {
    const PathType t = mob_path_type(x, y, z);
    if (t != PathType::kWater) return best;
    best = node_with_cost_at_least(x, y, z, t, malus(t));
  }
  return best;
}

// Falling: the first non-open position below, blocked when it is forbidden or lies further down
// than the mob may fall (then the blocked node is the first position past the limit).
int WalkNodeEvaluator::first_ground_below(int x, int y, int z) {
  for (int at = y - 1; at >= world_.min_y(); --at) {
    if (y - at > mob_.max_fall_distance) return blocked_node(x, at, z);
    const PathType t = mob_path_type(x, at, z);
    if (t == PathType::kOpen) continue;
    return malus(t) >= 0.0f ? node_with_cost_at_least(x, at, z, t, malus(t)) : blocked_node(x, at, z);
  }
  return blocked_node(x, y, z);
}

// canReachWithoutCollision: the mob's box swept in equal steps from where it is towards the
// node, in vanilla's odd offsets (half the box's size added to the target corner).
bool WalkNodeEvaluator::reachable_without_collision(const Node& to) const {
  Aabb box = mob_box();
  const double sx = box.max_x - box.min_x, sy = box.max_y - box.min_y, sz = box.max_z - box.min_z;
  Vec3 delta{to.pos.x - mob_.position.x + sx / 2.0, to.pos.y - mob_.position.y + sy / 2.0,
             to.pos.z - mob_.position.z + sz / 2.0};
  const double size = (sx + sy + sz) / 3.0;
  const int steps = static_cast<int>(std::ceil(std::sqrt(length_sqr(delta)) / size));
  const double scale = static_cast<double>(1.0f / static_cast<float>(steps));
  delta = {delta.x * scale, delta.y * scale, delta.z * scale};
  for (int i = 1; i <= steps; ++i) {
    box = box.move(delta);
    if (collides(box)) return false;
  }
  return true;
}

}  // namespace hz
