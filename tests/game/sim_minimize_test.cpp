// horizon-sim --minimize's parts: delta debugging held to what it promises (a failing, 1-minimal
// subset; exactly the parts a conjunction needs), the names `--omit` takes, and a run leaving a
// client out. The shrinking of a real failing run is tested on the binary (integration.sim).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "sim/simulation/delta_debugging.h"
#include "sim/simulation/sim_parts.h"
#include "sim/simulation/simulation.h"

namespace hz {
namespace {

std::vector<std::string> numbered_parts(int n) {
  std::vector<std::string> parts;
  for (int i = 0; i < n; ++i) parts.push_back("p" + std::to_string(i));
  return parts;
}

bool holds_all(const std::vector<std::string>& parts, const std::set<std::string>& needed) {
  return std::all_of(needed.begin(), needed.end(),
                     [&](const std::string& p) { return std::find(parts.begin(), parts.end(), p) != parts.end(); });
}

TEST(DeltaDebugging, KeepsThePartsAFailureNeedsInTheirOrder) {
  const std::set<std::string> needed{"p2", "p7"};
  int runs = 0;
  const auto kept = ddmin(numbered_parts(12), [&](const std::vector<std::string>& s) {
    ++runs;
    return holds_all(s, needed);
  });
  EXPECT_EQ(kept, (std::vector<std::string>{"p2", "p7"}));
  EXPECT_LT(runs, 12 * 12);
}

TEST(DeltaDebugging, ATestFailingWithNothingKeepsNothing) {
  EXPECT_TRUE(ddmin(numbered_parts(5), [](const std::vector<std::string>&) { return true; }).empty());
}

// For a test failing exactly when every part of a set is there, ddmin returns that set.
RC_GTEST_PROP(DeltaDebugging, AConjunctionShrinksToExactlyItsParts, ()) {
  const int n = *rc::gen::inRange(1, 40);
  const std::vector<std::string> all = numbered_parts(n);
  std::set<std::string> needed;
  for (const std::string& p : all)
    if (*rc::gen::inRange(0, 4) == 0) needed.insert(p);
  const auto kept = ddmin(all, [&](const std::vector<std::string>& s) { return holds_all(s, needed); });
  RC_ASSERT(std::set<std::string>(kept.begin(), kept.end()) == needed);
}

// For any test that fails when one of several sets is all there (monotone, several causes),
// the result fails and leaving out any one of its parts passes.
RC_GTEST_PROP(DeltaDebugging, TheResultFailsAndIsOneMinimal, ()) {
  const int n = *rc::gen::inRange(1, 30);
  const std::vector<std::string> all = numbered_parts(n);
  std::vector<std::set<std::string>> causes(static_cast<size_t>(*rc::gen::inRange(1, 4)));
  for (auto& cause : causes)
    for (const std::string& p : all)
      if (*rc::gen::inRange(0, 3) == 0) cause.insert(p);
  auto fails = [&](const std::vector<std::string>& s) {
    return std::any_of(causes.begin(), causes.end(), [&](const auto& c) { return holds_all(s, c); });
  };
  const auto kept = ddmin(all, fails);
  RC_ASSERT(fails(kept));
  for (size_t i = 0; i < kept.size(); ++i) {
    std::vector<std::string> fewer = kept;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
    RC_ASSERT(!fails(fewer));
  }
}

TEST(SimParts, NamesReadBackAndUnknownOnesAreRefusedByName) {
  auto omit = parse_omissions("Sim3,Sim1.walk,torn,Sim1.jump,latency");
  ASSERT_TRUE(omit.ok()) << omit.error();
  EXPECT_EQ(omit->clients, std::set<int>{3});
  EXPECT_EQ(omit->behaviours.at(1), (1u << 0) | (1u << 7));
  EXPECT_EQ(omit->faults, kFaultTorn | kFaultLatency);
  EXPECT_EQ(omissions_text(*omit), "Sim3,Sim1.walk,Sim1.jump,latency,torn");
  EXPECT_EQ(*parse_omissions(omissions_text(*omit)), *omit);
  EXPECT_TRUE(parse_omissions("")->empty());
  for (const char* bad : {"Sim0", "Sim", "Sim1.fly", "bogus", "Sim2,", "sim1"}) {
    auto parsed = parse_omissions(bad);
    ASSERT_FALSE(parsed.ok()) << bad;
    EXPECT_NE(parsed.error().find("'"), std::string::npos) << parsed.error();
  }
}

TEST(SimParts, ActionNumbersReadBackAsRanges) {
  auto omit = parse_omissions("Sim2.walk#7,Sim2.walk#10-12,Sim2.walk#20-,Sim1.jump#1-");
  ASSERT_TRUE(omit.ok()) << omit.error();
  const std::pair<int, int> walk2{2, kBehaviourWalk}, jump1{1, kBehaviourJump};
  EXPECT_EQ(omit->actions.at(walk2), (ActionRanges{{7, 7}, {10, 12}, {20, 0}}));
  EXPECT_EQ(omit->actions.at(jump1), (ActionRanges{{1, 0}}));
  EXPECT_EQ(omissions_text(*omit), "Sim1.jump#1-,Sim2.walk#7,Sim2.walk#10-12,Sim2.walk#20-");
  EXPECT_EQ(*parse_omissions(omissions_text(*omit)), *omit);
  for (const char* bad : {"Sim1.walk#", "Sim1.walk#0", "Sim1.walk#5-3", "Sim1.walk#x", "Sim1.walk#-4", "Sim1.fly#2"}) {
    auto parsed = parse_omissions(bad);
    ASSERT_FALSE(parsed.ok()) << bad;
    EXPECT_NE(parsed.error().find(bad), std::string::npos) << parsed.error();
  }
}

TEST(SimParts, AnActionCounterNumbersEachBehaviourAndLeavesOutItsRanges) {
  ActionCounter counter(*parse_omissions("Sim1.walk#2-3,Sim1.walk#5-,Sim2.chat#1"), 1);
  std::vector<bool> walks;
  for (int i = 0; i < 6; ++i) walks.push_back(counter.next(kBehaviourWalk));
  EXPECT_EQ(walks, (std::vector<bool>{true, false, false, true, false, false}));
  EXPECT_TRUE(counter.next(kBehaviourChat));  // Sim2's chat, not Sim1's
  EXPECT_EQ(counter.counts()[kBehaviourWalk], 6);
  EXPECT_EQ(counter.counts()[kBehaviourChat], 1);
}

TEST(SimParts, RangesWithoutTheKeptNumbers) {
  EXPECT_EQ(ranges_without({}), (ActionRanges{{1, 0}}));
  EXPECT_EQ(ranges_without({1}), (ActionRanges{{2, 0}}));
  EXPECT_EQ(ranges_without({2, 5, 6}), (ActionRanges{{1, 1}, {3, 4}, {7, 0}}));
  ActionCounter counter(SimOmissions{{}, {}, {{{1, kBehaviourBuild}, ranges_without({2, 5, 6})}}, 0}, 1);
  std::vector<int> taken;
  for (int n = 1; n <= 9; ++n)
    if (counter.next(kBehaviourBuild)) taken.push_back(n);
  EXPECT_EQ(taken, (std::vector<int>{2, 5, 6}));
}

TEST(SimParts, ARunsPartsAreItsClientsTheirBehavioursAndItsFaultKinds) {
  EXPECT_EQ(run_parts(2, false, false).size(), 2u * 10);  // each client and its 9 behaviours
  EXPECT_EQ(run_parts(2, true, false).size(), 2u * 10 + 3);  // latency, split, stall
  EXPECT_EQ(run_parts(1, true, true).size(), 10u + 8);
  SimOmissions omit = *parse_omissions("Sim2,Sim1.chat,split,crash");
  const auto kept = kept_parts(2, true, true, omit);
  EXPECT_EQ(kept.size(), 9u + 6);
  EXPECT_EQ(std::count(kept.begin(), kept.end(), "Sim1.chat"), 0);
  EXPECT_EQ(std::count(kept.begin(), kept.end(), "Sim1.walk"), 1);
  EXPECT_EQ(std::count(kept.begin(), kept.end(), "crash"), 0);
}

// A quiet run of seed 4 (no faults).
SimOptions seed_four(double seconds, int clients) {
  SimOptions o;
  o.seed = 4;
  o.seconds = seconds;
  o.clients = clients;
  return o;
}

TEST(Simulation, ClientsLeftOutNeverConnect) {
  SimOptions o = seed_four(5, 3);
  const SimResult all = run_simulation(o, {});
  EXPECT_GE(all.connections, 3);
  o.omit = *parse_omissions("Sim1,Sim2,Sim3");
  const SimResult none = run_simulation(o, {});
  EXPECT_EQ(none.connections, 0);
  EXPECT_TRUE(none.violations.empty());
}

// An action left out still draws what it would have sent: leaving out every walk of a client
// is the same run as leaving out its walking, and leaving out some walks changes the run. (Seed 4's
// Sim1 explores, and walks only when exploring is left out.)
TEST(Simulation, ActionsLeftOutKeepTheClientsDraws) {
  SimOptions o = seed_four(10, 2);
  o.omit = *parse_omissions("Sim1.explore");
  const SimResult all = run_simulation(o, {});
  ASSERT_GT(all.actions.at(1)[kBehaviourWalk], 3) << "seed 4's Sim1 walks";
  o.omit = *parse_omissions("Sim1.explore,Sim1.walk");
  const SimResult no_walking = run_simulation(o, {});
  o.omit = *parse_omissions("Sim1.explore,Sim1.walk#1-");
  const SimResult no_walks = run_simulation(o, {});
  EXPECT_EQ(no_walks.digest, no_walking.digest);
  o.omit = *parse_omissions("Sim1.explore,Sim1.walk#2-3");
  const SimResult fewer = run_simulation(o, {});
  EXPECT_NE(fewer.digest, all.digest);
  EXPECT_NE(fewer.digest, no_walks.digest);
}

// An explorer moves only by exploring; with its exploring left out it is the walker it was
// before clients explored, and the other clients' draws do not change either way.
TEST(Simulation, AnExplorerWalksOnlyWhenExploringIsLeftOut) {
  SimOptions o = seed_four(10, 2);
  const SimResult exploring = run_simulation(o, {});
  EXPECT_GT(exploring.actions.at(1)[kBehaviourExplore], 50);
  EXPECT_EQ(exploring.actions.at(1)[kBehaviourWalk], 0);
  EXPECT_TRUE(exploring.violations.empty());
  o.omit = *parse_omissions("Sim1.explore");
  const SimResult walking = run_simulation(o, {});
  EXPECT_EQ(walking.actions.at(1)[kBehaviourExplore], 0);
  EXPECT_GT(walking.actions.at(1)[kBehaviourWalk], 3);
  EXPECT_EQ(walking.actions.at(2), exploring.actions.at(2));
  EXPECT_NE(walking.digest, exploring.digest);
}

}  // namespace
}  // namespace hz
