// The ground pathfinder: block path types, the open set's order, scenarios (walls, steps, drops,
// doors, lava, wide mobs, the node budget) and a property against an independent Dijkstra over
// small random worlds of stone columns, steps, drops and low ceilings.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <queue>
#include <set>
#include <sstream>
#include <vector>

#include "sim/game/pathfinding/block_path_types.h"
#include "sim/game/pathfinding/ground_navigation.h"
#include "sim/game/pathfinding/node_heap.h"
#include "sim/game/pathfinding/path_finder.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/names.h"

namespace hz {
namespace {

using testing::FakeWorld;

using testing::state;

// A zombie-sized mob standing at the centre of block (x, y, z).
PathMob mob_at(int x, int y, int z) {
  PathMob mob;
  mob.position = {x + 0.5, static_cast<double>(y), z + 0.5};
  return mob;
}

// Enough for every scenario here; searches for unreachable targets in the endless test worlds
// stop at the walked-distance limit.
PathSearchLimits roomy_limits() {
  PathSearchLimits limits;
  limits.max_visited_nodes = 4000;
  limits.max_path_length = 64.0f;
  return limits;
}

std::optional<Path> search(const BlockSource& world, const PathMob& mob, NodePos target,
                           PathSearchLimits limits = roomy_limits()) {
  const NodePos targets[] = {target};
  return find_path(world, mob, targets, limits);
}

bool visits(const Path& path, auto&& predicate) {
  return std::any_of(path.points.begin(), path.points.end(), [&](const PathPoint& p) { return predicate(p.pos); });
}

// --- path types ---

TEST(PathTypes, StatesClassifyAsVanillaDoes) {
  EXPECT_EQ(state_path_type(0), PathType::kOpen);
  EXPECT_EQ(state_path_type(default_state_of("stone")), PathType::kBlocked);
  EXPECT_EQ(state_path_type(default_state_of("oak_slab")), PathType::kBlocked);
  EXPECT_EQ(state_path_type(default_state_of("oak_stairs")), PathType::kBlocked);
  EXPECT_EQ(state_path_type(default_state_of("white_carpet")), PathType::kOpen);
  EXPECT_EQ(state_path_type(default_state_of("oak_door")), PathType::kDoorWoodClosed);
  EXPECT_EQ(state_path_type(state("oak_door", {{"open", "true"}})), PathType::kDoorOpen);
  EXPECT_EQ(state_path_type(default_state_of("iron_door")), PathType::kDoorIronClosed);
  EXPECT_EQ(state_path_type(default_state_of("copper_door")), PathType::kDoorWoodClosed);
  EXPECT_EQ(state_path_type(default_state_of("oak_fence")), PathType::kFence);
  EXPECT_EQ(state_path_type(default_state_of("cobblestone_wall")), PathType::kFence);
  EXPECT_EQ(state_path_type(default_state_of("oak_fence_gate")), PathType::kFence);
  EXPECT_EQ(state_path_type(state("oak_fence_gate", {{"open", "true"}})), PathType::kOpen);
  EXPECT_EQ(state_path_type(default_state_of("oak_trapdoor")), PathType::kTrapdoor);
  EXPECT_EQ(state_path_type(default_state_of("lily_pad")), PathType::kTrapdoor);
  EXPECT_EQ(state_path_type(default_state_of("lava")), PathType::kLava);
  EXPECT_EQ(state_path_type(default_state_of("water")), PathType::kWater);
  EXPECT_EQ(state_path_type(default_state_of("fire")), PathType::kFire);
  EXPECT_EQ(state_path_type(default_state_of("magma_block")), PathType::kFire);
  EXPECT_EQ(state_path_type(state("campfire", {{"lit", "true"}})), PathType::kFire);
  EXPECT_EQ(state_path_type(state("campfire", {{"lit", "false"}})), PathType::kBlocked);
  EXPECT_EQ(state_path_type(default_state_of("cactus")), PathType::kDamaging);
  EXPECT_EQ(state_path_type(default_state_of("sweet_berry_bush")), PathType::kDamaging);
  EXPECT_EQ(state_path_type(default_state_of("wither_rose")), PathType::kDamageCautious);
  EXPECT_EQ(state_path_type(default_state_of("honey_block")), PathType::kStickyHoney);
  EXPECT_EQ(state_path_type(default_state_of("powder_snow")), PathType::kPowderSnow);
  EXPECT_EQ(state_path_type(default_state_of("cocoa")), PathType::kCocoa);
  EXPECT_EQ(state_path_type(default_state_of("rail")), PathType::kRail);
  EXPECT_EQ(state_path_type(default_state_of("oak_leaves")), PathType::kLeaves);
  EXPECT_EQ(state_path_type(state("snow", {{"layers", "4"}})), PathType::kOpen);
  EXPECT_EQ(state_path_type(state("snow", {{"layers", "5"}})), PathType::kBlocked);
}

TEST(PathTypes, OpenAirTakesTheMeaningOfWhatIsBelowAndAround) {
  FakeWorld world;
  world.ground(63);
  EXPECT_EQ(position_path_type(world, 0, 64, 0), PathType::kWalkable);
  EXPECT_EQ(position_path_type(world, 0, 65, 0), PathType::kOpen);
  EXPECT_EQ(position_path_type(world, 0, 63, 0), PathType::kBlocked);
  world.set(5, 63, 0, "magma_block");
  EXPECT_EQ(position_path_type(world, 5, 64, 0), PathType::kFire);
  world.set(10, 63, 0, "honey_block");
  EXPECT_EQ(position_path_type(world, 10, 64, 0), PathType::kStickyHoney);
  world.set(20, 64, 0, "cactus");
  EXPECT_EQ(position_path_type(world, 21, 64, 0), PathType::kDamagingInNeighbor);
  EXPECT_EQ(position_path_type(world, 21, 64, 1), PathType::kDamagingInNeighbor);
  // The column straight above or below does not count as a neighbour.
  EXPECT_EQ(position_path_type(world, 20, 65, 0), PathType::kDamaging);
  world.set(30, 63, 0, "lava");
  EXPECT_EQ(position_path_type(world, 31, 64, 0), PathType::kFireInNeighbor);
  world.set(40, 63, 0, "water");
  EXPECT_EQ(position_path_type(world, 41, 64, 0), PathType::kWaterBorder);
}

TEST(PathTypes, FloorLevelIsTheTopOfTheShapeBelow) {
  FakeWorld world;
  world.ground(63);
  EXPECT_EQ(floor_level(world, 0, 64, 0), 64.0);
  world.set(1, 64, 0, "oak_slab");
  EXPECT_EQ(floor_level(world, 1, 65, 0), 64.5);
  EXPECT_EQ(floor_level(world, 2, 70, 0), 69.0);
}

// --- the open set ---

TEST(PathNodeHeap, PopsInOrderOfCostAndRepositionsChangedNodes) {
  std::vector<Node> nodes(6);
  const float costs[] = {5, 3, 8, 3, 1, 7};
  NodeHeap heap(nodes);
  for (int i = 0; i < 6; ++i) {
    nodes[i].f = costs[i];
    heap.insert(i);
  }
  heap.change_cost(2, 0.5f);
  heap.change_cost(4, 9.0f);
  std::vector<int> order;
  while (!heap.empty()) order.push_back(heap.pop());
  // Equal costs 3 (nodes 1 and 3): vanilla's sift rules leave 1 above 3.
  EXPECT_EQ(order, (std::vector<int>{2, 1, 3, 0, 5, 4}));
  for (const Node& n : nodes) EXPECT_FALSE(n.in_open_set());
}

// --- scenarios ---

TEST(PathScenario, WalksAroundAWall) {
  FakeWorld world;
  world.ground(63);
  for (int z = -3; z <= 3; ++z) {
    world.set(2, 64, z, "stone");
    world.set(2, 65, z, "stone");
  }
  const auto path = search(world, mob_at(0, 64, 0), {4, 64, 0});
  ASSERT_TRUE(path);
  EXPECT_TRUE(path->reached);
  EXPECT_EQ(path->points.front().pos, (NodePos{0, 64, 0}));
  EXPECT_EQ(path->points.back().pos, (NodePos{4, 64, 0}));
  EXPECT_FALSE(visits(*path, [](NodePos p) { return p.x == 2 && std::abs(p.z) <= 3; }));
  EXPECT_TRUE(visits(*path, [](NodePos p) { return std::abs(p.z) >= 4; }));
  for (const PathPoint& p : path->points) EXPECT_EQ(p.pos.y, 64);
}

TEST(PathScenario, StepsUpOneBlockButNotTwo) {
  FakeWorld world;
  world.ground(63);
  for (int x = 2; x <= 8; ++x)
    for (int z = -40; z <= 40; ++z) world.set(x, 64, z, "stone");
  const auto up = search(world, mob_at(0, 64, 0), {4, 65, 0});
  ASSERT_TRUE(up);
  EXPECT_TRUE(up->reached);
  EXPECT_EQ(up->points.size(), 5u);  // straight: (0..4), the step at x = 2
  EXPECT_EQ(up->points[2].pos, (NodePos{2, 65, 0}));

  for (int x = 2; x <= 8; ++x)
    for (int z = -40; z <= 40; ++z) world.set(x, 65, z, "stone");
  const auto too_high = search(world, mob_at(0, 64, 0), {4, 66, 0});
  ASSERT_TRUE(too_high);
  EXPECT_FALSE(too_high->reached);
  EXPECT_FALSE(visits(*too_high, [](NodePos p) { return p.y > 64; }));
  // The best partial path ends at the foot of the wall, nearest the target.
  EXPECT_EQ(too_high->points.back().pos, (NodePos{1, 64, 0}));
}

// A corridor one block wide along x at z = 0, walled four high, one block higher from x = 2 on.
FakeWorld corridor_with_step() {
  FakeWorld world;
  world.ground(63);
  for (int x = -3; x <= 6; ++x)
    for (int y = 64; y <= 67; ++y) {
      world.set(x, y, -1, "stone");
      world.set(x, y, 1, "stone");
      if (x == -3) world.set(x, y, 0, "stone");
    }
  for (int x = 2; x <= 6; ++x) world.set(x, 64, 0, "stone");
  return world;
}

TEST(PathScenario, NoJumpUnderALowCeiling) {
  FakeWorld world = corridor_with_step();
  EXPECT_TRUE(search(world, mob_at(0, 64, 0), {3, 65, 0})->reached);
  world.set(1, 66, 0, "stone");  // over the take-off block: no room to jump
  const auto path = search(world, mob_at(0, 64, 0), {3, 65, 0});
  ASSERT_TRUE(path);
  EXPECT_FALSE(path->reached);
  EXPECT_EQ(path->points.back().pos, (NodePos{1, 64, 0}));
}

PathMob on_pillar(FakeWorld& world, int height) {
  world.ground(63);
  for (int x = -1; x <= 1; ++x)
    for (int z = -1; z <= 1; ++z)
      for (int y = 64; y < 64 + height; ++y) world.set(x, y, z, "stone");
  return mob_at(0, 64 + height, 0);
}

TEST(PathScenario, DropsAtMostTheMaxFallDistance) {
  FakeWorld low;
  const auto down3 = search(low, on_pillar(low, 3), {5, 64, 0});
  ASSERT_TRUE(down3);
  EXPECT_TRUE(down3->reached);

  FakeWorld high;
  const auto down4 = search(high, on_pillar(high, 4), {5, 64, 0});
  ASSERT_TRUE(down4);
  EXPECT_FALSE(down4->reached);
  EXPECT_FALSE(visits(*down4, [](NodePos p) { return p.y < 68; }));

  FakeWorld brave;
  PathMob jumper = on_pillar(brave, 4);
  jumper.max_fall_distance = 4;
  const auto allowed = search(brave, jumper, {5, 64, 0});
  ASSERT_TRUE(allowed);
  EXPECT_TRUE(allowed->reached);
}

// A 3x3 room walled three blocks high, with a door in the east wall at (2, 64, 0).
FakeWorld room_with_door(std::string_view door, bool open) {
  FakeWorld world;
  world.ground(63);
  for (int a = -2; a <= 2; ++a)
    for (int y = 64; y <= 66; ++y) {
      world.set(a, y, -2, "stone");
      world.set(a, y, 2, "stone");
      world.set(-2, y, a, "stone");
      world.set(2, y, a, "stone");
    }
  const std::string_view open_value = open ? "true" : "false";
  world.set(2, 64, 0, state(door, {{"facing", "east"}, {"half", "lower"}, {"open", open_value}}));
  world.set(2, 65, 0, state(door, {{"facing", "east"}, {"half", "upper"}, {"open", open_value}}));
  return world;
}

TEST(PathScenario, DoorsOpenClosedAndIron) {
  const NodePos outside{6, 64, 0};
  {
    const FakeWorld world = room_with_door("oak_door", true);
    const auto path = search(world, mob_at(0, 64, 0), outside);
    ASSERT_TRUE(path);
    EXPECT_TRUE(path->reached);
    EXPECT_TRUE(visits(*path, [](NodePos p) { return p == NodePos{2, 64, 0}; }));
    PathMob no_doors = mob_at(0, 64, 0);
    no_doors.can_pass_doors = false;
    EXPECT_FALSE(search(world, no_doors, outside)->reached);
  }
  {
    const FakeWorld world = room_with_door("oak_door", false);
    EXPECT_FALSE(search(world, mob_at(0, 64, 0), outside)->reached);
    PathMob opener = mob_at(0, 64, 0);
    opener.can_open_doors = true;
    const auto path = search(world, opener, outside);
    ASSERT_TRUE(path);
    EXPECT_TRUE(path->reached);
    const auto door = std::find_if(path->points.begin(), path->points.end(),
                                   [](const PathPoint& p) { return p.pos == NodePos{2, 64, 0}; });
    ASSERT_NE(door, path->points.end());
    EXPECT_EQ(door->type, PathType::kWalkableDoor);
  }
  {
    const FakeWorld world = room_with_door("iron_door", false);
    PathMob opener = mob_at(0, 64, 0);
    opener.can_open_doors = true;
    EXPECT_FALSE(search(world, opener, outside)->reached);
  }
}

TEST(PathScenario, NeverStepsIntoOrOverLava) {
  FakeWorld world;
  world.ground(63);
  for (int z = -100; z <= 100; ++z)
    if (z != 6) world.set(2, 63, z, "lava");  // a lava trench with a stone bridge at z = 6
  const auto path = search(world, mob_at(0, 64, 0), {4, 64, 0});
  ASSERT_TRUE(path);
  EXPECT_TRUE(path->reached);
  EXPECT_TRUE(visits(*path, [](NodePos p) { return p == NodePos{2, 64, 6}; }));
  for (const PathPoint& p : path->points) {
    EXPECT_NE(world.block(p.pos.x, p.pos.y, p.pos.z), default_state_of("lava"));
    EXPECT_NE(world.block(p.pos.x, p.pos.y - 1, p.pos.z), default_state_of("lava"));
    EXPECT_GE(p.cost_malus, 0.0f);
  }

  world.set(2, 63, 6, "lava");  // no bridge: the trench cannot be crossed
  EXPECT_FALSE(search(world, mob_at(0, 64, 0), {4, 64, 0})->reached);
}

TEST(PathScenario, AWideMobDoesNotFitThroughAOneBlockGap) {
  FakeWorld world;
  world.ground(63);
  for (int z = -60; z <= 60; ++z)
    if (z != 0)
      for (int y = 64; y <= 66; ++y) world.set(3, y, z, "stone");
  EXPECT_TRUE(search(world, mob_at(0, 64, 0), {6, 64, 0})->reached);
  PathMob spider = mob_at(0, 64, 0);
  spider.width = 1.4f;
  spider.height = 0.9f;
  EXPECT_FALSE(search(world, spider, {6, 64, 0})->reached);
}

TEST(PathScenario, TheNodeBudgetGivesAPartialPathTowardsTheTarget) {
  FakeWorld world;
  world.ground(63);
  PathSearchLimits limits = roomy_limits();
  limits.max_visited_nodes = 12;
  const NodePos target{30, 64, 0};
  const auto path = search(world, mob_at(0, 64, 0), target, limits);
  ASSERT_TRUE(path);
  EXPECT_FALSE(path->reached);
  EXPECT_GT(path->points.size(), 1u);
  EXPECT_LT(path->distance_to_target(), node_manhattan({0, 64, 0}, target));
  // Twice the budget gets further.
  limits.max_visited_nodes = 24;
  const auto longer = search(world, mob_at(0, 64, 0), target, limits);
  EXPECT_LT(longer->distance_to_target(), path->distance_to_target());
  // The walked-distance limit stops a roomy budget too.
  limits = ground_navigation_limits(16.0f, 0);
  EXPECT_EQ(limits.max_visited_nodes, 256);
  const auto limited = search(world, mob_at(0, 64, 0), target, limits);
  EXPECT_FALSE(limited->reached);
  EXPECT_LT(limited->points.back().walked_distance, 16.0f);
}

TEST(PathScenario, ReachRangeAndTheNearestOfSeveralTargets) {
  FakeWorld world;
  world.ground(63);
  PathSearchLimits limits = roomy_limits();
  limits.reach_range = 2;
  const auto near = search(world, mob_at(0, 64, 0), {6, 64, 0}, limits);
  ASSERT_TRUE(near && near->reached);
  EXPECT_EQ(near->points.back().pos, (NodePos{4, 64, 0}));

  const NodePos targets[] = {{0, 64, 9}, {-5, 64, 0}};
  const auto path = find_path(world, mob_at(0, 64, 0), targets, roomy_limits());
  ASSERT_TRUE(path && path->reached);
  EXPECT_EQ(path->target, (NodePos{-5, 64, 0}));
  EXPECT_EQ(path->points.size(), 6u);
}

TEST(PathScenario, SearchRegionHidesBlocksOutsideItsChunks) {
  FakeWorld world;
  world.ground(63);
  const SearchRegion region(world, {0, 64, 0}, search_region_radius(16.0f, kBlockTargetRadiusOffset));
  EXPECT_EQ(region.block(20, 63, 0), default_state_of("stone"));  // chunk 1 is within 24 blocks
  EXPECT_EQ(region.block(40, 63, 0), 0);                          // chunk 2 is not
  EXPECT_FALSE(region.is_chunk_loaded(2, 0));
}

// --- the property: an independent model of the same moves ---

// A small world of stone: a floor at y = 0, columns of ground 1..4 high, walls too high to climb,
// and low ceilings over some low columns; outside the grid everything is wall.
struct GridWorld final : BlockSource {
  static constexpr int kSize = 9, kHeight = 12;
  std::vector<uint8_t> solid = std::vector<uint8_t>(kSize * kSize * kHeight, 0);

