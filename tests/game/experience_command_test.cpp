// /experience and /xp (docs/rules/experience.md §7) through the core's console: adding and
// setting points and levels with vanilla's texts, the bar sent at the player's next tick, the
// query, and the errors.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "sim/game/survival/experience_rules.h"
#include "sim/protocol/packets.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/movement_client.h"

namespace hz {
namespace {

using testing::join;
using testing::JoinedPlayer;
using testing::logged;
using testing::MovementServer;
using testing::sent_to;

struct Experienced {
  MovementServer s;
  JoinedPlayer a, b;
  Experienced() : a(join(s, 1, "Alice")), b(join(s, 2, "Bob")) {
    s.tick({a.loaded().confirm(1).take(), b.loaded().confirm(1).take()});
    s.h.sink.clear();
  }
  void run(const std::string& line) { s.tick({ConsoleLine{line}}); }
  const experience::Experience& xp(ConnId conn) { return s.player(conn)->xp; }
  bool said(const std::string& text) { return logged(s.h.sink, text); }
};

TEST(ExperienceCommand, AddsLevelsAndPointsAndTheBarFollows) {
  Experienced e;
  e.run("xp add Alice 30 levels");
  EXPECT_TRUE(e.said("Gave 30 experience levels to Alice"));
  EXPECT_EQ(e.xp(1).level, 30);
  EXPECT_EQ(e.xp(1).total, 0);  // levels leave the total alone
  e.s.tick();
  auto bars = sent_to<packet::play_cb::SetExperience>(e.s.h.sink, 1);
  ASSERT_FALSE(bars.empty());
  EXPECT_EQ(bars.back().level, 30);
  // Points as orbs give them: 10 at level 0 pass level 1 (7) with 3 of 9 over.
  e.run("experience add Bob 10");
  EXPECT_TRUE(e.said("Gave 10 experience points to Bob"));
  experience::Experience expected;
  experience::give_points(expected, 10);
  EXPECT_EQ(e.xp(2).level, 1);
  EXPECT_EQ(e.xp(2).progress, expected.progress);
  EXPECT_EQ(e.xp(2).total, 10);
  // Taking more levels than there are resets everything.
  e.run("xp add Bob -5 levels");
  EXPECT_EQ(e.xp(2).level, 0);
  EXPECT_EQ(e.xp(2).total, 0);
  EXPECT_EQ(e.xp(2).progress, 0.0f);
  // Several players are counted.
  e.run("xp add @a 2 levels");
  EXPECT_TRUE(e.said("Gave 2 experience levels to 2 players"));
  EXPECT_EQ(e.xp(1).level, 32);
  EXPECT_EQ(e.xp(2).level, 2);
}

TEST(ExperienceCommand, SetsPointsBelowTheLevelsNeedAndLevels) {
  Experienced e;
  e.run("xp set Alice 1 levels");
  EXPECT_TRUE(e.said("Set 1 experience levels on Alice"));
  e.run("xp set Alice 5 points");  // level 1 needs 9
  EXPECT_TRUE(e.said("Set 5 experience points on Alice"));
  EXPECT_EQ(e.xp(1).progress, 5.0f / 9.0f);
  e.run("xp query Alice points");
  EXPECT_TRUE(e.said("Alice has 5 experience points"));
  e.run("xp query Alice levels");
  EXPECT_TRUE(e.said("Alice has 1 experience levels"));
  e.run("xp set Alice 9 points");
  EXPECT_TRUE(e.said("Cannot set experience points above the maximum points for the player's current level"));
  EXPECT_EQ(e.xp(1).progress, 5.0f / 9.0f);
  // Setting levels leaves the progress and the total.
  e.run("xp set @a 3 levels");
  EXPECT_TRUE(e.said("Set 3 experience levels on 2 players"));
  EXPECT_EQ(e.xp(1).level, 3);
  EXPECT_EQ(e.xp(1).progress, 5.0f / 9.0f);
}

TEST(ExperienceCommand, ErrorsAreVanillasAndChangeNothing) {
  const std::pair<const char*, const char*> cases[] = {
      {"xp", "Unknown or incomplete command. See below for error"},
      {"xp take Alice 3", "Incorrect argument for command"},
      {"xp set Alice -1", "Integer must not be less than 0: found -1"},
      {"xp add Alice 3 hearts", "Incorrect argument for command"},
      {"xp query @a points", "Only one player is allowed, but the provided selector allows more than one"},
      {"xp query Alice", "Unknown or incomplete command. See below for error"},
      {"xp add @e 3", "Only players may be affected by this command, but the provided selector includes entities"},
      {"xp add Nobody 3", "No player was found"},
  };
  Experienced e;
  for (const auto& [line, text] : cases) {
    e.s.h.sink.clear();
    e.run(line);
    EXPECT_TRUE(e.said(text)) << line;
  }
  EXPECT_EQ(e.xp(1).level, 0);
  EXPECT_EQ(e.xp(1).total, 0);
}

}  // namespace
}  // namespace hz
