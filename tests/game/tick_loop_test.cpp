#include <gtest/gtest.h>

#include "tests/game/core_harness.h"

namespace hz {
namespace {

using testing::CoreHarness;
using testing::kMs;

int count_warnings(const std::vector<std::string>& logs) {
  int n = 0;
  for (const auto& l : logs) n += l.rfind("Can't keep up!", 0) == 0;
  return n;
}

TEST(TickLoop, OnTimeTicksWaitForTheSchedule) {
  CoreHarness h;
  int64_t start = h.clock.now;
  for (int i = 0; i < 10; ++i) h.iterate(10 * kMs);
  EXPECT_EQ(h.core.next_tick_nanos(), start + 10 * 50 * kMs);
  EXPECT_EQ(h.clock.now, start + 10 * 50 * kMs);  // the harness waited until each next tick
}

TEST(TickLoop, SlowTicksRunBackToBackAndCatchUp) {
  CoreHarness h;
  int64_t start = h.clock.now;
  // 70 ms ticks at 20 TPS: the server falls behind by 20 ms a tick and never waits.
  for (int i = 0; i < 50; ++i) h.iterate(70 * kMs);
  EXPECT_EQ(h.clock.now, start + 50 * 70 * kMs);
  EXPECT_EQ(h.core.next_tick_nanos(), start + 50 * 50 * kMs);
  EXPECT_EQ(count_warnings(h.sink.logs()), 0);  // 1 s behind: below the 2 s threshold
  // Fast ticks afterwards catch up back-to-back (no waiting until the schedule is reached).
  int64_t behind = h.clock.now - h.core.next_tick_nanos();
  int iterations = 0;
  while (h.clock.now > h.core.next_tick_nanos() && iterations < 1000) {
    h.iterate(1 * kMs);
    ++iterations;
  }
  EXPECT_EQ(iterations, static_cast<int>(behind / (49 * kMs)) + 1);
}

TEST(TickLoop, WarningOnlyBeyondTwoSecondsAndAtMostEvery15Seconds) {
  CoreHarness h;
  int64_t start = h.clock.now;
  std::vector<int64_t> warned_at;  // scheduled tick time when a warning fired
  for (int i = 0; i < 2000; ++i) {
    h.sink.clear();
    int64_t behind_before = h.clock.now - h.core.next_tick_nanos();
    h.iterate(70 * kMs);
    if (count_warnings(h.sink.logs()) == 1) {
      EXPECT_GT(behind_before, 2000 * kMs);  // 1 s + 20 ticks of 50 ms
      warned_at.push_back(h.core.next_tick_nanos());
      // The backlog was dropped: the schedule is now within one tick of real time.
      EXPECT_LE(h.clock.now - h.core.next_tick_nanos(), 70 * kMs);
    }
  }
  ASSERT_GE(warned_at.size(), 3u);
  for (size_t i = 1; i < warned_at.size(); ++i) EXPECT_GE(warned_at[i] - warned_at[i - 1], 15'000 * kMs);
  (void)start;
}

TEST(TickLoop, WarningTextIsVanillas) {
  CoreHarness h;
  h.iterate(0);
  h.clock.now += 5'000 * kMs;  // a 5 s stall before the next pass
  h.sink.clear();
  h.iterate(0);
  auto logs = h.sink.logs();
  ASSERT_EQ(count_warnings(logs), 1);
  EXPECT_EQ(logs[0], "Can't keep up! Is the server overloaded? Running 5000ms or 100 ticks behind");
}

TEST(TickLoop, PauseWhenEmptyStopsCountingTicks) {
  ServerProperties props = testing::test_properties();
  props.pause_when_empty_seconds = 1;
  CoreHarness h(props);
  std::vector<std::string> logs;
  for (int i = 0; i < 25; ++i) {
    h.iterate(kMs);
    for (auto& l : h.sink.logs()) logs.push_back(l);
    h.sink.clear();
  }
  EXPECT_EQ(h.core.tick_count(), 19);  // ticks 1..19 ran, then 20 empty ticks reached the threshold
  ASSERT_EQ(logs.size(), 1u) << ::testing::PrintToString(logs);
  EXPECT_EQ(logs[0], "Server empty for 1 seconds, pausing");
  EXPECT_EQ(h.command("tick query").size(), 3u);  // the console still works while paused
}

TEST(Determinism, SameInputsGiveSameDigestsTickByTick) {
  CoreHarness a, b;
  std::vector<std::vector<Input>> script = {
      {ConsoleLine{"tick rate 33"}},
      {ConnectionOpened{1, "127.0.0.1:5000"}, BytesReceived{1, {0x10, 0x00}}},
      {ConsoleLine{"gamerule respawn_radius 0"}, ConsoleLine{"tick query"}},
      {ConnectionClosed{1}},
      {ConsoleLine{"tick freeze"}},
      {ConsoleLine{"tick step 3"}},
      {}, {}, {ConsoleLine{"tick unfreeze"}}, {ConsoleLine{"list"}}};
  int64_t duration = 3 * kMs;
  for (const auto& inputs : script) {
    IterationDigest da = a.iterate(duration, inputs);
    IterationDigest db = b.iterate(duration, inputs);
    EXPECT_EQ(da, db);
    duration += 7 * kMs;
  }
  // A different input changes the digest.
  IterationDigest da = a.iterate(duration, {ConsoleLine{"tick rate 20"}});
  IterationDigest db = b.iterate(duration, {ConsoleLine{"tick rate 21"}});
  EXPECT_NE(da, db);
}

}  // namespace
}  // namespace hz
