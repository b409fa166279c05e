// horizon-bots' command line: defaults from the seed's method, and the checks.
#include <gtest/gtest.h>

#include "tools/bots/options.h"

namespace hz::bots {
namespace {

TEST(Options, DefaultsFollowTheSeedMethod) {
  auto parsed = parse_options({});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  const Options& o = parsed->options;
  EXPECT_EQ(o.bots, 1);
  EXPECT_EQ(o.join_interval_s, 1.0);
  EXPECT_EQ(o.behaviour, Behaviour::kWalk);
  EXPECT_EQ(o.walk_speed, 5.6);
  EXPECT_EQ(o.explore_speed, 22.0);
  EXPECT_EQ(o.view_distance, 10);
  EXPECT_EQ(bot_name(o, 7), "Bot7");
}

TEST(Options, ReadsEveryOption) {
  auto parsed = parse_options({"--host", "10.0.0.2", "--port", "25599", "--bots", "25", "--join-interval", "0.5",
                               "--behaviour", "explore", "--explore-speed", "0.8", "--duration", "380",
                               "--warmup", "85", "--view-distance", "12", "--prefix", "Load", "--json", "out.json"});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  const Options& o = parsed->options;
  EXPECT_EQ(o.host, "10.0.0.2");
  EXPECT_EQ(o.port, 25599);
  EXPECT_EQ(o.bots, 25);
  EXPECT_EQ(o.join_interval_s, 0.5);
  EXPECT_EQ(o.behaviour, Behaviour::kExplore);
  EXPECT_EQ(o.explore_speed, 0.8);
  EXPECT_EQ(o.duration_s, 380);
  EXPECT_EQ(o.warmup_s, 85);
  EXPECT_EQ(o.view_distance, 12);
  EXPECT_EQ(bot_name(o, 25), "Load25");
  EXPECT_EQ(o.json_path, "out.json");
}

TEST(Options, RefusesWhatCannotWork) {
  for (auto args : std::vector<std::vector<std::string>>{
           {"--bots", "0"}, {"--behaviour", "swim"}, {"--view-distance", "1"}, {"--port", "70000"},
           {"--prefix", "Bot With Space"}, {"--prefix", "SixteenCharsLong", "--bots", "2"},
           {"--warmup", "10", "--duration", "5"}, {"--explore-speed", "0"}, {"--unknown"}}) {
    EXPECT_FALSE(parse_options(args).ok()) << args[0];
  }
}

TEST(Options, HelpListsTheOptions) {
  auto parsed = parse_options({"--help"});
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(parsed->help_requested);
  EXPECT_NE(parsed->help_text.find("--join-interval"), std::string::npos);
}

}  // namespace
}  // namespace hz::bots
