// horizon-sim's move judge: every move a client's connection read is held to the reference move
// model, pull-backs both ways; passes the model cannot follow are skipped, and it starts again
// only where the server's state is known.
#include <gtest/gtest.h>

#include <functional>
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

// Six blocks up, in the air.
constexpr double kHigh = 70.0;

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
  void send(Kind kind, double x = 0, double z = 0, int32_t id = 0, double y = 64.0) {
    MoveJudge::Sent e;
    e.kind = kind;
    e.move = reference::Packet{true, false, x, y, z, 0, 0, false, false};
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

  // A pass standing still. The model's first tick after it starts does not fall (its speed is
  // zero, where the server's player has been falling onto the floor since the teleport); in its
  // second the fall meets the floor under the feet at once, as the server's surely does, and the
  // model knows the server's speed and that the player stands (Body::vel_known).
  void stand() { ASSERT_EQ(pass(), std::nullopt); }
  // Up into the air from the floor, then a move there: that move floats (the first one stood on
  // the floor), and so does each tick from its own on; the server kicks past 80.
  void float_up() {
    send(Kind::kMove, 0.5, 0.5, 0, kHigh);
    ASSERT_EQ(pass(), std::nullopt);
    send(Kind::kMove, 0.5, 0.5, 0, kHigh);
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

TEST_F(MoveJudgeTest, AKickForFloatingMustComeInThePassTheModelKicks) {
  join();
  stand();
  float_up();
  for (int tick = 1; tick <= 80; ++tick) ASSERT_EQ(pass(), std::nullopt) << "tick " << tick;
  const std::optional<std::string> missing = pass();  // the 81st tick in the air
  ASSERT_TRUE(missing);
  EXPECT_NE(missing->find("the reference move model kicks the player for floating"), std::string::npos) << *missing;
  EXPECT_FALSE(judge_.following());
}

TEST_F(MoveJudgeTest, CaveAirIsAirToTheFloatingCheck) {
  for (int x = -1; x <= 1; ++x)  // isAir holds for cave_air: the player floats in a cave as in the open
    for (int y = 68; y <= 72; ++y)
      for (int z = -1; z <= 1; ++z) put(x, y, z, "cave_air");
  join();
  stand();
  float_up();
  for (int tick = 1; tick <= 80; ++tick) ASSERT_EQ(pass(), std::nullopt) << "tick " << tick;
  EXPECT_TRUE(pass());  // kicked by the model; not by the server
}

TEST_F(MoveJudgeTest, TheServersKickInTheSamePassAgrees) {
  join();
  stand();
  float_up();
  for (int tick = 1; tick <= 80; ++tick) ASSERT_EQ(pass(), std::nullopt) << "tick " << tick;
  judge_.kicked_for_floating();
  judge_.closed();
  EXPECT_EQ(pass(), std::nullopt);
}

TEST_F(MoveJudgeTest, AnEarlyKickIsWrongWhenTheServersCountIsKnown) {
  join();  // the server counts from zero at the join
  stand();
  float_up();
  for (int tick = 1; tick <= 40; ++tick) ASSERT_EQ(pass(), std::nullopt) << "tick " << tick;
  judge_.kicked_for_floating();
  judge_.closed();
  const std::optional<std::string> early = pass();
  ASSERT_TRUE(early);
  EXPECT_NE(early->find("the server kicked the player for floating"), std::string::npos) << *early;
}

// An operator's /tp of the client's own to (0.5, y, 0.5): the teleport the model did not predict
// drops it, and it starts again when the client confirms the teleport.
void restart_at(MoveJudge& judge, int32_t id, double y, const std::function<void(Kind, double, double, int32_t, double)>& send,
                const std::function<std::optional<std::string>()>& pass) {
  send(Kind::kCommand, 0, 0, 0, 64.0);
  judge.teleported(id, {0.5, y, 0.5});
  ASSERT_EQ(pass(), std::nullopt);
  ASSERT_FALSE(judge.following());
  send(Kind::kConfirm, 0, 0, id, 64.0);
  ASSERT_EQ(pass(), std::nullopt);
  ASSERT_TRUE(judge.following());
}

TEST_F(MoveJudgeTest, AfterARestartKicksAreNotJudgedUntilTheFloatingStateIsKnown) {
  auto send_fn = [this](Kind k, double x, double z, int32_t id, double y) { send(k, x, z, id, y); };
  auto pass_fn = [this] { return pass(); };
  join();
  send(Kind::kMove, 0.5, 0.5, 0, kHigh);  // floating: the server starts counting
  ASSERT_EQ(pass(), std::nullopt);
  restart_at(judge_, 2, kHigh, send_fn, pass_fn);
  send(Kind::kMove, 0.5, 0.5, 0, kHigh);
  ASSERT_EQ(pass(), std::nullopt);
  judge_.kicked_for_floating();  // the server had counted since before the restart
  judge_.closed();
  EXPECT_EQ(pass(), std::nullopt);
}

TEST_F(MoveJudgeTest, AfterARestartTheModelsKickIsNotJudgedWhileTheServerMayHaveTheStanding) {
  auto send_fn = [this](Kind k, double x, double z, int32_t id, double y) { send(k, x, z, id, y); };
  auto pass_fn = [this] { return pass(); };
  join();  // standing on the stone floor: the server's flag says so
  restart_at(judge_, 2, kHigh, send_fn, pass_fn);  // a teleport up: the flag stays as it was
  send(Kind::kMove, 0.5, 0.5, 0, kHigh);  // the server: standing, not floating; the model cannot know
  for (int tick = 1; tick <= 81; ++tick) ASSERT_EQ(pass(), std::nullopt) << "tick " << tick;
  EXPECT_EQ(judge_.kicks_judged(), 0);
}

TEST_F(MoveJudgeTest, KicksAreJudgedAgainOnceTheModelSawThePlayerLand) {
  auto send_fn = [this](Kind k, double x, double z, int32_t id, double y) { send(k, x, z, id, y); };
  auto pass_fn = [this] { return pass(); };
  join();
  restart_at(judge_, 2, 64.5, send_fn, pass_fn);
  send(Kind::kMove, 0.5, 0.5, 0, 64.0);  // down onto the floor; the tick's fall finds it under the feet
  ASSERT_EQ(pass(), std::nullopt);
  send(Kind::kMove, 0.5, 0.5, 0, 64.0);  // standing, as both sides know: a tick not floating
  ASSERT_EQ(pass(), std::nullopt);
  send(Kind::kMove, 0.5, 0.5, 0, kHigh);  // up from the ground: this move stood on it
  ASSERT_EQ(pass(), std::nullopt);
  send(Kind::kMove, 0.5, 0.5, 0, kHigh);  // floating from here
  for (int tick = 1; tick <= 80; ++tick) ASSERT_EQ(pass(), std::nullopt) << "tick " << tick;
  EXPECT_TRUE(pass());  // the model kicks, the server did not
  EXPECT_EQ(judge_.kicks_judged(), 1);
}

// Hovering 0.7 above the floor, the server's tick falls (from where the player is, each tick)
// reach the floor every tenth tick or so, and each such tick leaves the player standing for the
// next move, which restarts the count of floating ticks. When the server's falls began is known
// to the model only from a teleport it followed: after a restart the server's player has been
// falling for ticks the model did not see, so the model's falls meet the floor at other ticks
// than the server's, and kicks are not judged (the fault a seed sweep found when they were).
TEST_F(MoveJudgeTest, AfterARestartTheServersFallsWhileHoveringAreNotTheModels) {
  auto send_fn = [this](Kind k, double x, double z, int32_t id, double y) { send(k, x, z, id, y); };
  auto pass_fn = [this] { return pass(); };
  join();
  stand();
  restart_at(judge_, 2, 64.7, send_fn, pass_fn);
  for (int tick = 1; tick <= 100; ++tick) {
    send(Kind::kMove, 0.5, 0.5, 0, 64.7);
    if (tick == 85) judge_.kicked_for_floating(), judge_.closed();  // the server's falls never met the floor in time
    ASSERT_EQ(pass(), std::nullopt) << "tick " << tick;
    if (tick == 85) break;
  }
  EXPECT_EQ(judge_.kicks_judged(), 0);
  EXPECT_GT(judge_.judged(), 80);
}

// The server's tick falls bounce off slime (and beds), where the model's stop: a fall that meets
// one leaves the model not knowing the server's speed, so kicks are not judged from then on.
TEST_F(MoveJudgeTest, ATickFallOntoSlimeLeavesKicksUnjudged) {
  put(0, 68, 0, "slime_block");  // a block and a half below the feet at kHigh: they still float
  join();
  stand();
  float_up();
  for (int tick = 1; tick <= 100; ++tick) {
    if (tick > 1) send(Kind::kMove, 0.5, 0.5, 0, kHigh);
    if (tick == 85) judge_.kicked_for_floating(), judge_.closed();
    ASSERT_EQ(pass(), std::nullopt) << "tick " << tick;
    if (tick == 85) break;
  }
  EXPECT_EQ(judge_.kicks_judged(), 0);
}

// Found by seed 362 with all faults: a teleport confirmed while the player lay dead restarted the
// model, but the server ignores a dead player's moves until it respawns and loads again.
TEST_F(MoveJudgeTest, AfterADeathATeleportConfirmedDoesNotRestartTheModel) {
  join();
  judge_.died();
  ASSERT_EQ(pass(), std::nullopt);
  judge_.teleported(2, {0.5, 64.0, 0.5});
  ASSERT_EQ(pass(), std::nullopt);
  send(Kind::kConfirm, 0, 0, 2);
  ASSERT_EQ(pass(), std::nullopt);
  EXPECT_FALSE(judge_.following());
  send(Kind::kMove, 0.9, 0.5);  // into the wall: the server ignores it, and so must the judge
  EXPECT_EQ(pass(), std::nullopt);
  EXPECT_EQ(judge_.skipped(), 1);
}

TEST_F(MoveJudgeTest, ACloseForAnythingButFloatingLeavesThePassUnjudged) {
  join();
  send(Kind::kMove, 0.9, 0.5);  // into the wall: a pull-back is due
  judge_.closed();
  EXPECT_EQ(pass(), std::nullopt);
  EXPECT_EQ(judge_.skipped(), 1);
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
