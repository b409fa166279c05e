// Placing and using blocks (docs/rules/placing.md §4-6): the placement-state decisions against
// reference models written here from vanilla's rules (truth tables and small formulas, not the
// implementation's helpers), and scenarios through the core: doors (both halves, opening), slab
// doubling, a button's release after 20 ticks, buckets placing and picking up water.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <tuple>

#include "sim/core/java_format.h"
#include "sim/data/catalog.h"
#include "sim/data/sound_ids.h"
#include "sim/game/blocks/block_ray.h"
#include "sim/game/blocks/placement_states.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/names.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::packet_id_of;
using testing::StreamingServer;
using testing::TestClient;

// CropBlock.canSurvive restated: farmland below and raw brightness 8 or more.
TEST(CropSurvival, CropsNeedFarmlandAndLight) {
  for (const char* crop : {"wheat", "carrots", "potatoes", "beetroots", "torchflower_crop"})
    for (const char* soil : {"farmland", "dirt", "grass_block"})
      for (uint8_t light : {0, 7, 8, 15}) {
        testing::FakeWorld w;
        w.brightness = light;
        w.set_block({0, 64, 0}, default_state_of(soil));
        const bool want = std::string_view(soil) == "farmland" && light >= 8;
        EXPECT_EQ(can_survive(w, default_state_of(crop), {0, 65, 0}), want) << crop << " on " << soil << " at " << int(light);
      }
}

BlockStateId S(std::string_view block, std::initializer_list<std::pair<std::string_view, std::string_view>> props = {}) {
  std::vector<std::pair<std::string_view, std::string_view>> v(props);
  auto state = state_with(block, v);
  EXPECT_TRUE(state.has_value()) << block;
  return state.value_or(0);
}

using testing::name_of;
std::string_view prop(BlockStateId s, std::string_view p) { return state_property(s, p); }

const BlockPos kOrigin{0, 64, 0};

