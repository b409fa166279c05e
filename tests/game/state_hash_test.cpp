// Core::state_hash covers every part of the core's state that can differ between two runs: two
// cores fed the same inputs agree, and a difference in one part alone (tick statistics, the
// running sprint, the tick schedule) changes the hash. Chunk contents: world_chunks_test.cpp.
#include <gtest/gtest.h>

#include "sim/game/tick_rate.h"
#include "sim/game/tick_scheduler.h"
#include "sim/game/tick_stats.h"
#include "tests/game/core_harness.h"

namespace hz {
namespace {

using testing::CoreHarness;
using testing::kMs;

TEST(StateHash, SameInputsGiveTheSameHash) {
  CoreHarness a, b;
  for (int i = 0; i < 5; ++i) {
    a.iterate(3 * kMs, {ConsoleLine{"tick query"}});
    b.iterate(3 * kMs, {ConsoleLine{"tick query"}});
    ASSERT_EQ(a.core.state_hash(), b.core.state_hash()) << "pass " << i;
  }
}

// Both ticks fit their 50 ms slot, so the schedule and everything else stay equal: only the
// recorded tick duration (what /tick query and autosave read) differs.
TEST(StateHash, CoversTickStatistics) {
  CoreHarness a, b;
  a.iterate(3 * kMs);
  b.iterate(4 * kMs);
  ASSERT_EQ(a.core.next_tick_nanos(), b.core.next_tick_nanos());
  ASSERT_EQ(a.core.tick_count(), b.core.tick_count());
  EXPECT_NE(a.core.state_hash(), b.core.state_hash());
}

// Two sprints of different lengths: both cores are sprinting at the same tick; only the ticks
// left to sprint differ.
TEST(StateHash, CoversTheRunningSprint) {
  CoreHarness a, b;
  a.iterate(1 * kMs, {ConsoleLine{"tick sprint 100"}});
  b.iterate(1 * kMs, {ConsoleLine{"tick sprint 200"}});
  ASSERT_TRUE(a.core.tick_rate().is_sprinting());
  ASSERT_TRUE(b.core.tick_rate().is_sprinting());
  ASSERT_EQ(a.core.tick_count(), b.core.tick_count());
  EXPECT_NE(a.core.state_hash(), b.core.state_hash());
}

TEST(StateHash, EachPartHashesItsOwnFields) {
  TickStats s1, s2;
  s1.record(1, 5 * kMs);
  s2.record(1, 5 * kMs);
  EXPECT_EQ(s1.hash(), s2.hash());
  s2.record(2, 1);
  EXPECT_NE(s1.hash(), s2.hash());

  struct NoListener final : TickRateListener {
    void on_ticking_state(float, bool) override {}
    void on_ticking_step(int) override {}
    void on_sprint_report(int, const std::string&) override {}
    void on_tick_rate_changed() override {}
  } listener;
  struct FixedClock final : Clock {
    int64_t now_nanos() override { return 7; }
  } clock;
  TickRateManager r1(clock, listener), r2(clock, listener);
  EXPECT_EQ(r1.hash(), r2.hash());
  r1.request_game_to_sprint(10);
  r2.request_game_to_sprint(11);
  EXPECT_NE(r1.hash(), r2.hash());
  TickRateManager r3(clock, listener);
  r3.set_tick_rate(25.0f);
  EXPECT_NE(r3.hash(), TickRateManager(clock, listener).hash());

  TickScheduler t1, t2;
  t1.start(100);
  t2.start(100);
  EXPECT_EQ(t1.hash(), t2.hash());
  t2.start(101);
  EXPECT_NE(t1.hash(), t2.hash());
}

}  // namespace
}  // namespace hz