  bool is_solid(int x, int y, int z) const {
    if (y < 0 || y >= kHeight) return false;
    if (x < 0 || z < 0 || x >= kSize || z >= kSize) return y < 9;
    return solid[(x * kSize + z) * kHeight + y] != 0;
  }
  BlockStateId block(int x, int y, int z) const override {
    static const BlockStateId stone = default_state_of("stone");
    return is_solid(x, y, z) ? stone : BlockStateId{0};
  }
  bool is_chunk_loaded(int, int) const override { return true; }
  int min_y() const override { return 0; }
};

// The model's rules for a 0.6 x 1.95 mob (one block wide, two high, step 1, fall 3) in a world of
// full blocks, written from the rules page rather than from the evaluator's code.
struct PathModel {
  const GridWorld& w;

  bool clear(int x, int y, int z) const { return !w.is_solid(x, y, z) && !w.is_solid(x, y + 1, z); }
  bool stands(int x, int y, int z) const { return clear(x, y, z) && w.is_solid(x, y - 1, z); }
  // The take-off column of a jump to height y + 1: air from its floor up to y + 2.
  bool room_to_jump(int x, int y, int z) const {
    for (int c = w.is_solid(x, y, z) ? y + 1 : y; c <= y + 2; ++c)
      if (w.is_solid(x, c, z)) return false;
    return true;
  }

