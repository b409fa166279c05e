// horizon-sim's move judge: every move a client's connection read is held to the reference move
// model, pull-backs both ways; passes the model cannot follow are skipped, and it starts again
// only where the server's state is known.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/data/blocks.h"
#include "sim/simulation/move_judge.h"
#include "sim/world/paletted_container.h"

namespace hz {
namespace {

using Kind = MoveJudge::Sent::Kind;

class MoveJudgeTest : public ::testing::Test {
 protected:
  MoveJudgeTest() {
    for (int cx = -1; cx <= 1; ++cx)
      for (int cz = -1; cz <= 1; ++cz) chunks_[ChunkPos{cx, cz}] = std::vector<Section>(kSectionCount);
    for (int x = -16; x < 32; ++x)
      for (int z = -16; z < 32; ++z) put(x, 63, z, "stone");
    put(1, 64, 0, "stone");  // a wall east of the spawn, two high
    put(1, 65, 0, "stone");
  }

  void put(int x, int y, int z, const char* name) {
    chunks_[ChunkPos{x >> 4, z >> 4}][static_cast<size_t>(section_index_of(y))].set_block(
        block_index(x & 15, y & 15, z & 15), default_state_of(name));
  }
  void send(Kind kind, double x = 0, double z = 0, int32_t id = 0) {
    MoveJudge::Sent e;
    e.kind = kind;
    e.move = reference::Packet{true, false, x, 64.0, z, 0, 0, false, false};
    e.teleport_id = id;
    e.end = end_ += 10;
    judge_.sent(e);
  }
  std::optional<std::string> pass() { return judge_.end_of_pass(end_); }
  // The join: the login and its teleport in one pass, then the confirmation and player_loaded.
  void join() {
    judge_.joined(0);
    judge_.teleported(1, {0.5, 64.0, 0.5});
    ASSERT_EQ(pass(), std::nullopt);
    send(Kind::kConfirm, 0, 0, 1);
    send(Kind::kLoaded);
    ASSERT_EQ(pass(), std::nullopt);
    ASSERT_TRUE(judge_.following());
  }

  std::map<ChunkPos, std::vector<Section>> chunks_;
  MoveJudge judge_{chunks_};
  uint64_t end_ = 0;
};

TEST_F(MoveJudgeTest, AStepIntoTheWallMustBePulledBackAndIs) {
  join();
  send(Kind::kMove, 0.7, 0.5);  // free: taken
  EXPECT_EQ(pass(), std::nullopt);
  send(Kind::kMove, 0.9, 0.5);  // into the wall: pulled back to where it stood
  judge_.teleported(2, {0.7, 64.0, 0.5});
  EXPECT_EQ(pass(), std::nullopt);
  EXPECT_EQ(judge_.judged(), 2);
  EXPECT_EQ(judge_.pull_backs_judged(), 1);
  EXPECT_EQ(judge_.skipped(), 0);
}

TEST_F(MoveJudgeTest, APullBackThatDoesNotComeIsAViolation) {
  join();
  send(Kind::kMove, 0.9, 0.5);
  std::optional<std::string> problem = pass();
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("was not pulled back"), std::string::npos) << *problem;
  EXPECT_NE(problem->find("colliding with something new"), std::string::npos) << *problem;
}

TEST_F(MoveJudgeTest, APullBackOfAFreeStepIsAViolation) {
  join();
  send(Kind::kMove, 0.3, 0.7);
  judge_.teleported(2, {0.5, 64.0, 0.5});
  std::optional<std::string> problem = pass();
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("where the reference move model takes"), std::string::npos) << *problem;
}

TEST_F(MoveJudgeTest, APullBackWithAnotherIdOrPlaceIsAViolation) {
  join();
  send(Kind::kMove, 0.9, 0.5);
  judge_.teleported(3, {0.5, 64.0, 0.5});
  std::optional<std::string> problem = pass();
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("with teleport 3"), std::string::npos) << *problem;
}

TEST_F(MoveJudgeTest, MovesAreNotJudgedBeforeTheServerCountsThePlayerLoaded) {
  judge_.joined(0);
  judge_.teleported(1, {0.5, 64.0, 0.5});
  ASSERT_EQ(pass(), std::nullopt);
  send(Kind::kConfirm, 0, 0, 1);
  send(Kind::kMove, 0.9, 0.5);  // the server ignores it: nothing to pull back
  EXPECT_EQ(pass(), std::nullopt);
  EXPECT_FALSE(judge_.following());
  EXPECT_EQ(judge_.skipped(), 1);
}

