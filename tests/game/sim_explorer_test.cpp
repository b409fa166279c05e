// horizon-sim's exploring clients: the ground under a player read from a client's chunks, and
// steps over it that the reference move model (not the server's code) takes without a pull-back
// or a kick for floating.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/core/rng.h"
#include "sim/data/blocks.h"
#include "sim/simulation/explorer.h"
#include "sim/simulation/move_judge.h"
#include "sim/world/paletted_container.h"

namespace hz {
namespace {

using Kind = MoveJudge::Sent::Kind;

class ExplorerTest : public ::testing::Test {
 protected:
  // Chunks -3..3 on both axes (the explorer's circle and a margin), a stone floor with its top
  // at y 64.
  ExplorerTest() {
    for (int cx = -3; cx <= 3; ++cx)
      for (int cz = -3; cz <= 3; ++cz) chunks_[ChunkPos{cx, cz}] = std::vector<Section>(kSectionCount);
    for (int x = -48; x < 64; ++x)
      for (int z = -48; z < 64; ++z) put(x, 63, z, "stone");
  }
  void put(int x, int y, int z, const char* name) {
    chunks_[ChunkPos{x >> 4, z >> 4}][static_cast<size_t>(section_index_of(y))].set_block(
        block_index(x & 15, y & 15, z & 15), default_state_of(name));
  }
  std::optional<double> top(int x, int z) const { return Explorer::column_top(chunks_, x, z); }

  std::map<ChunkPos, std::vector<Section>> chunks_;
};

TEST_F(ExplorerTest, AColumnsTopIsTheTopOfTheShapeAPlayerStandsOn) {
  EXPECT_EQ(top(0, 0), 64.0);
  put(1, 64, 0, "short_grass");  // no collision: the stone under it is the ground
  EXPECT_EQ(top(1, 0), 64.0);
  put(2, 64, 0, "oak_slab");  // a bottom slab
  EXPECT_EQ(top(2, 0), 64.5);
  put(3, 64, 0, "oak_fence");  // a post half a block higher than a block
  EXPECT_EQ(top(3, 0), 65.5);
  put(3, 65, 0, "oak_slab");  // a low block on the fence: the fence still reaches higher
  EXPECT_EQ(top(3, 0), 65.5);
  put(4, 70, 0, "water");  // a player at a fluid's surface stands there
  EXPECT_EQ(top(4, 0), 71.0);
  put(5, 63, 0, "air");  // nothing below: the world's floor
  EXPECT_EQ(top(5, 0), static_cast<double>(kWorldMinY));
  EXPECT_EQ(top(200, 0), std::nullopt);  // a chunk the client does not hold
}

TEST_F(ExplorerTest, ASwimmerStandsInWaterAWalkerOnIt) {
  put(4, 64, 0, "water");
  put(4, 65, 0, "water");
  EXPECT_EQ(Explorer::column_top(chunks_, 4, 0), 66.0);
  EXPECT_EQ(Explorer::column_top(chunks_, 4, 0, Explorer::kInWater), 65.4);
  put(5, 64, 0, "lava");  // only water is swum in
  EXPECT_EQ(Explorer::column_top(chunks_, 5, 0, Explorer::kInWater), 65.0);
  const std::pair<std::string_view, std::string_view> wet[] = {{"type", "bottom"}, {"waterlogged", "true"}};
  const std::optional<BlockStateId> slab = state_with("oak_slab", wet);
  ASSERT_TRUE(slab.has_value());
  chunks_[ChunkPos{0, 0}][static_cast<size_t>(section_index_of(64))].set_block(block_index(6, 0, 0), *slab);
  EXPECT_EQ(Explorer::column_top(chunks_, 6, 0, Explorer::kInWater), 64.5);  // a waterlogged block is stood on
  // A box over the pool and a higher bank stands on the bank.
  put(3, 64, 0, "stone");
  put(3, 65, 0, "stone");
  EXPECT_EQ(Explorer::ground_under(chunks_, 4.5, 4.5, 0.5, 0.5, Explorer::kInWater), 65.4);
  EXPECT_EQ(Explorer::ground_under(chunks_, 4.2, 4.2, 0.5, 0.5, Explorer::kInWater), 66.0);
}

TEST_F(ExplorerTest, TheGroundUnderABoxIsItsHighestColumn) {
  put(1, 64, 0, "stone");
  // A box at x 0.65 reaches to 0.95: column 1 is not under it; at 0.75 it is.
  EXPECT_EQ(Explorer::ground_under(chunks_, 0.65, 0.65, 0.5, 0.5), 64.0);
  EXPECT_EQ(Explorer::ground_under(chunks_, 0.75, 0.75, 0.5, 0.5), 65.0);
  EXPECT_EQ(Explorer::ground_under(chunks_, 0.5, 200.0, 0.5, 0.5), std::nullopt);
}

// Each tick's positions: up in the column it stands on, across at the height of everything it
// passes over, down at most kMaxDrop; a climb higher than kMaxClimb takes several ticks.
TEST_F(ExplorerTest, StepsClimbBeforeTheyCrossAndDropAfter) {
  Explorer explorer(0.3, 7);
  Explorer::Position at{0.5, 64.0, 0.5};
  std::vector<Explorer::Position> moves = explorer.step(at, chunks_);
  ASSERT_EQ(moves.size(), 1u);  // flat ground: one level step of the explorer's speed
  EXPECT_EQ(moves[0].y, 64.0);
  EXPECT_NEAR(std::hypot(moves[0].x - at.x, moves[0].z - at.z), 0.3, 1e-9);

  // Hovering high: across first, then down at most kMaxDrop.
  at = {0.5, 80.0, 0.5};
  moves = explorer.step(at, chunks_);
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0].y, 80.0);
  EXPECT_EQ(moves[1].x, moves[0].x);
  EXPECT_EQ(moves[1].z, moves[0].z);
  EXPECT_EQ(moves[1].y, 80.0 - Explorer::kMaxDrop);