  struct Result {
    int y;
    bool usable;
  };
  // Where a mob at height y ends moving into column (x, z); `takeoff` is the column a jump
  // starts from.
  std::optional<Result> enter(int x, int y, int z, bool can_jump, int tx, int tz) const {
    if (stands(x, y, z)) return Result{y, true};
    if (clear(x, y, z)) {
      for (int d = 1;; ++d) {
        if (d > 3) return Result{y - d, false};
        if (stands(x, y - d, z)) return Result{y - d, true};
      }
    }
    if (can_jump && stands(x, y + 1, z) && room_to_jump(tx, y, tz)) return Result{y + 1, true};
    return std::nullopt;
  }

  std::vector<NodePos> moves(const NodePos& p) const {
    static constexpr int kDx[4] = {0, 1, 0, -1}, kDz[4] = {-1, 0, 1, 0};  // north, east, south, west
    const bool can_jump = !w.is_solid(p.x, p.y + 1, p.z) && !w.is_solid(p.x, p.y + 2, p.z);
    std::vector<NodePos> out;
    std::optional<Result> side[4];
    for (int d = 0; d < 4; ++d) {
      side[d] = enter(p.x + kDx[d], p.y, p.z + kDz[d], can_jump, p.x, p.z);
      if (side[d] && side[d]->usable) out.push_back({p.x + kDx[d], side[d]->y, p.z + kDz[d]});
    }
    for (int d = 0; d < 4; ++d) {
      const int e = (d + 1) % 4;
      const auto& a = side[d];
      const auto& b = side[e];
      if (!a || !b || a->y > p.y || b->y > p.y) continue;
      if (!(a->y < p.y || a->usable) || !(b->y < p.y || b->usable)) continue;
      const int x = p.x + kDx[d] + kDx[e], z = p.z + kDz[d] + kDz[e];
      const auto corner = enter(x, p.y, z, can_jump, x - kDx[d], z - kDz[d]);
      if (corner && corner->usable) out.push_back({x, corner->y, z});
    }
    return out;
  }

