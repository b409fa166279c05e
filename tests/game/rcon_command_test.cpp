// Commands from RCON through the core's input boundary: a ConsoleLine with an RCON request number
// runs as vanilla's RconConsoleSource (permission 4, output collected without separators) and its
// output leaves as one RconReply; broadcast-rcon-to-ops decides whether operators and the log hear
// of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include "sim/game/world/job_kinds.h"
#include "sim/world/anvil/storage_jobs.h"
#include "tests/game/core_harness.h"

namespace hz {
namespace {

using testing::CoreHarness;

struct RconRun {
  std::vector<RconReply> replies;
  std::vector<std::string> logs;
};

RconRun run_rcon(CoreHarness& h, std::vector<Input> inputs) {
  h.sink.effects.clear();
  h.iterate(0, std::move(inputs));
  RconRun run;
  for (const Effect& e : h.sink.effects) {
    if (const auto* reply = std::get_if<RconReply>(&e)) run.replies.push_back(*reply);
    if (const auto* log = std::get_if<LogLine>(&e)) run.logs.push_back(log->text);
  }
  return run;
}

TEST(RconCommands, OutputComesBackForItsRequestAndIsNotLogged) {
  CoreHarness h;
  RconRun run = run_rcon(h, {ConsoleLine{"list", 7}, ConsoleLine{"save-all", 8}});
  ASSERT_EQ(run.replies.size(), 2u);
  EXPECT_EQ(run.replies[0].request, 7u);
  EXPECT_EQ(run.replies[0].output, "There are 0 of a max of 20 players online: ");
  // Two messages, joined without a separator as vanilla's StringBuffer does.
  EXPECT_EQ(run.replies[1].request, 8u);
  EXPECT_EQ(run.replies[1].output, "Saving the game (this may take a moment!)Saved the game");
  for (const std::string& line : run.logs) EXPECT_EQ(line.find("players online"), std::string::npos) << line;
}

// save-all flush answers once storage has flushed; the RCON reply has been sent by then (it
// holds the first message), so the second goes to the log. The request is kept as data (the
// core's own part of a snapshot), not as a callback holding the reply's address.
TEST(RconCommands, SaveAllFlushAnswersInTheLogOnceStorageHasFlushed) {
  CoreHarness h;
  RconRun run = run_rcon(h, {ConsoleLine{"save-all flush", 4}});
  ASSERT_EQ(run.replies.size(), 1u);
  EXPECT_EQ(run.replies[0].output, "Saving the game (this may take a moment!)");
  std::optional<SubmitJob> flush;
  for (const Effect& e : h.sink.effects)
    if (auto* job = std::get_if<SubmitJob>(&e); job && job->kind == kJobKindStorageFlush) flush = *job;
  ASSERT_TRUE(flush.has_value());
  anvil::StorageResult flushed;
  flushed.kind = anvil::StorageJobKind::kFlush;
  flushed.outcome = anvil::StorageOutcome::kDone;
  RconRun done = run_rcon(h, {JobCompleted{flush->job, anvil::encode_result(flushed)}});
  EXPECT_TRUE(done.replies.empty());
  EXPECT_NE(std::find(done.logs.begin(), done.logs.end(), "Saved the game"), done.logs.end());
}

TEST(RconCommands, FailuresAreCollectedToo) {
  CoreHarness h;
  RconRun run = run_rcon(h, {ConsoleLine{"gamerule respawn_radius -1", 3}});
  ASSERT_EQ(run.replies.size(), 1u);
  EXPECT_EQ(run.replies[0].output.rfind("Integer must not be less than 0: found -1", 0), 0u) << run.replies[0].output;
}

TEST(RconCommands, BroadcastsFollowBroadcastRconToOps) {
  for (bool broadcast : {true, false}) {
    ServerProperties props = testing::test_properties();
    props.broadcast_rcon_to_ops = broadcast;
    CoreHarness h(props);
    RconRun run = run_rcon(h, {ConsoleLine{"weather rain", 1}});
    ASSERT_EQ(run.replies.size(), 1u);
    EXPECT_EQ(run.replies[0].output, "Set the weather to rain");
    const bool logged = std::find(run.logs.begin(), run.logs.end(), "[Rcon: Set the weather to rain]") != run.logs.end();
    EXPECT_EQ(logged, broadcast);
  }
}

TEST(RconCommands, TheConsoleStillLogsAndGetsNoReply) {
  CoreHarness h;
  RconRun run = run_rcon(h, {ConsoleLine{"list"}});
  EXPECT_TRUE(run.replies.empty());
  EXPECT_NE(std::find(run.logs.begin(), run.logs.end(), "There are 0 of a max of 20 players online: "), run.logs.end());
}

}  // namespace
}  // namespace hz