  // In a hollow one block deep: up in its own column first, then across at the rim's height.
  for (int x = -3; x <= 3; ++x)
    for (int z = -3; z <= 3; ++z)
      if (x != 0 || z != 0) put(x, 64, z, "stone");
  at = {0.5, 64.0, 0.5};
  moves = explorer.step(at, chunks_);
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0].x, at.x);
  EXPECT_EQ(moves[0].z, at.z);
  EXPECT_EQ(moves[0].y, 65.0);
  EXPECT_EQ(moves[1].y, 65.0);

  Explorer::Position low{10.5, 64.0, 10.5};
  for (int x = 8; x <= 13; ++x)
    for (int z = 8; z <= 13; ++z)
      if (std::abs(x - 10) > 0 || std::abs(z - 10) > 0)
        for (int y = 64; y < 69; ++y) put(x, y, z, "stone");  // a pit five blocks deep
  moves = explorer.step(low, chunks_);
  ASSERT_EQ(moves.size(), 1u);  // only a climb this tick
  EXPECT_EQ(moves[0].x, low.x);
  EXPECT_EQ(moves[0].z, low.z);
  EXPECT_EQ(moves[0].y, low.y + Explorer::kMaxClimb);
}

TEST_F(ExplorerTest, NoStepWhereAChunkUnderItIsNotHeld) {
  chunks_.erase(ChunkPos{0, 0});
  Explorer explorer(0.3, 1);
  EXPECT_TRUE(explorer.step({0.5, 64.0, 0.5}, chunks_).empty());
}

TEST_F(ExplorerTest, UnderARoofItStepsLevelToWalkOut) {
  put(0, 66, 0, "stone");
  Explorer explorer(0.2, 3);
  const std::vector<Explorer::Position> moves = explorer.step({0.5, 64.0, 0.5}, chunks_);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].y, 64.0);
}

// An explorer's run of `ticks` from the middle of the chunks, each tick's positions fed to a move
// judge told of no pull-back and no kick: the first problem it finds, or none.
struct JudgedRun {
  std::optional<std::string> problem;
  int moves_sent = 0;
  int moves_in_water = 0;  // sent at a height a swimmer stands at in water
  int64_t judged = 0, skipped = 0;
  bool following = false;
};