TEST_F(MoveJudgeTest, APlayerLoadedLateMayHaveBeenLoadedByTheTimeout) {
  judge_.joined(0);
  judge_.teleported(1, {0.5, 64.0, 0.5});
  send(Kind::kConfirm, 0, 0, 1);
  for (int i = 0; i < 60; ++i) ASSERT_EQ(pass(), std::nullopt);
  send(Kind::kLoaded);
  EXPECT_EQ(pass(), std::nullopt);
  EXPECT_FALSE(judge_.following());
}

TEST_F(MoveJudgeTest, ABlockChangedNearbyLeavesThePassUnjudgedAndADisagreementDropsTheModel) {
  join();
  judge_.block_changed(1, 64, 0);  // the wall may have gone before the step or after it
  send(Kind::kMove, 0.9, 0.5);
  EXPECT_EQ(pass(), std::nullopt);  // no pull-back came: not a violation here
  EXPECT_FALSE(judge_.following());
  EXPECT_EQ(judge_.skipped(), 1);
  EXPECT_EQ(judge_.judged(), 0);
}

TEST_F(MoveJudgeTest, AnUnjudgedPassWhosePullBacksAgreeKeepsTheModel) {
  join();
  judge_.pushed();  // hurt by a mob: the speed is unknown, a step's verdict is not
  send(Kind::kMove, 0.9, 0.5);
  judge_.teleported(2, {0.5, 64.0, 0.5});
  EXPECT_EQ(pass(), std::nullopt);
  EXPECT_TRUE(judge_.following());
  send(Kind::kConfirm, 0, 0, 2);
  send(Kind::kMove, 0.9, 0.5);
  EXPECT_TRUE(pass());  // judged again: the pull-back is missing
}

TEST_F(MoveJudgeTest, ACommandThatTeleportsDropsTheModelUntilTheTeleportIsConfirmed) {
  join();
  send(Kind::kCommand);  // "tp 0 100 0" by an operator
  send(Kind::kMove, 0.5, 0.7);
  judge_.teleported(2, {0.0, 100.0, 0.0});
  EXPECT_EQ(pass(), std::nullopt);  // a command's pass is not judged
  EXPECT_FALSE(judge_.following());  // and the teleport was not the model's
  send(Kind::kConfirm, 0, 0, 2);
  EXPECT_EQ(pass(), std::nullopt);
  EXPECT_TRUE(judge_.following());
  EXPECT_EQ(judge_.skipped(), 1);
  EXPECT_EQ(judge_.judged(), 0);
}

TEST_F(MoveJudgeTest, ACommandThatLeavesThePlayerBeKeepsTheModel) {
  join();
  send(Kind::kCommand);  // "list", or a command refused to a player who is not an operator
  send(Kind::kMove, 0.9, 0.5);
  judge_.teleported(2, {0.5, 64.0, 0.5});  // the step into the wall, pulled back as predicted
  EXPECT_EQ(pass(), std::nullopt);
  EXPECT_TRUE(judge_.following());
  EXPECT_EQ(judge_.skipped(), 1);
  send(Kind::kConfirm, 0, 0, 2);
  send(Kind::kMove, 0.9, 0.5);
  EXPECT_TRUE(pass());  // the next pass is judged: its pull-back is missing
  EXPECT_EQ(judge_.judged(), 1);
}

TEST_F(MoveJudgeTest, AMoveBesideAChunkTheClientLacksIsSkipped) {
  chunks_.erase(ChunkPos{-1, 0});
  join();
  send(Kind::kMove, 0.2, 0.5);  // the scan reaches x = -1, in the missing chunk
  EXPECT_EQ(pass(), std::nullopt);
  EXPECT_FALSE(judge_.following());
  EXPECT_EQ(judge_.skipped(), 1);
}

TEST_F(MoveJudgeTest, InCreativeAStepIsNotMovedWronglyButStillCollides) {
  judge_.joined(1);
  judge_.teleported(1, {0.5, 64.0, 0.5});
  ASSERT_EQ(pass(), std::nullopt);
  send(Kind::kConfirm, 0, 0, 1);
  send(Kind::kLoaded);
  ASSERT_EQ(pass(), std::nullopt);
  send(Kind::kMove, 0.9, 0.5);
  judge_.teleported(2, {0.5, 64.0, 0.5});
  EXPECT_EQ(pass(), std::nullopt);
}

}  // namespace
}  // namespace hz
