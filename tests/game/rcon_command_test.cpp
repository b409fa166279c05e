// Commands from RCON through the core's input boundary: a ConsoleLine with an RCON request number
// runs as vanilla's RconConsoleSource (permission 4, output collected without separators) and its
// output leaves as one RconReply; broadcast-rcon-to-ops decides whether operators and the log hear
// of it.
#include <gtest/gtest.h>

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