  // Least total step length from `from` to every node it reaches.
  std::map<NodePos, double> dijkstra(const NodePos& from) const {
    std::map<NodePos, double> best{{from, 0.0}};
    using Item = std::pair<double, NodePos>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    queue.push({0.0, from});
    while (!queue.empty()) {
      const auto [cost, p] = queue.top();
      queue.pop();
      if (cost > best[p]) continue;
      for (const NodePos& q : moves(p)) {
        const double dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
        const double next = cost + std::sqrt(dx * dx + dy * dy + dz * dz);
        auto it = best.find(q);
        if (it == best.end() || next < it->second) {
          best[q] = next;
          queue.push({next, q});
        }
      }
    }
    return best;
  }
};

int ground_height(const GridWorld& w, int x, int z) {
  int h = 0;
  while (w.is_solid(x, h, z)) ++h;
  return h;
}

GridWorld gen_world() {
  GridWorld w;
  for (int x = 0; x < GridWorld::kSize; ++x)
    for (int z = 0; z < GridWorld::kSize; ++z) {
      const int kind = *rc::gen::inRange(0, 10);
      const int h = kind >= 7 ? 9 : *rc::gen::inRange(1, 5);  // small cases shrink towards flat ground
      for (int y = 0; y < h; ++y) w.solid[(x * GridWorld::kSize + z) * GridWorld::kHeight + y] = 1;
      // A ceiling over ground 1: a two-high tunnel one can stand on from height 3.
      if (h == 1 && kind == 6) w.solid[(x * GridWorld::kSize + z) * GridWorld::kHeight + 3] = 1;
    }
  return w;
}

std::string describe(const GridWorld& w) {
  std::ostringstream out;
  for (int z = 0; z < GridWorld::kSize; ++z) {
    for (int x = 0; x < GridWorld::kSize; ++x) {
      const int h = ground_height(w, x, z);
      out << (h >= 9 ? '#' : static_cast<char>('0' + h)) << (w.is_solid(x, 3, z) && h == 1 ? '^' : ' ');
    }
    out << "\n";
  }
  return out.str();
}

std::vector<NodePos> standing_spots(const GridWorld& w) {
  std::vector<NodePos> out;
  const PathModel model{w};
  for (int x = 0; x < GridWorld::kSize; ++x)
    for (int z = 0; z < GridWorld::kSize; ++z)
      for (int y = 1; y <= 5; ++y)  // not on the walls: the plane outside the grid is endless
        if (model.stands(x, y, z)) out.push_back({x, y, z});
  return out;
}

RC_GTEST_PROP(PathModel, FindsAPathExactlyWhenTheModelDoesWithLegalStepsAndBoundedCost, ()) {
  const GridWorld world = gen_world();
  const std::vector<NodePos> spots = standing_spots(world);
  RC_PRE(spots.size() >= 2u);
  const NodePos from = *rc::gen::elementOf(spots);
  const NodePos to = *rc::gen::elementOf(spots);
  RC_LOG() << describe(world) << "from " << from.x << "," << from.y << "," << from.z << " to " << to.x << ","
           << to.y << "," << to.z << "\n";

  const PathModel model{world};
  const auto costs = model.dijkstra(from);
  const auto optimal = costs.find(to);
  const auto path = search(world, mob_at(from.x, from.y, from.z), to);
  RC_ASSERT(path.has_value());
  RC_CLASSIFY(optimal != costs.end(), "reachable");
  RC_ASSERT(path->reached == (optimal != costs.end()));
  RC_ASSERT(path->points.front().pos == from);
  for (size_t i = 1; i < path->points.size(); ++i) {
    const auto legal = model.moves(path->points[i - 1].pos);
    RC_ASSERT(std::find(legal.begin(), legal.end(), path->points[i].pos) != legal.end());
  }
  if (!path->reached) return;
  RC_ASSERT(path->points.back().pos == to);
  // The heuristic is weighted 1.5, so the path may be longer than the best, by at most that.
  const double cost = path->cost();
  RC_ASSERT(cost >= optimal->second - 1e-3);
  RC_ASSERT(cost <= optimal->second * kHeuristicWeight + 1e-3);
}

}  // namespace
}  // namespace hz
