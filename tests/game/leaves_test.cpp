// Leaves' distance (docs/rules/block-ticks-and-updates.md, "Leaves"): the pure rules (the distance a
// neighbour gives, the recount, when a change asks for one), and through the core: cutting a log
// sends its leaves to distance 7 (where random ticks decay them) and putting it back brings them
// back, each time matching a reference that finds the distances as shortest paths through leaves.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/leaves_distance.h"
#include "sim/game/core.h"
#include "sim/game/ticking/random_ticks.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::StreamingServer;
using testing::TestClient;

BlockStateId leaves(int distance, bool persistent = false) {
  std::vector<std::pair<std::string_view, std::string_view>> props{
      {"distance", std::to_string(distance)}, {"persistent", persistent ? "true" : "false"}, {"waterlogged", "false"}};
  // state_with keeps the views only for the call.
  const std::string d = std::to_string(distance);
  props[0].second = d;
  return *state_with("oak_leaves", props);
}
struct PosLess {
  bool operator()(const BlockPos& a, const BlockPos& b) const {
    return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z);
  }
};
using Cells = std::set<BlockPos, PosLess>;
using Distances = std::map<BlockPos, int, PosLess>;

int distance_of(BlockStateId s) { return std::stoi(std::string(state_property(s, "distance"))); }

TEST(LeavesRules, WhatANeighbourGives) {
  EXPECT_EQ(leaves_distance_at(default_state_of("oak_log")), 0);
  EXPECT_EQ(leaves_distance_at(default_state_of("stripped_birch_wood")), 0);
  EXPECT_EQ(leaves_distance_at(leaves(3)), 3);
  EXPECT_EQ(leaves_distance_at(default_state_of("stone")), 7);
  EXPECT_EQ(leaves_distance_at(default_state_of("air")), 7);
  // A leaf next to a log already at 1 needs no recount; any other change does.
  EXPECT_FALSE(leaves_need_recount(leaves(1), default_state_of("oak_log")));
  EXPECT_TRUE(leaves_need_recount(leaves(2), default_state_of("oak_log")));
  EXPECT_TRUE(leaves_need_recount(leaves(1), default_state_of("air")));
  EXPECT_TRUE(leaves_need_recount(leaves(4), leaves(3)));
}

// The reference: a leaf's distance is one more than its nearest neighbour's (a log counts 0,
// anything but leaves 7), at most 7; found by relaxing until nothing changes.
Distances reference_distances(const Cells& leaf_cells, const Cells& logs) {
  Distances d;
  for (const BlockPos& p : leaf_cells) d[p] = 7;
  for (bool changed = true; changed;) {
    changed = false;
    for (const BlockPos& p : leaf_cells) {
      int best = 7;
      for (const BlockPos& n : {BlockPos{p.x - 1, p.y, p.z}, BlockPos{p.x + 1, p.y, p.z}, BlockPos{p.x, p.y - 1, p.z},
                                BlockPos{p.x, p.y + 1, p.z}, BlockPos{p.x, p.y, p.z - 1}, BlockPos{p.x, p.y, p.z + 1}}) {
        if (logs.contains(n)) best = std::min(best, 1);
        else if (leaf_cells.contains(n)) best = std::min(best, d[n] + 1);
      }
      if (best != d[p]) d[p] = best, changed = true;
    }
  }
  return d;
}

struct Canopy {
  StreamingServer s;
  TestClient alice{1};
  BlockPos trunk;
  Cells leaf_cells;

  Canopy() : s(3) {
    s.prepare_spawn();
    s.pass({ConsoleLine{"gamerule random_tick_speed 0"}});  // nothing decays while we look
    alice = s.join_loaded(1, "Alice", 3);
    for (int i = 0; i < 200 && !s.world().is_chunk_tracked(1, {0, 0}); ++i) s.pass();
    const Vec3 spawn = s.world().spawn_point();
    trunk = BlockPos{static_cast<int>(std::floor(spawn.x)) + 3, static_cast<int>(std::floor(spawn.y)) + 12,
                     static_cast<int>(std::floor(spawn.z)) + 3};
  }
  BlockStateId at(const BlockPos& p) { return s.world().block_at(p); }
  void command(const std::string& line) { s.pass({ConsoleLine{line}}); }
  std::string where(const BlockPos& p) { return std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z); }
  void settle() {
    for (int i = 0; i < 20; ++i) s.pass();
  }
  void expect_reference(const Cells& logs) {
    const Distances expected = reference_distances(leaf_cells, logs);
    for (const auto& [p, d] : expected) {
      ASSERT_TRUE(is_leaves(block_of_state(at(p)))) << where(p);
      EXPECT_EQ(distance_of(at(p)), d) << "leaf at " << where(p);
    }
  }
};

TEST(LeavesScenario, CuttingTheLogSendsItsLeavesToSevenAndALogBringsThemBack) {
  Canopy c;
  // A log with a 3 x 3 x 2 block of leaves beside it and a tail of five leaves, all placed with
  // the distances they should have (set directly, without updates).
  ASSERT_TRUE(c.s.world().set_block(c.trunk, default_state_of("oak_log")));
  for (int dx = 1; dx <= 3; ++dx)
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = 0; dy <= 1; ++dy) c.leaf_cells.insert({c.trunk.x + dx, c.trunk.y + dy, c.trunk.z + dz});
  for (int dx = 4; dx <= 8; ++dx) c.leaf_cells.insert({c.trunk.x + dx, c.trunk.y, c.trunk.z});
  const Distances start = reference_distances(c.leaf_cells, {c.trunk});
  for (const auto& [p, d] : start) ASSERT_TRUE(c.s.world().set_block(p, leaves(d)));
  c.s.pass();
  c.expect_reference({c.trunk});

  c.command("setblock " + c.where(c.trunk) + " air");
  c.settle();
  c.expect_reference({});

  c.command("setblock " + c.where(c.trunk) + " oak_log");
  c.settle();
  c.expect_reference({c.trunk});
  EXPECT_EQ(distance_of(c.at({c.trunk.x + 8, c.trunk.y, c.trunk.z})), 7);  // nine away: still too far
}

TEST(LeavesScenario, CutLeavesDecayUnderRandomTicks) {
  Canopy c;
  ASSERT_TRUE(c.s.world().set_block(c.trunk, default_state_of("oak_log")));
  const BlockPos leaf{c.trunk.x + 1, c.trunk.y, c.trunk.z};
  ASSERT_TRUE(c.s.world().set_block(leaf, leaves(1)));
  c.s.pass();
  c.command("setblock " + c.where(c.trunk) + " air");
  c.settle();
  ASSERT_EQ(distance_of(c.at(leaf)), 7);
  c.command("gamerule random_tick_speed 4096");
  for (int i = 0; i < 40 && is_leaves(block_of_state(c.at(leaf))); ++i) c.s.pass();
  EXPECT_TRUE(is_air(c.at(leaf)));
}

}  // namespace
}  // namespace hz
