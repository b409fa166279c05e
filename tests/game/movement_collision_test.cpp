// Collision replay against the worked examples of the entity-move-collision rules, block shape
// coordinate lists, per-column offsets and context-dependent shapes.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/game/movement/block_shapes.h"
#include "sim/game/movement/entity_move.h"
#include "sim/game/movement/player_physics.h"
#include "tests/game/movement_fake_world.h"

namespace hz {
namespace {

using testing::FakeWorld;

BlockStateId slab(std::string_view type) {
  std::pair<std::string_view, std::string_view> props[] = {{"type", type}, {"waterlogged", "false"}};
  return *state_with("oak_slab", props);
}

struct Scene {
  FakeWorld world;
  WorldBorder border;
  PlayerBody body;
  MoveWorld move_world() const { return MoveWorld{world, border}; }

  Scene() {
    world.floor(-3, 3, -3, 3, 63);
    body.set_position({0.5, 64.0, 0.5});
    body.on_ground = true;
  }
};

TEST(MovementCollision, PlayerBoxUsesFloatSizes) {
  PlayerBody b;
  b.set_position({0.5, 64.0, 0.5});
  EXPECT_EQ(b.box.min_x, 0.19999998807907104);
  EXPECT_EQ(b.box.max_x, 0.800000011920929);
  EXPECT_EQ(b.box.max_y, 65.79999995231628);
}

TEST(MovementCollision, WallClipsToItsFace) {
  Scene s;
  s.world.set(1, 64, 0, "stone");
  s.world.set(1, 65, 0, "stone");
  Vec3 m = move_player(s.body, MoverType::kPlayer, {0.3, 0.0, 0.0}, s.move_world());
  EXPECT_EQ(m.x, 0.19999998807907104);
  EXPECT_EQ(s.body.position.x, 0.699999988079071);
  EXPECT_EQ(s.body.box.max_x, 1.0);
  EXPECT_TRUE(s.body.horizontal_collision);

  Scene t;
  t.world.set(1, 64, 0, "stone");
  t.world.set(1, 65, 0, "stone");
  m = move_player(t.body, MoverType::kPlayer, {0.3, -0.0784000015258789, 0.0}, t.move_world());
  EXPECT_EQ(m.x, 0.19999998807907104);
  EXPECT_EQ(m.y, 0.0);
}

TEST(MovementCollision, SlabIsSteppedUp) {
  Scene s;
  s.world.set(1, 64, 0, slab("bottom"));
  Vec3 m = move_player(s.body, MoverType::kPlayer, {0.3, -0.0784000015258789, 0.0}, s.move_world());
  EXPECT_EQ(m.x, 0.3);
  EXPECT_EQ(m.y, 0.5);
  EXPECT_EQ(s.body.position.y, 64.5);
}

TEST(MovementCollision, FullBlockLedgeIsNotStepped) {
  Scene s;
  s.world.set(1, 64, 0, "stone");
  Vec3 m = move_player(s.body, MoverType::kPlayer, {0.3, 0.0, 0.0}, s.move_world());
  EXPECT_EQ(m.x, 0.19999998807907104);
  EXPECT_EQ(m.y, 0.0);
}

TEST(MovementCollision, SneakingBacksOffTheEdgeInSteps) {
  FakeWorld world;
  WorldBorder border;
  world.set(0, 63, 0, "stone");
  PlayerBody body;
  body.set_position({1.1, 64.0, 0.5});
  body.on_ground = true;
  body.shift_key_down = true;
  MoveWorld w{world, border};
  Vec3 d = back_off_from_edge(body, {0.3, 0.0, 0.0}, w);
  EXPECT_EQ(d.x, 0.15000000000000002);
  move_player(body, MoverType::kPlayer, {0.3, 0.0, 0.0}, w);
  EXPECT_EQ(body.position.x, 1.25);
  d = back_off_from_edge(body, {0.3, 0.0, 0.0}, w);
  EXPECT_EQ(d.x, 1.3877787807814457e-17);
  move_player(body, MoverType::kPlayer, {0.3, 0.0, 0.0}, w);
  EXPECT_EQ(body.position.x, 1.25);
}

TEST(MovementCollision, TinyLeftoverAfterAClipIsDropped) {
  Scene s;
  s.world.set(1, 64, 0, "stone");
  s.world.set(1, 65, 0, "stone");
  s.body.set_position({0.699999988079071, 64.0, 0.5});
  Vec3 m = move_player(s.body, MoverType::kPlayer, {0.3, 0.0, 0.0001}, s.move_world());
  EXPECT_EQ(m.x, 0.0);
  EXPECT_EQ(m.z, 0.0001);
  EXPECT_EQ(s.body.position.z, 0.5);
}

TEST(MovementCollision, GridShapesCarryEveryGridCoordinate) {
  const VoxelShape* bottom = block_collision_shape(slab("bottom"), 0, 0, 0, {});
  ASSERT_NE(bottom, nullptr);
  auto ys = bottom->coords(Axis::kY);
  ASSERT_EQ(ys.size(), 3u);
  EXPECT_EQ(ys[0], 0.0);
  EXPECT_EQ(ys[1], 0.5);
  EXPECT_EQ(ys[2], 1.0);
  EXPECT_EQ(bottom->max(Axis::kY), 0.5);
  const VoxelShape* carpet = block_collision_shape(default_state_of("white_carpet"), 0, 0, 0, {});
  ASSERT_NE(carpet, nullptr);
  EXPECT_EQ(carpet->coords(Axis::kY).size(), 2u);
  EXPECT_EQ(carpet->coords(Axis::kY)[1], 0.0625);
  EXPECT_TRUE(block_collision_shape(default_state_of("stone"), 0, 0, 0, {})->is_unit_cube());
  EXPECT_EQ(block_collision_shape(default_state_of("water"), 0, 0, 0, {}), nullptr);
}

// The per-column offset written out from its definition: seed = getSeed(x, 0, z), a nibble of it
// over 15 as a float, minus a half, halved, clamped.
double expected_offset(int x, int z, int shift, double max) {
  const int32_t xi = static_cast<int32_t>(static_cast<uint32_t>(x) * 3129871u);
  const int64_t l = static_cast<int64_t>(xi) ^ (static_cast<int64_t>(z) * 116129781LL);
  const uint64_t lu = static_cast<uint64_t>(l);
  const int64_t seed = static_cast<int64_t>(lu * lu * 42317861ull + lu * 11ull) >> 16;
  const float f = static_cast<float>((seed >> shift) & 15) / 15.0f;
  return std::clamp((static_cast<double>(f) - 0.5) * 0.5, -max, max);
}

TEST(MovementCollision, BambooShapeFollowsTheColumnOffset) {
  const BlockStateId bamboo = default_state_of("bamboo");
  for (int x : {-7, 0, 3, 1000}) {
    for (int z : {-2, 0, 5, -999}) {
      const VoxelShape* s = block_collision_shape(bamboo, x, 70, z, {});
      ASSERT_NE(s, nullptr);
      EXPECT_DOUBLE_EQ(s->min(Axis::kX), 0.40625 + expected_offset(x, z, 0, 0.25)) << x << "," << z;
      EXPECT_DOUBLE_EQ(s->min(Axis::kZ), 0.40625 + expected_offset(x, z, 8, 0.25)) << x << "," << z;
    }
  }
  const VoxelShape* origin = block_collision_shape(bamboo, 0, 0, 0, {});
  EXPECT_DOUBLE_EQ(origin->min(Axis::kX), 0.15625);  // minecraft-data's table is the origin's shape
}

TEST(MovementCollision, ScaffoldingDependsOnTheMover) {
  const BlockStateId top = default_state_of("scaffolding");  // distance 7, bottom false
  CollisionContext above;
  above.entity_bottom = 11.0;
  EXPECT_NE(block_collision_shape(top, 0, 10, 0, above), nullptr);
  above.descending = true;
  EXPECT_EQ(block_collision_shape(top, 0, 10, 0, above), nullptr);
  CollisionContext inside;
  inside.entity_bottom = 10.5;
  EXPECT_EQ(block_collision_shape(top, 0, 10, 0, inside), nullptr);
  CollisionContext placement = above;
  placement.descending = false;
  placement.placement = true;
  EXPECT_EQ(block_collision_shape(top, 0, 10, 0, placement), nullptr);
}

TEST(MovementCollision, FallingPlayerLandsOnTheFloor) {
  Scene s;
  s.body.set_position({0.5, 70.0, 0.5});
  s.body.on_ground = false;
  for (int i = 0; i < 40; ++i) {
    tick_player_physics(s.body, s.move_world(), false);
  }
  EXPECT_EQ(s.body.position.y, 64.0);
  EXPECT_TRUE(s.body.on_ground);
  EXPECT_TRUE(s.body.vertical_collision_below);
}

}  // namespace
}  // namespace hz