JudgedRun run_judged(const std::map<ChunkPos, std::vector<Section>>& chunks, Explorer& explorer, double water_top,
                     int ticks) {
  JudgedRun run;
  const double start_y = *Explorer::ground_under(chunks, 0.5, 0.5, 0.5, 0.5, water_top);
  MoveJudge judge(chunks);
  uint64_t end = 0;
  auto send = [&](Kind kind, const Explorer::Position& p, int32_t id) {
    MoveJudge::Sent e;
    e.kind = kind;
    e.move = reference::Packet{true, false, p.x, p.y, p.z, 0, 0, false, false};
    e.teleport_id = id;
    e.end = end += 10;
    judge.sent(e);
  };
  judge.joined(0);
  judge.teleported(1, {0.5, start_y, 0.5});
  run.problem = judge.end_of_pass(end);
  send(Kind::kConfirm, {}, 1);
  send(Kind::kLoaded, {}, 0);
  if (!run.problem) run.problem = judge.end_of_pass(end);
  Explorer::Position at{0.5, start_y, 0.5};
  for (int tick = 0; tick < ticks && !run.problem; ++tick) {
    for (const Explorer::Position& p : explorer.step(at, chunks)) {
      send(Kind::kMove, p, 0);
      at = p;
      ++run.moves_sent;
      run.moves_in_water += std::abs(p.y - std::floor(p.y) - Explorer::kInWater) < 1e-9 ? 1 : 0;
    }
    if (auto problem = judge.end_of_pass(end))
      run.problem = "tick " + std::to_string(tick) + ": " + *problem;
  }
  run.judged = judge.judged();
  run.skipped = judge.skipped();
  run.following = judge.following();
  return run;
}

// Over rough ground (steps of blocks, slabs and fence posts), every position an explorer sends
// for 600 ticks is one the reference move model takes: the judge, told of no pull-back and no
// kick, finds none missing. The circle keeps it on the chunks the client holds.
TEST_F(ExplorerTest, TheReferenceModelTakesEveryStepOverRoughGround) {
  Rng terrain(11);
  for (int x = -48; x < 64; ++x)
    for (int z = -48; z < 64; ++z) {
      const int height = static_cast<int>(terrain.next_below(4));
      for (int y = 64; y < 64 + height; ++y) put(x, y, z, "stone");
      const uint32_t cap = terrain.next_below(12);
      if (cap == 0) put(x, 64 + height, z, "oak_slab");
      if (cap == 1) put(x, 64 + height, z, "oak_fence");
    }
  Explorer explorer(0.35, 5);
  const JudgedRun run = run_judged(chunks_, explorer, Explorer::kOnWater, 600);
  ASSERT_EQ(run.problem, std::nullopt);
  EXPECT_TRUE(run.following);
  EXPECT_EQ(run.judged, run.moves_sent);
  EXPECT_EQ(run.skipped, 0);
  EXPECT_GT(run.moves_sent, 600);
}

// A swimmer over ponds one and two blocks deep between banks of stone: it goes into the water and
// climbs out again, and the reference move model takes every step it sends.
TEST_F(ExplorerTest, TheReferenceModelTakesEverySwimmingStep) {
  Rng terrain(12);
  for (int x = -48; x < 64; ++x)
    for (int z = -48; z < 64; ++z) {
      const uint32_t kind = terrain.next_below(3);
      if (kind == 0) put(x, 64, z, "stone");
      if (kind == 1) put(x, 64, z, "water");
      if (kind == 2 && terrain.next_below(2) == 0) {
        put(x, 63, z, "water");
        put(x, 64, z, "water");
      }
    }
  Explorer explorer(0.3, 9, true);
  const JudgedRun run = run_judged(chunks_, explorer, Explorer::kInWater, 600);
  ASSERT_EQ(run.problem, std::nullopt);
  EXPECT_TRUE(run.following);
  EXPECT_EQ(run.judged, run.moves_sent);
  EXPECT_GT(run.moves_in_water, 100);
}

}  // namespace
}  // namespace hz
