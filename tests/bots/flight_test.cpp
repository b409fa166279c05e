// Bot flight: the climb to cruise height, walk targets within 48 blocks of spawn at the walk
// speed, explore in a straight line, and Minecraft's yaw convention.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <numbers>

#include "tools/bots/flight.h"

namespace hz::bots {
namespace {

double horizontal(const Vec3d& a, const Vec3d& b) { return std::hypot(a.x - b.x, a.z - b.z); }

TEST(Flight, YawFollowsMinecraftsConvention) {
  EXPECT_FLOAT_EQ(yaw_towards(0, 1), 0.0f);     // south, +z
  EXPECT_FLOAT_EQ(yaw_towards(-1, 0), 90.0f);   // west, -x
  EXPECT_FLOAT_EQ(std::abs(yaw_towards(0, -1)), 180.0f);
  EXPECT_FLOAT_EQ(yaw_towards(1, 0), -90.0f);   // east, +x
}

TEST(Flight, ClimbsToTwentyFourAboveSpawnBeforeMovingSideways) {
  Vec3d spawn{0.5, 70, 0.5};
  Flight flight(Behaviour::kWalk, 5.6, spawn, 0, 7);
  Vec3d at = spawn;
  int steps = 0;
  while (at.y != spawn.y + 24) {
    Vec3d next = flight.step(at).position;
    EXPECT_EQ(next.x, at.x);
    EXPECT_EQ(next.z, at.z);
    EXPECT_LE(next.y - at.y, 5.6 / 20 + 1e-12);
    at = next;
    ASSERT_LT(++steps, 200);
  }
  EXPECT_EQ(steps, static_cast<int>(std::ceil(24 / (5.6 / 20))));
  // Pulled back below the cruise height, it climbs again first.
  at.y -= 3;
  Vec3d next = flight.step(at).position;
  EXPECT_EQ(next.x, at.x);
  EXPECT_GT(next.y, at.y);
}

RC_GTEST_PROP(Flight, WalkStaysWithinFortyEightBlocksAtSprintSpeed, (uint64_t seed)) {
  Vec3d spawn{*rc::gen::inRange(-1000, 1000) + 0.5, 64, *rc::gen::inRange(-1000, 1000) + 0.5};
  Flight flight(Behaviour::kWalk, 5.6, spawn, 0, seed);
  Vec3d at{spawn.x, spawn.y + 24, spawn.z};
  double longest = 0;
  int targets_reached = 0;
  Vec3d target = flight.walk_target();
  for (int i = 0; i < 3000; ++i) {
    Vec3d next = flight.step(at).position;
    RC_ASSERT(next.y == spawn.y + 24);
    RC_ASSERT(horizontal(next, spawn) <= kWalkRadius + 1e-9);
    longest = std::max(longest, horizontal(next, at));
    if (flight.walk_target().x != target.x || flight.walk_target().z != target.z) {
      RC_ASSERT(next.x == target.x && next.z == target.z);  // a new target only once the old one is reached
      ++targets_reached;
      target = flight.walk_target();
    }
    at = next;
  }
  RC_ASSERT(longest <= 5.6 / 20 + 1e-9);
  RC_ASSERT(longest >= 5.6 / 20 - 1e-9);
  RC_ASSERT(targets_reached > 0);  // 3000 steps of 0.28 blocks cross the 96-block disc many times
}

RC_GTEST_PROP(Flight, ExploreGoesStraightOutAtItsSpeed, ()) {
  int index = *rc::gen::inRange(1, 500);
  double speed = *rc::gen::inRange(1, 400) / 10.0;
  Vec3d spawn{0.5, 64, 0.5};
  Flight flight(Behaviour::kExplore, speed, spawn, explore_heading(index), 1);
  Vec3d at{spawn.x, spawn.y + 24, spawn.z};
  FlightStep first = flight.step(at);
  RC_ASSERT(first.turned);
  for (int i = 1; i <= 200; ++i) {
    FlightStep s = i == 1 ? first : flight.step(at);
    RC_ASSERT(std::abs(horizontal(s.position, spawn) - horizontal(at, spawn) - speed / 20) < 1e-6);
    RC_ASSERT(i == 1 || !s.turned);
    RC_ASSERT(std::abs(yaw_towards(s.position.x - at.x, s.position.z - at.z) - s.yaw) < 1e-3f);
    at = s.position;
  }
  RC_ASSERT(std::abs(horizontal(at, spawn) - 200 * speed / 20) < 1e-6);
}

TEST(Flight, ExploreHeadingsOfManyBotsSpreadAround) {
  // Every 45-degree sector gets some of the first 16 bots.
  int sectors[8] = {};
  for (int i = 1; i <= 16; ++i) ++sectors[static_cast<int>(explore_heading(i) / (std::numbers::pi / 4)) % 8];
  for (int count : sectors) EXPECT_GT(count, 0);
}

}  // namespace
}  // namespace hz::bots