// The four horizontal neighbours in the order north, east, south, west, as offsets.
constexpr int kSide[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
constexpr const char* kSideName[4] = {"north", "east", "south", "west"};

BlockPos side_of(const BlockPos& p, int i) { return BlockPos{p.x + kSide[i][0], p.y, p.z + kSide[i][1]}; }

PlaceContext click_top(const BlockWorld& world, const BlockPos& target, std::string_view item, float yaw = 0,
                       float hit_y = 1.0f) {
  const BlockPos below{target.x, target.y - 1, target.z};
  return make_place_context(world, below, Dir::kUp, Vec3{below.x + 0.5, below.y + hit_y, below.z + 0.5}, yaw, 0,
                            *item_id(item));
}

// --- slabs ---

RC_GTEST_PROP(PlacementStates, SlabHalfFollowsTheFaceAndTheClickHeight, ()) {
  testing::FakeWorld world;
  const int face = *rc::gen::inRange(0, 6);
  const double hit_in_block = *rc::gen::inRange(0, 1001) / 1000.0;
  const bool water = *rc::gen::arbitrary<bool>();
  const BlockPos clicked = kOrigin;
  world.set_block(clicked, S("stone"));
  const BlockPos target = relative(clicked, static_cast<Dir>(face));
  if (water) world.set_block(target, S("water"));
  // The hit point on the clicked face: y inside the target's frame for side faces.
  const double hit_y = face == 0 ? clicked.y : face == 1 ? clicked.y + 1.0 : clicked.y + hit_in_block;
  const PlaceContext ctx =
      make_place_context(world, clicked, static_cast<Dir>(face), Vec3{0.5, hit_y, 0.5}, 0, 0, *item_id("oak_slab"));
  const auto state = placement_state(world, *block_by_name("oak_slab"), ctx);
  RC_ASSERT(state.has_value());
  // Reference: down face -> top; up face -> bottom; sides -> top when above the target's middle.
  const bool top = face == 0 || (face >= 2 && hit_y - target.y > 0.5);
  RC_ASSERT(prop(*state, "type") == (top ? "top" : "bottom"));
  RC_ASSERT(prop(*state, "waterlogged") == (water ? "true" : "false"));
}

TEST(PlacementStates, AMatchingSlabMergesFromTheRightSideOnly) {
  testing::FakeWorld world;
  world.set_block(kOrigin, S("oak_slab", {{"type", "bottom"}}));
  const int32_t slab = *item_id("oak_slab");
  auto ctx_at = [&](Dir face, double hit_y) {
    return make_place_context(world, kOrigin, face, Vec3{0.5, kOrigin.y + hit_y, 0.5}, 0, 0, slab);
  };
  // Bottom slab: the top face, or a side above the middle, replaces it.
  EXPECT_TRUE(ctx_at(Dir::kUp, 0.5).replace_clicked);
  EXPECT_TRUE(ctx_at(Dir::kNorth, 0.75).replace_clicked);
  EXPECT_FALSE(ctx_at(Dir::kNorth, 0.25).replace_clicked);
  EXPECT_FALSE(ctx_at(Dir::kDown, 0.0).replace_clicked);
  auto merged = placement_state(world, *block_by_name("oak_slab"), ctx_at(Dir::kUp, 0.5));
  ASSERT_TRUE(merged.has_value());
  EXPECT_EQ(prop(*merged, "type"), "double");
  // Another slab item does not merge.
  EXPECT_FALSE(make_place_context(world, kOrigin, Dir::kUp, Vec3{0.5, 64.5, 0.5}, 0, 0, *item_id("stone_slab"))
                   .replace_clicked);
  // A top slab merges from below; a double slab never.
  world.set_block(kOrigin, S("oak_slab", {{"type", "top"}}));
  EXPECT_TRUE(ctx_at(Dir::kDown, 0.0).replace_clicked);
  EXPECT_TRUE(ctx_at(Dir::kEast, 0.25).replace_clicked);
  EXPECT_FALSE(ctx_at(Dir::kUp, 1.0).replace_clicked);
  world.set_block(kOrigin, S("oak_slab", {{"type", "double"}}));
  EXPECT_FALSE(ctx_at(Dir::kUp, 1.0).replace_clicked);
  // Slab at the neighbour position: any click face merges into it.
  world.set_block(kOrigin, S("stone"));
  world.set_block({0, 65, 0}, S("oak_slab", {{"type", "top"}}));
  EXPECT_TRUE(can_place(world, ctx_at(Dir::kUp, 1.0)));
}

// --- stairs ---

// Reference: vanilla's stair shape rule written over explicit facings (N, E, S, W as 0..3,
// clockwise): behind is p+F, front is p-F.
struct StairsRef {
  int facing;  // 0 north, 1 east, 2 south, 3 west
  bool top;
};

std::string reference_shape(const std::map<std::pair<int, int>, StairsRef>& stairs, int x, int z) {
  const StairsRef me = stairs.at({x, z});
  const auto at = [&](int i) -> std::optional<StairsRef> {
    auto it = stairs.find({x + kSide[i][0], z + kSide[i][1]});
    if (it == stairs.end()) return std::nullopt;
    return it->second;
  };
  const auto same = [&](std::optional<StairsRef> s) { return s && s->facing == me.facing && s->top == me.top; };
  const int f = me.facing;
  const int ccw = (f + 3) % 4;
  auto behind = at(f);
  if (behind && behind->top == me.top && behind->facing % 2 != f % 2 && !same(at((behind->facing + 2) % 4)))
    return behind->facing == ccw ? "outer_left" : "outer_right";
  auto front = at((f + 2) % 4);
  if (front && front->top == me.top && front->facing % 2 != f % 2 && !same(at(front->facing)))
    return front->facing == ccw ? "inner_left" : "inner_right";
  return "straight";
}

RC_GTEST_PROP(PlacementStates, StairsShapeFollowsTheNeighbouringStairs, ()) {
  testing::FakeWorld world;
  std::map<std::pair<int, int>, StairsRef> stairs;
  // Random stairs on the 8 cells around the target (the rule reads two of them at most).
  for (int x = -1; x <= 1; ++x)
    for (int z = -1; z <= 1; ++z) {
      if ((x == 0 && z == 0) || !*rc::gen::arbitrary<bool>()) continue;
      const StairsRef s{*rc::gen::inRange(0, 4), *rc::gen::arbitrary<bool>()};
      stairs[{x, z}] = s;
      world.set_block({x, 64, z}, S("oak_stairs", {{"facing", kSideName[s.facing]}, {"half", s.top ? "top" : "bottom"}}));
    }
  world.set_block({0, 63, 0}, S("stone"));
  const int facing = *rc::gen::inRange(0, 4);
  const float yaw = 180.0f + 90.0f * facing + *rc::gen::inRange(-44, 45);  // north, east, south, west
  const bool top_click = *rc::gen::arbitrary<bool>();
  // Clicking the top face places a bottom stair; the bottom face of the block above a top one.
  PlaceContext ctx = click_top(world, {0, 64, 0}, "oak_stairs", yaw);
  if (top_click) {
    world.set_block({0, 65, 0}, S("stone"));
    ctx = make_place_context(world, {0, 65, 0}, Dir::kDown, Vec3{0.5, 65.0, 0.5}, yaw, 0, *item_id("oak_stairs"));
  }
  const auto state = placement_state(world, *block_by_name("oak_stairs"), ctx);
  RC_ASSERT(state.has_value());
  stairs[{0, 0}] = StairsRef{facing, top_click};
  RC_ASSERT(prop(*state, "facing") == kSideName[facing]);
  RC_ASSERT(prop(*state, "half") == (top_click ? "top" : "bottom"));
  RC_ASSERT(std::string(prop(*state, "shape")) == reference_shape(stairs, 0, 0));
}

// --- fences, panes, walls ---

// A neighbour and, for each kind of connecting block, whether it joins it (read off vanilla's
// rules: a sturdy side joins unless the block is an exception; fences join fences of their own
// kind and gates across them; panes join panes and walls; walls join walls, panes and gates).
struct NeighbourCase {
  BlockStateId state;
  bool fence;         // an oak fence joins it
  bool nether_fence;  // a nether brick fence joins it
  bool pane;
  bool wall;
};

std::vector<NeighbourCase> neighbour_cases(int side) {
  // A gate joins when it spans across the side: facing east/west for a north/south neighbour.
  const bool ns = side == 0 || side == 2;
  const BlockStateId gate_across = S("oak_fence_gate", {{"facing", ns ? "east" : "north"}});
  const BlockStateId gate_along = S("oak_fence_gate", {{"facing", ns ? "north" : "east"}});
  return {
      {S("air"), false, false, false, false},
      {S("stone"), true, true, true, true},
      {S("glass"), true, true, true, true},
      {S("oak_leaves"), false, false, false, false},
      {S("pumpkin"), false, false, false, false},
      {S("oak_fence"), true, false, false, false},
      {S("nether_brick_fence"), false, true, false, false},
      {gate_across, true, true, false, true},
      {gate_along, false, false, false, false},
      {S("glass_pane"), false, false, true, true},
      {S("iron_bars"), false, false, true, true},
      {S("cobblestone_wall"), false, false, true, true},
      {S("oak_slab", {{"type", "bottom"}}), false, false, false, false},
      {S("oak_slab", {{"type", "double"}}), true, true, true, true},
      {S("torch"), false, false, false, false},
  };
}

RC_GTEST_PROP(PlacementStates, FencesAndPanesConnectByTheVanillaTable, ()) {
  testing::FakeWorld world;
  world.set_block({0, 63, 0}, S("stone"));
  std::array<NeighbourCase, 4> chosen{};
  for (int i = 0; i < 4; ++i) {
    const auto cases = neighbour_cases(i);
    chosen[i] = cases[static_cast<size_t>(*rc::gen::inRange(0, int(cases.size())))];
    world.set_block(side_of({0, 64, 0}, i), chosen[i].state);
  }
  for (std::string_view block : {"oak_fence", "nether_brick_fence", "glass_pane", "iron_bars"}) {
    const auto state = placement_state(world, *block_by_name(block), click_top(world, {0, 64, 0}, block));
    RC_ASSERT(state.has_value());
    for (int i = 0; i < 4; ++i) {
      const bool expected = block == "oak_fence" ? chosen[i].fence
                            : block == "nether_brick_fence" ? chosen[i].nether_fence
                                                            : chosen[i].pane;
      RC_ASSERT(prop(*state, kSideName[i]) == (expected ? "true" : "false"));
    }
  }
}

RC_GTEST_PROP(PlacementStates, WallSidesAndPostFollowTheBlockAbove, ()) {
  testing::FakeWorld world;
  world.set_block({0, 63, 0}, S("stone"));
  std::array<bool, 4> connected{};
  for (int i = 0; i < 4; ++i) {
    const auto cases = neighbour_cases(i);
    const NeighbourCase& c = cases[static_cast<size_t>(*rc::gen::inRange(0, int(cases.size())))];
    connected[i] = c.wall;
    world.set_block(side_of({0, 64, 0}, i), c.state);
  }
  // Above: nothing, a full block (covers every footprint), a bottom slab (covers them too), a
  // torch (no collision), a wall post (covers the post only), or a wall with a post.
  const int above_kind = *rc::gen::inRange(0, 5);
  const BlockStateId above = std::array{S("air"), S("stone"), S("oak_slab", {{"type", "bottom"}}), S("torch"),
                                        S("cobblestone_wall", {{"up", "true"}})}[above_kind];
  world.set_block({0, 65, 0}, above);
  const bool covers_sides = above_kind == 1 || above_kind == 2;
  const bool covers_post = covers_sides || above_kind == 4;
  const auto state = placement_state(world, *block_by_name("cobblestone_wall"), click_top(world, {0, 64, 0}, "cobblestone_wall"));
  RC_ASSERT(state.has_value());
  std::array<std::string, 4> sides;
  for (int i = 0; i < 4; ++i) {
    sides[i] = !connected[i] ? "none" : covers_sides ? "tall" : "low";
    RC_ASSERT(std::string(prop(*state, kSideName[i])) == sides[i]);
  }
  const auto none = [&](int i) { return sides[i] == "none"; };
  bool up;
  if (above_kind == 4) up = true;
  else if (std::all_of(sides.begin(), sides.end(), [](const std::string& s) { return s == "none"; }) ||
           none(0) != none(2) || none(1) != none(3)) up = true;
  else if ((sides[0] == "tall" && sides[2] == "tall") || (sides[1] == "tall" && sides[3] == "tall")) up = false;
  else up = covers_post;
  RC_ASSERT(prop(*state, "up") == (up ? "true" : "false"));
}

// --- doors ---

RC_GTEST_PROP(PlacementStates, DoorHingeFollowsNeighboursThenTheClick, ()) {
  testing::FakeWorld world;
  world.set_block({0, 63, 0}, S("stone"));
  const int facing = *rc::gen::inRange(0, 4);  // 0 north, 1 east, 2 south, 3 west
  const float yaw = 180.0f + 90.0f * facing;
  const int left = (facing + 3) % 4, right = (facing + 1) % 4;
  // Each of the four side cells (left/right, lower/upper) is air, stone or (lower only) a door.
  int balance = 0;
  bool door_left = false, door_right = false;
  for (int side : {left, right}) {
    for (int dy : {0, 1}) {
      const int kind = *rc::gen::inRange(0, dy == 0 ? 3 : 2);
      const BlockPos p{kSide[side][0], 64 + dy, kSide[side][1]};
      if (kind == 1) {
        world.set_block(p, S("stone"));
        balance += side == left ? -1 : 1;
      } else if (kind == 2) {
        world.set_block(p, S("oak_door", {{"half", "lower"}}));
        (side == left ? door_left : door_right) = true;
      }
    }
  }
  const double cx = *rc::gen::inRange(0, 100) / 100.0 + 0.005, cz = *rc::gen::inRange(0, 100) / 100.0 + 0.005;
  const PlaceContext ctx =
      make_place_context(world, {0, 63, 0}, Dir::kUp, Vec3{cx, 64.0, cz}, yaw, 0, *item_id("oak_door"));
  const auto state = placement_state(world, *block_by_name("oak_door"), ctx);
  RC_ASSERT(state.has_value());
  std::string expected;
  if ((door_left && !door_right) || balance > 0) expected = "right";
  else if ((door_right && !door_left) || balance < 0) expected = "left";
  else {
    // Facing north (-z): right when the click is east of the middle; the others by rotation.
    const double along_right = facing == 0 ? cx : facing == 1 ? cz : facing == 2 ? 1 - cx : 1 - cz;
    expected = along_right > 0.5 ? "right" : "left";
  }
  RC_ASSERT(std::string(prop(*state, "hinge")) == expected);
  RC_ASSERT(prop(*state, "facing") == kSideName[facing]);
  RC_ASSERT(prop(*state, "half") == "lower");
}

TEST(PlacementStates, ADoorNeedsRoomAboveAndASturdyFloor) {
  testing::FakeWorld world;
  world.set_block({0, 63, 0}, S("stone"));
  world.set_block({0, 65, 0}, S("stone"));
  EXPECT_FALSE(placement_state(world, *block_by_name("oak_door"), click_top(world, {0, 64, 0}, "oak_door")));
  world.set_block({0, 65, 0}, S("short_grass"));  // replaceable
  auto state = placement_state(world, *block_by_name("oak_door"), click_top(world, {0, 64, 0}, "oak_door"));
  ASSERT_TRUE(state.has_value());
  EXPECT_TRUE(can_survive(world, *state, {0, 64, 0}));
  world.set_block({0, 63, 0}, S("oak_slab", {{"type", "bottom"}}));  // its top face is not at the floor
  EXPECT_FALSE(can_survive(world, *state, {0, 64, 0}));
}

// --- trapdoors, buttons, levers, torches ---

RC_GTEST_PROP(PlacementStates, TrapdoorFacingAndHalf, ()) {
  testing::FakeWorld world;
  world.set_block(kOrigin, S("stone"));
  const int face = *rc::gen::inRange(0, 6);
  const int facing = *rc::gen::inRange(0, 4);
  const float yaw = 180.0f + 90.0f * facing;
  const double in_block = *rc::gen::inRange(1, 1000) / 1000.0;
  const double hit_y = face == 0 ? kOrigin.y : face == 1 ? kOrigin.y + 1.0 : kOrigin.y + in_block;
  const PlaceContext ctx = make_place_context(world, kOrigin, static_cast<Dir>(face), Vec3{0.5, hit_y, 0.5}, yaw, 0,
                                              *item_id("oak_trapdoor"));
  const auto state = placement_state(world, *block_by_name("oak_trapdoor"), ctx);
  RC_ASSERT(state.has_value());
  if (face >= 2) {
    RC_ASSERT(prop(*state, "facing") == dir_name(static_cast<Dir>(face)));
    RC_ASSERT(prop(*state, "half") == (in_block > 0.5 ? "top" : "bottom"));
  } else {
    RC_ASSERT(prop(*state, "facing") == kSideName[(facing + 2) % 4]);  // toward the player
    RC_ASSERT(prop(*state, "half") == (face == 1 ? "bottom" : "top"));
  }
}

// Reference for the look order: the axes sorted by how much of the view vector lies along them,
// each toward the view's sign, then their opposites in reverse order.
std::array<Dir, 6> reference_look_order(float yaw, float pitch) {
  const double ry = yaw * M_PI / 180, rp = pitch * M_PI / 180;
  const double vx = -std::sin(ry) * std::cos(rp), vy = -std::sin(rp), vz = std::cos(ry) * std::cos(rp);
  std::array<std::pair<double, Dir>, 3> axes{{{std::abs(vx), vx > 0 ? Dir::kEast : Dir::kWest},
                                              {std::abs(vy), vy > 0 ? Dir::kUp : Dir::kDown},
                                              {std::abs(vz), vz > 0 ? Dir::kSouth : Dir::kNorth}}};
  std::stable_sort(axes.begin(), axes.end(), [](auto& a, auto& b) { return a.first > b.first; });
  return {axes[0].second, axes[1].second, axes[2].second, opposite(axes[2].second), opposite(axes[1].second),
          opposite(axes[0].second)};
}

RC_GTEST_PROP(PlacementStates, LookOrderSortsTheAxesByTheViewVector, ()) {
  const float yaw = *rc::gen::inRange(-18000, 18000) / 100.0f;
  const float pitch = *rc::gen::inRange(-9000, 9001) / 100.0f;
  const double ry = yaw * M_PI / 180, rp = pitch * M_PI / 180;
  const double m[3] = {std::abs(std::sin(ry) * std::cos(rp)), std::abs(std::sin(rp)), std::abs(std::cos(ry) * std::cos(rp))};
  // Near-ties (and zero components) depend on the sine table's rounding: not part of this model.
  RC_PRE(std::abs(m[0] - m[1]) > 1e-3 && std::abs(m[1] - m[2]) > 1e-3 && std::abs(m[0] - m[2]) > 1e-3);
  RC_PRE(m[0] > 1e-3 && m[1] > 1e-3 && m[2] > 1e-3);
  RC_ASSERT(nearest_looking_directions(yaw, pitch) == reference_look_order(yaw, pitch));
}

RC_GTEST_PROP(PlacementStates, ButtonsAndTorchesTakeTheFirstLookDirectionThatHolds, ()) {
  testing::FakeWorld world;
  // A random set of the six neighbours is stone; the clicked one always is.
  std::array<bool, 6> solid{};
  for (int d = 0; d < 6; ++d) solid[d] = *rc::gen::arbitrary<bool>();
  const int face = *rc::gen::inRange(0, 6);
  const Dir clicked_dir = opposite(static_cast<Dir>(face));  // from the target to the clicked block
  solid[static_cast<int>(clicked_dir)] = true;
  for (int d = 0; d < 6; ++d)
    if (solid[d]) world.set_block(relative(kOrigin, static_cast<Dir>(d)), S("stone"));
  const BlockPos clicked = relative(kOrigin, clicked_dir);
  const float yaw = *rc::gen::inRange(-18000, 18000) / 100.0f;
  const float pitch = *rc::gen::inRange(-9000, 9001) / 100.0f;
  const Step st = step_of(static_cast<Dir>(face));
  const Vec3 hit{clicked.x + 0.5 + 0.5 * st.x, clicked.y + 0.5 + 0.5 * st.y, clicked.z + 0.5 + 0.5 * st.z};
  // Reference order: the look order with the clicked block's direction moved to the front.
  std::array<Dir, 6> order = nearest_looking_directions(yaw, pitch);
  std::vector<Dir> ordered{clicked_dir};
  for (Dir d : order)
    if (d != clicked_dir) ordered.push_back(d);
  const Dir horizontal = horizontal_from_yaw(yaw);

  const auto button = placement_state(world, *block_by_name("stone_button"),
                                      make_place_context(world, clicked, static_cast<Dir>(face), hit, yaw, pitch,
                                                         *item_id("stone_button")));
  RC_ASSERT(button.has_value());  // the clicked block always holds it
  const Dir first = *std::find_if(ordered.begin(), ordered.end(), [&](Dir d) { return solid[static_cast<int>(d)]; });
  const std::string_view face_value = first == Dir::kUp ? "ceiling" : first == Dir::kDown ? "floor" : "wall";
  RC_ASSERT(prop(*button, "face") == face_value);
  RC_ASSERT(prop(*button, "facing") == dir_name(is_horizontal(first) ? opposite(first) : horizontal));

  const auto torch = placement_state(world, *block_by_name("torch"),
                                     make_place_context(world, clicked, static_cast<Dir>(face), hit, yaw, pitch,
                                                        *item_id("torch")));
  // Torches skip up; the wall candidate is the first horizontal direction with support.
  std::optional<Dir> wall;
  for (Dir d : ordered)
    if (is_horizontal(d) && solid[static_cast<int>(d)] && !wall) wall = d;
  std::optional<std::string> expected;
  for (Dir d : ordered) {
    if (d == Dir::kUp) continue;
    if (d == Dir::kDown && solid[0]) { expected = "torch"; break; }
    if (d != Dir::kDown && wall) { expected = "wall_torch"; break; }
  }
  RC_ASSERT(torch.has_value() == expected.has_value());
  if (expected) {
    RC_ASSERT(std::string(name_of(*torch)) == *expected);
    if (*expected == "wall_torch") RC_ASSERT(prop(*torch, "facing") == dir_name(opposite(*wall)));
  }
}

TEST(PlacementStates, StandingTorchesNeedOnlyTheCentreOfTheFaceBelow) {
  testing::FakeWorld world;
  for (auto [below, holds] : {std::pair{S("oak_fence"), true}, std::pair{S("cobblestone_wall", {{"up", "true"}}), true},
                              std::pair{S("oak_slab", {{"type", "bottom"}}), false}, std::pair{S("oak_leaves"), false},
                              std::pair{S("glass"), true}, std::pair{S("air"), false}}) {
    world.set_block({0, 63, 0}, below);
    EXPECT_EQ(can_survive(world, S("torch"), {0, 64, 0}), holds) << name_of(below);
  }
}

TEST(PlacementStates, ReplaceableBlocksAreReplacedUnlessTheyAreTheHeldItem) {
  testing::FakeWorld world;
  world.set_block(kOrigin, S("short_grass"));
  auto ctx = make_place_context(world, kOrigin, Dir::kUp, Vec3{0.5, 65.0, 0.5}, 0, 0, *item_id("stone"));
  EXPECT_TRUE(ctx.replace_clicked);
  EXPECT_EQ(ctx.pos(), kOrigin);
  ctx = make_place_context(world, kOrigin, Dir::kUp, Vec3{0.5, 65.0, 0.5}, 0, 0, *item_id("short_grass"));
  EXPECT_FALSE(ctx.replace_clicked);
  EXPECT_EQ(ctx.pos(), (BlockPos{0, 65, 0}));
}

TEST(PlacementStates, WaterloggedOnlyInSourceWater) {
  testing::FakeWorld world;
  world.set_block({0, 63, 0}, S("stone"));
  for (auto [water, logged] : {std::pair{S("water"), "true"}, std::pair{S("water", {{"level", "3"}}), "false"},
                               std::pair{S("air"), "false"}}) {
    world.set_block({0, 64, 0}, water);
    for (std::string_view block : {"oak_fence", "oak_stairs", "cobblestone_wall", "oak_trapdoor", "glass_pane"}) {
      auto state = placement_state(world, *block_by_name(block), click_top(world, {0, 64, 0}, block));
      ASSERT_TRUE(state.has_value()) << block;
      EXPECT_EQ(prop(*state, "waterlogged"), logged) << block;
    }
  }
}

TEST(PlacementStates, NeighbouringFencesReconnectToANewBlock) {
  testing::FakeWorld world;
  world.set_block({1, 64, 0}, S("oak_fence"));
  world.set_block({0, 64, 0}, S("stone"));
  // The fence east of the stone sees it on its west side.
  auto updated = connection_update(world, world.block_at({1, 64, 0}), {1, 64, 0}, Dir::kWest);
  ASSERT_TRUE(updated.has_value());
  EXPECT_EQ(prop(*updated, "west"), "true");
  EXPECT_FALSE(connection_update(world, *updated, {1, 64, 0}, Dir::kWest).has_value());
}

TEST(BlockRay, AnEmptyBucketStopsAtASourceAFullOnePassesThrough) {
  testing::FakeWorld world;
  world.set_block({0, 63, 2}, S("stone"));
  world.set_block({0, 64, 2}, S("water"));
  const Vec3 eye{0.5, 65.62, 0.5};
  const Vec3 to{0.5, 63.5, 2.5};
  BlockHit hit = clip_blocks(world, eye, to, FluidClip::kSourceOnly);
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(hit.pos, (BlockPos{0, 64, 2}));
  hit = clip_blocks(world, eye, to, FluidClip::kNone);
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(hit.pos, (BlockPos{0, 63, 2}));
  EXPECT_EQ(hit.face, Dir::kUp);
  world.set_block({0, 64, 2}, S("water", {{"level", "2"}}));  // flowing water is not picked up
  hit = clip_blocks(world, eye, to, FluidClip::kSourceOnly);
  EXPECT_EQ(hit.pos, (BlockPos{0, 63, 2}));
}

// --- scenarios through the core ---

struct BuildWorld {
  StreamingServer s;
  TestClient alice{1};
  TestClient bob{2};
  BlockPos below;  // the block under Alice's feet at spawn
  int32_t sequence = 0;

  BuildWorld() : s(3) {
    s.prepare_spawn();
    // Players join exactly at the world spawn, whose column is known to be ground.
    s.pass({ConsoleLine{"gamerule respawn_radius 0"}});
    alice = s.join_loaded(1, "Alice", 3);
    bob = s.join_loaded(2, "Bob", 3);
    for (int i = 0; i < 200 && !(s.world().is_chunk_tracked(1, {0, 0}) && s.world().is_chunk_tracked(2, {0, 0})); ++i)
      s.pass();
    const Vec3 spawn = s.world().spawn_point();
    below = BlockPos{static_cast<int>(std::floor(spawn.x)), static_cast<int>(std::floor(spawn.y)) - 1,
                     static_cast<int>(std::floor(spawn.z))};
    for (auto [conn, client] : {std::pair{ConnId{1}, &alice}, std::pair{ConnId{2}, &bob}}) {
      client->packet(packet::play_sb::TeleportConfirm{s.h.core.sessions().player(conn)->awaiting_teleport_id});
      s.pass({client->take()});
    }
    s.pass({ConsoleLine{"gamemode creative Alice"}});
  }

  Player& player() { return *s.h.core.sessions().player(1); }
  // The sounds (registry ids) a client was sent this pass.
  std::vector<int32_t> heard(const TestClient& client) {
    std::vector<int32_t> out;
    for (const Bytes& body : client.received(s.h.sink))
      if (packet_id_of(body) == packet::play_cb::SoundEffect::kId)
        out.push_back(decode_packet<packet::play_cb::SoundEffect>(body)->sound - 1);
    return out;
  }
  // A stone floor at `below`'s level under `at` with air above, so placements there are clean.
  void clear_column(const BlockPos& ground) {
    ASSERT_TRUE(s.world().set_block(ground, default_state_of("stone")));
    for (int dy = 1; dy <= 3; ++dy) ASSERT_TRUE(s.world().set_block({ground.x, ground.y + dy, ground.z}, default_state_of("air")));
  }
  void hold(std::string_view item, int count = 1) {
    packet::play_sb::SetCreativeSlot set;
    set.slot = kFirstHotbarSlot;
    set.count = count;
    set.item_id = *item_id(item);
    set.components_added = 0;
    set.components_removed = 0;
    alice.packet(set);
    s.pass({alice.take()});
  }
  void use_on(const BlockPos& pos, Dir face, float cx = 0.5f, float cy = 0.5f, float cz = 0.5f) {
    packet::play_sb::BlockPlace use;
    use.location = pos;
    use.direction = static_cast<int32_t>(face);
    use.cursor_x = cx, use.cursor_y = cy, use.cursor_z = cz;
    use.sequence = ++sequence;
    alice.packet(use);
    s.pass({alice.take()});
  }
  void use_item(float yaw, float pitch) {
    alice.packet(packet::play_sb::UseItem{0, ++sequence, yaw, pitch});
    s.pass({alice.take()});
  }
  BlockStateId at(const BlockPos& p) { return s.world().block_at(p); }
  // The states Bob was sent for `pos` this pass.
  std::vector<BlockStateId> bob_saw(const BlockPos& pos) {
    std::vector<BlockStateId> out;
    for (const Bytes& body : bob.received(s.h.sink)) {
      if (packet_id_of(body) == packet::play_cb::BlockChange::kId) {
        auto change = decode_packet<packet::play_cb::BlockChange>(body);
        if (change->location == pos) out.push_back(static_cast<BlockStateId>(change->type));
      } else if (packet_id_of(body) == packet::play_cb::MultiBlockChange::kId) {
        auto multi = decode_packet<packet::play_cb::MultiBlockChange>(body);
        // Section position: x 22 bits << 42, z 22 bits << 20, y 20 bits, each signed.
        const int64_t c = multi->chunk_coordinates;
        const int sx = static_cast<int>(c >> 42), sz = static_cast<int>((c << 22) >> 42), sy = static_cast<int>((c << 44) >> 44);
        for (int64_t r : multi->records) {
          const BlockPos p{sx * 16 + int((r >> 8) & 15), sy * 16 + int(r & 15), sz * 16 + int((r >> 4) & 15)};
          if (p == pos) out.push_back(static_cast<BlockStateId>(r >> 12));
        }
      }
    }
    return out;
  }
};

TEST(UsingBlocksScenario, ADoorIsPlacedWithBothHalvesAndOpensAsOne) {
  BuildWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  w.s.pass();
  w.hold("oak_door");
  w.use_on(ground, Dir::kUp, 0.5f, 1.0f, 0.5f);
  const BlockPos lower{ground.x, ground.y + 1, ground.z}, upper{ground.x, ground.y + 2, ground.z};
  ASSERT_EQ(name_of(w.at(lower)), "oak_door");
  EXPECT_EQ(prop(w.at(lower), "half"), "lower");
  EXPECT_EQ(name_of(w.at(upper)), "oak_door");
  EXPECT_EQ(prop(w.at(upper), "half"), "upper");
  EXPECT_EQ(prop(w.at(lower), "facing"), dir_name(horizontal_from_yaw(w.player().yaw)));
  EXPECT_EQ(prop(w.at(lower), "open"), "false");
  // A click on the upper half (not sneaking) opens the door instead of placing another one.
  w.use_on(upper, Dir::kWest);
  EXPECT_EQ(prop(w.at(lower), "open"), "true");
  EXPECT_EQ(prop(w.at(upper), "open"), "true");
  EXPECT_EQ(w.bob_saw(lower), std::vector<BlockStateId>{w.at(lower)});
  EXPECT_EQ(w.bob_saw(upper), std::vector<BlockStateId>{w.at(upper)});
  // DoorBlock.playSound: the others hear it open, pitched from 0.9 to 1 by the level's random.
  EXPECT_EQ(w.heard(w.bob), std::vector<int32_t>{sound::block_wooden_door_open});
  EXPECT_TRUE(w.heard(w.alice).empty());
  w.use_on(lower, Dir::kWest);
  EXPECT_EQ(prop(w.at(lower), "open"), "false");
  EXPECT_EQ(prop(w.at(upper), "open"), "false");
  EXPECT_EQ(w.heard(w.bob), std::vector<int32_t>{sound::block_wooden_door_close});
}

TEST(UsingBlocksScenario, IronDoorsDoNotOpenByHand) {
  BuildWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  w.clear_column({ground.x - 1, ground.y, ground.z});
  w.s.pass();
  w.hold("iron_door");
  w.use_on(ground, Dir::kUp, 0.5f, 1.0f, 0.5f);
  const BlockPos lower{ground.x, ground.y + 1, ground.z};
  ASSERT_EQ(name_of(w.at(lower)), "iron_door");
  w.hold("stone");
  w.use_on(lower, Dir::kWest);  // falls through to the item: stone goes west of the door
  EXPECT_EQ(prop(w.at(lower), "open"), "false");
  EXPECT_EQ(name_of(w.at({lower.x - 1, lower.y, lower.z})), "stone");
}

TEST(UsingBlocksScenario, ASecondSlabMakesADoubleSlab) {
  BuildWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  w.s.pass();
  w.hold("oak_slab");
  w.use_on(ground, Dir::kUp, 0.5f, 1.0f, 0.5f);
  const BlockPos slab{ground.x, ground.y + 1, ground.z};
  ASSERT_EQ(name_of(w.at(slab)), "oak_slab");
  EXPECT_EQ(prop(w.at(slab), "type"), "bottom");
  w.use_on(slab, Dir::kUp, 0.5f, 0.5f, 0.5f);
  EXPECT_EQ(prop(w.at(slab), "type"), "double");
  EXPECT_EQ(w.bob_saw(slab), std::vector<BlockStateId>{w.at(slab)});
  EXPECT_FALSE(name_of(w.at({slab.x, slab.y + 1, slab.z})) == "oak_slab");
}

TEST(UsingBlocksScenario, AStoneButtonIsReleasedTwentyTicksAfterThePress) {
  BuildWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  w.s.pass();
  w.hold("stone_button");
  w.use_on(ground, Dir::kUp, 0.5f, 1.0f, 0.5f);
  const BlockPos button{ground.x, ground.y + 1, ground.z};
  ASSERT_EQ(name_of(w.at(button)), "stone_button");
  EXPECT_EQ(prop(w.at(button), "face"), "floor");
  w.use_on(button, Dir::kUp, 0.5f, 0.1f, 0.5f);
  ASSERT_EQ(prop(w.at(button), "powered"), "true");
  // The press clicks for the others; the release (a block tick, nobody's) for everyone near.
  EXPECT_EQ(w.heard(w.bob), std::vector<int32_t>{sound::block_stone_button_click_on});
  EXPECT_TRUE(w.heard(w.alice).empty());
  // The press's own tick is the first of the 20; the release goes out in the 20th.
  for (int tick = 2; tick < 20; ++tick) {
    w.s.pass();
    ASSERT_EQ(prop(w.at(button), "powered"), "true") << "tick " << tick;
  }
  w.s.pass();
  EXPECT_EQ(prop(w.at(button), "powered"), "false");
  EXPECT_EQ(w.bob_saw(button), std::vector<BlockStateId>{w.at(button)});
  EXPECT_EQ(w.heard(w.bob), std::vector<int32_t>{sound::block_stone_button_click_off});
  EXPECT_EQ(w.heard(w.alice), std::vector<int32_t>{sound::block_stone_button_click_off});
}

TEST(UsingBlocksScenario, AWoodenButtonStaysPressedThirtyTicksAndAPressedOneConsumesTheClick) {
  BuildWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  w.s.pass();
  w.hold("oak_button");
  w.use_on(ground, Dir::kUp, 0.5f, 1.0f, 0.5f);
  const BlockPos button{ground.x, ground.y + 1, ground.z};
  w.use_on(button, Dir::kUp, 0.5f, 0.1f, 0.5f);
  ASSERT_EQ(prop(w.at(button), "powered"), "true");
  // Clicking it again while pressed changes nothing and places nothing.
  w.use_on(button, Dir::kUp, 0.5f, 0.1f, 0.5f);
  EXPECT_FALSE(name_of(w.at({button.x, button.y + 1, button.z})) == "oak_button");
  for (int tick = 3; tick < 30; ++tick) w.s.pass();
  EXPECT_EQ(prop(w.at(button), "powered"), "true");
  w.s.pass();
  EXPECT_EQ(prop(w.at(button), "powered"), "false");
}

// The angles from Alice's eyes to a point.
std::pair<float, float> look_at(const Vec3& eye, const Vec3& p) {
  const double dx = p.x - eye.x, dy = p.y - eye.y, dz = p.z - eye.z;
  const float yaw = static_cast<float>(std::atan2(-dx, dz) * 180 / M_PI);
  const float pitch = static_cast<float>(-std::atan2(dy, std::sqrt(dx * dx + dz * dz)) * 180 / M_PI);
  return {yaw, pitch};
}

TEST(BucketsScenario, AWaterBucketPlacesASourceAndAnEmptyOneTakesItBack) {
  BuildWorld w;
  w.s.pass({ConsoleLine{"gamemode survival Alice"}});
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  w.clear_column({w.below.x + 1, w.below.y, w.below.z});
  w.s.pass();
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  w.hold("water_bucket");
  w.s.pass({ConsoleLine{"gamemode survival Alice"}});
  const Vec3 pos = w.player().position;
  const Vec3 eye{pos.x, pos.y + 1.62, pos.z};
  auto [yaw, pitch] = look_at(eye, Vec3{ground.x + 0.5, ground.y + 1.0, ground.z + 0.5});
  w.use_item(yaw, pitch);
  const BlockPos water{ground.x, ground.y + 1, ground.z};
  ASSERT_EQ(name_of(w.at(water)), "water");
  EXPECT_EQ(prop(w.at(water), "level"), "0");
  EXPECT_EQ(item_name(w.player().main_hand().item), "bucket");  // survival: the bucket is emptied
  EXPECT_EQ(w.bob_saw(water), std::vector<BlockStateId>{w.at(water)});
  // BucketItem.playEmptySound and the pickup sound through Player.playSound: Bob hears them.
  EXPECT_EQ(w.heard(w.bob), std::vector<int32_t>{sound::item_bucket_empty});
  EXPECT_TRUE(w.heard(w.alice).empty());
  // The empty bucket's ray stops at the source's surface.
  std::tie(yaw, pitch) = look_at(eye, Vec3{ground.x + 0.5, ground.y + 1.5, ground.z + 0.5});
  w.use_item(yaw, pitch);
  EXPECT_TRUE(is_air(w.at(water)));
  EXPECT_EQ(item_name(w.player().main_hand().item), "water_bucket");
  EXPECT_EQ(w.heard(w.bob), std::vector<int32_t>{sound::item_bucket_fill});
  EXPECT_TRUE(w.heard(w.alice).empty());
}

TEST(BucketsScenario, PouredWaterSpreadsAndOthersSeeItFlow) {
  BuildWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  for (const BlockPos& g : {ground, BlockPos{ground.x + 1, ground.y, ground.z}, BlockPos{ground.x - 1, ground.y, ground.z},
                            BlockPos{ground.x, ground.y, ground.z + 1}, BlockPos{ground.x, ground.y, ground.z - 1}})
    w.clear_column(g);
  w.s.pass();
  w.hold("water_bucket");
  const Vec3 pos = w.player().position;
  const Vec3 eye{pos.x, pos.y + 1.62, pos.z};
  auto [yaw, pitch] = look_at(eye, Vec3{ground.x + 0.5, ground.y + 1.0, ground.z + 0.5});
  w.use_item(yaw, pitch);
  const BlockPos water{ground.x, ground.y + 1, ground.z}, east{ground.x + 1, ground.y + 1, ground.z};
  ASSERT_EQ(w.at(water), default_state_of("water"));
  // The source's fluid tick comes 5 game ticks later and sends flowing water (level 1) around.
  const BlockStateId level1 = *state_with("water", std::array{std::pair<std::string_view, std::string_view>{"level", "1"}});
  std::vector<BlockStateId> seen;
  for (int i = 0; i < 8 && seen.empty(); ++i) {
    w.s.pass();
    seen = w.bob_saw(east);
  }
  EXPECT_EQ(seen, std::vector<BlockStateId>{level1});
  EXPECT_EQ(w.at(east), level1);
  EXPECT_EQ(w.at({ground.x, ground.y + 1, ground.z + 1}), level1);
  EXPECT_EQ(w.at({ground.x - 1, ground.y + 1, ground.z}), level1);
}

TEST(BucketsScenario, CreativeKeepsTheEmptyBucketAndWaterlogsASlab) {
  BuildWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  w.clear_column({w.below.x + 1, w.below.y, w.below.z});
  const BlockPos slab{ground.x, ground.y + 1, ground.z};
  ASSERT_TRUE(w.s.world().set_block(slab, S("oak_slab", {{"type", "bottom"}})));
  w.s.pass();
  w.hold("water_bucket");
  const Vec3 pos = w.player().position;
  const Vec3 eye{pos.x, pos.y + 1.62, pos.z};
  auto [yaw, pitch] = look_at(eye, Vec3{slab.x + 0.5, slab.y + 0.5, slab.z + 0.5});
  w.use_item(yaw, pitch);
  EXPECT_EQ(prop(w.at(slab), "waterlogged"), "true");
  EXPECT_EQ(item_name(w.player().main_hand().item), "water_bucket");  // creative keeps it
  w.hold("bucket");
  w.use_item(yaw, pitch);
  EXPECT_EQ(prop(w.at(slab), "waterlogged"), "false");
  EXPECT_EQ(item_name(w.player().main_hand().item), "bucket");
  // ... and the filled bucket went into the inventory because none was there.
  const auto& inv = w.player().inventory;
  EXPECT_TRUE(std::any_of(inv.begin(), inv.end(), [](const ItemStack& s) { return item_name(s.item) == "water_bucket"; }));
}

// CampfireBlock and CandleBlock.placeLiquid: water from a bucket puts them out as it waterlogs them.
TEST(BucketsScenario, WaterPutsOutACampfireAndACandle) {
  for (const char* block : {"campfire", "white_candle"}) {
    BuildWorld w;
    const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
    w.clear_column(ground);
    w.clear_column({w.below.x + 1, w.below.y, w.below.z});
    const BlockPos fire{ground.x, ground.y + 1, ground.z};
    ASSERT_TRUE(w.s.world().set_block(fire, S(block, {{"lit", "true"}})));
    w.s.pass();
    w.hold("water_bucket");
    const Vec3 pos = w.player().position;
    const Vec3 eye{pos.x, pos.y + 1.62, pos.z};
    auto [yaw, pitch] = look_at(eye, Vec3{fire.x + 0.5, fire.y + 0.2, fire.z + 0.5});
    w.use_item(yaw, pitch);
    EXPECT_EQ(prop(w.at(fire), "waterlogged"), "true") << block;
    EXPECT_EQ(prop(w.at(fire), "lit"), "false") << block;
  }
}

TEST(PlacingScenario, ABlockIsNotPlacedIntoAnotherPlayersBoxAndTheClickIsResynced) {
  BuildWorld w;
  w.hold("oak_slab");
  const Player* bob = w.s.h.core.sessions().player(2);
  const BlockPos feet{java_floor(bob->position.x), java_floor(bob->position.y), java_floor(bob->position.z)};
  const BlockPos floor{feet.x, feet.y - 1, feet.z};
  const BlockStateId before = w.at(feet);
  w.use_on(floor, Dir::kUp, 0.5f, 1.0f, 0.5f);
  EXPECT_EQ(w.at(feet), before);
  int resyncs = 0;
  for (const Bytes& body : w.alice.received(w.s.h.sink)) resyncs += packet_id_of(body) == packet::play_cb::BlockChange::kId;
  EXPECT_EQ(resyncs, 2);
}

}  // namespace
}  // namespace hz
