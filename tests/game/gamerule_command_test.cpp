#include <gtest/gtest.h>

#include "tests/game/core_harness.h"

namespace hz {
namespace {

using testing::CoreHarness;

TEST(GameruleCommand, QueriesAndSets) {
  CoreHarness h;
  EXPECT_EQ(h.command("gamerule respawn_radius"),
            (std::vector<std::string>{"Gamerule respawn_radius is currently set to: 10"}));
  EXPECT_EQ(h.command("gamerule respawn_radius 0"),
            (std::vector<std::string>{"Gamerule respawn_radius is now set to: 0"}));
  EXPECT_EQ(h.core.game_rules().get("respawn_radius"), 0);
  EXPECT_EQ(h.command("gamerule locator_bar false"),
            (std::vector<std::string>{"Gamerule locator_bar is now set to: false"}));
  EXPECT_FALSE(h.core.game_rules().get_bool("locator_bar"));
  EXPECT_EQ(h.command("gamerule minecraft:player_movement_check false")[0],
            "Gamerule player_movement_check is now set to: false");
  EXPECT_EQ(h.command("gamerule respawn_radius -1")[0], "Integer must not be less than 0: found -1");
  EXPECT_EQ(h.command("gamerule locator_bar maybe")[0],
            "Invalid bool, expected true or false but found 'maybe'");
  EXPECT_EQ(h.command("gamerule no_such_rule 1")[0], "Incorrect argument for command");
}

TEST(ServerCommands, StopListSaySave) {
  CoreHarness h;
  EXPECT_EQ(h.command("list"), (std::vector<std::string>{"There are 0 of a max of 20 players online: "}));
  EXPECT_EQ(h.command("say hello there"), (std::vector<std::string>{"[Server] hello there"}));
  EXPECT_EQ(h.command("save-all"),
            (std::vector<std::string>{"Saving the game (this may take a moment!)", "Saved the game"}));
  EXPECT_FALSE(h.core.stop_requested());
  EXPECT_EQ(h.command("stop"), (std::vector<std::string>{"Stopping the server"}));
  EXPECT_TRUE(h.core.stop_requested());
  auto help = h.command("help");
  EXPECT_NE(std::find(help.begin(), help.end(), "/tick (query|rate|step|sprint|freeze|unfreeze)"), help.end());
}

}  // namespace
}  // namespace hz
