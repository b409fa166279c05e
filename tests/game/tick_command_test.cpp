#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "tests/game/core_harness.h"

namespace hz {
namespace {

using testing::CoreHarness;

// --- An independent model of /tick query, written from the spec (sections 4-6) ---------------

// Java "%.1f" of a float widened to double, done with long double arithmetic on the shortest
// decimal string: an independent route to HALF_UP rounding.
std::string model_format_1(float f) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(f));
  // Find the shortest representation that round-trips to the same double.
  double d = static_cast<double>(f);
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, d);
    if (std::strtod(buf, nullptr) == d) break;
  }
  // buf is d.ddde±x; shift the decimal digits and round half-up at one place.
  std::string s(buf);
  bool neg = s[0] == '-';
  if (neg) s = s.substr(1);
  size_t e = s.find('e');
  int exp = std::stoi(s.substr(e + 1));
  std::string digits;
  for (char c : s.substr(0, e))
    if (c != '.') digits += c;
  // value = 0.digits * 10^(exp+1); scaled = value * 10 as an integer + remainder digits.
  int int_len = exp + 2;  // digits before the point after multiplying by 10
  std::string padded = digits;
  long long scaled = 0;
  int next_digit = 0;
  if (int_len <= 0) {
    scaled = 0;
    next_digit = int_len == 0 ? digits[0] - '0' : 0;
  } else {
    while (static_cast<int>(padded.size()) < int_len + 1) padded += '0';
    scaled = std::stoll(padded.substr(0, int_len));
    next_digit = padded[int_len] - '0';
  }
  if (next_digit >= 5) ++scaled;
  std::string out = std::to_string(scaled / 10) + "." + std::to_string(scaled % 10);
  return (neg ? "-" : "") + out;
}

std::string model_ms(int64_t nanos) { return model_format_1(static_cast<float>(nanos) / 1.0e6f); }

struct TickQueryModel {
  std::vector<int64_t> durations;  // every completed tick, in order
  float rate = 20.0f;

  std::vector<std::string> query() const {
    int64_t tick_count = static_cast<int64_t>(durations.size()) + 1;  // the query runs inside a tick
    std::vector<int64_t> ring(100, 0);
    for (size_t i = 0; i < durations.size(); ++i) ring[(i + 1) % 100] = durations[i];
    int64_t sum = 0;
    for (int64_t v : ring) sum += v;
    int64_t average = sum / std::min<int64_t>(100, std::max<int64_t>(tick_count, 1));
    int64_t nanos_per_tick = static_cast<int64_t>(1e9 / static_cast<double>(rate));
    std::vector<std::string> lines;
    lines.push_back(nanos_per_tick < average ? "The game is running, but can't keep up with the target tick rate"
                                             : "The game is running normally");
    lines.push_back("Target tick rate: " + model_format_1(rate) + " per second.\nAverage time per tick: " +
                    model_ms(average) + "ms (Target: " + model_ms(nanos_per_tick) + "ms)");
    std::sort(ring.begin(), ring.end());
    lines.push_back("Percentiles: P50: " + model_ms(ring[50]) + "ms P95: " + model_ms(ring[95]) +
                    "ms P99: " + model_ms(ring[99]) + "ms. Sample: 100");
    return lines;
  }
};

RC_GTEST_PROP(TickQuery, MatchesReferenceModel, ()) {
  CoreHarness h;
  TickQueryModel model;
  int steps = *rc::gen::inRange(1, 260);
  for (int i = 0; i < steps; ++i) {
    if (*rc::gen::inRange(0, 20) == 0) {
      float rate = static_cast<float>(*rc::gen::inRange(1, 2000)) / 4.0f;  // 0.25 .. 500
      rate = std::max(rate, 1.0f);
      char text[64];
      std::snprintf(text, sizeof text, "tick rate %g", static_cast<double>(rate));
      int64_t d = *rc::gen::inRange<int64_t>(0, 120'000'000);
      h.command(text, d);
      model.rate = rate;
      model.durations.push_back(d);
    } else {
      int64_t d = *rc::gen::oneOf(rc::gen::inRange<int64_t>(0, 2'000'000),
                                  rc::gen::inRange<int64_t>(0, 200'000'000));
      h.iterate(d);
      model.durations.push_back(d);
    }
  }
  int64_t d = *rc::gen::inRange<int64_t>(0, 50'000'000);
  auto lines = h.command("tick query", d);
  std::erase_if(lines, [](const std::string& l) { return l.rfind("Can't keep up!", 0) == 0; });
  RC_ASSERT(lines == model.query());
}

TEST(TickQuery, FreshServerReportsZeros) {
  CoreHarness h;
  auto lines = h.command("tick query");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "The game is running normally");
  EXPECT_EQ(lines[1], "Target tick rate: 20.0 per second.\nAverage time per tick: 0.0ms (Target: 50.0ms)");
  EXPECT_EQ(lines[2], "Percentiles: P50: 0.0ms P95: 0.0ms P99: 0.0ms. Sample: 100");
}

TEST(TickCommand, RateArgumentsAreChecked) {
  CoreHarness h;
  EXPECT_EQ(h.command("tick rate 0.5"),
            (std::vector<std::string>{"Float must not be less than 1.0: found 0.5", "tick rate 0.5<--[HERE]"}));
  EXPECT_EQ(h.command("/tick rate 10001"),
            (std::vector<std::string>{"Float must not be more than 10000.0: found 10001.0", "tick rate 10001<--[HERE]"}));
  EXPECT_EQ(h.command("tick rate 7.25"), (std::vector<std::string>{"Set the target tick rate to 7.3 per second"}));
  EXPECT_EQ(h.core.tick_rate().nanoseconds_per_tick(), 137931034);
  EXPECT_EQ(h.command("tick rate abc")[0], "Expected float");
}

TEST(TickCommand, UnknownCommandsUseVanillaText) {
  CoreHarness h;
  EXPECT_EQ(h.command("foo bar"),
            (std::vector<std::string>{"Unknown or incomplete command. See below for error", "foo bar<--[HERE]"}));
}

TEST(TickCommand, FreezeStepAndUnfreeze) {
  CoreHarness h;
  EXPECT_EQ(h.command("tick step"),
            (std::vector<std::string>{"Unable to step the game - the game must be frozen first"}));
  EXPECT_EQ(h.command("tick freeze"), (std::vector<std::string>{"The game is frozen"}));
  EXPECT_TRUE(h.core.tick_rate().is_frozen());
  EXPECT_EQ(h.command("tick query")[0], "The game is frozen");
  EXPECT_EQ(h.command("tick step 1s"), (std::vector<std::string>{"Stepping 20 tick(s)"}));
  EXPECT_EQ(h.core.tick_rate().frozen_ticks_to_run(), 20);
  h.iterate(0);  // rate.tick(): runs game elements and counts one step down
  EXPECT_TRUE(h.core.tick_rate().runs_normally());
  EXPECT_EQ(h.core.tick_rate().frozen_ticks_to_run(), 19);
  EXPECT_EQ(h.command("tick step stop"), (std::vector<std::string>{"Interrupted the current tick step"}));
  EXPECT_EQ(h.command("tick step stop"), (std::vector<std::string>{"No tick step in progress"}));
  EXPECT_EQ(h.command("tick step 0.4t"),
            (std::vector<std::string>{"The tick count must not be less than 1: found 0", "... step 0.4t<--[HERE]"}));
  EXPECT_EQ(h.command("tick step 2x")[0], "Invalid unit");
  EXPECT_EQ(h.command("tick unfreeze"), (std::vector<std::string>{"The game is running normally"}));
  EXPECT_FALSE(h.core.tick_rate().is_frozen());
}

TEST(TickCommand, SprintRunsBackToBackAndReports) {
  CoreHarness h;
  EXPECT_EQ(h.command("tick sprint stop"), (std::vector<std::string>{"No tick sprint in progress"}));
  EXPECT_EQ(h.command("tick sprint 10"), (std::vector<std::string>{"The game is sprinting"}));
  EXPECT_EQ(h.command("tick query")[0], "The game is sprinting");
  // The query tick was the first sprint tick; run the remaining 9, each 2 ms of tick work, with
  // no waiting in between (the schedule is reset to "now" each sprint tick).
  for (int i = 0; i < 9; ++i) {
    h.iterate(2'000'000);
    EXPECT_LE(h.core.next_tick_nanos(), h.clock.now);
  }
  h.sink.clear();
  h.iterate(0);  // no sprint ticks left: the report comes from checkShouldSprintThisTick
  auto logs = h.sink.logs();
  ASSERT_EQ(logs.size(), 1u);
  EXPECT_EQ(logs[0].rfind("Sprint completed with ", 0), 0u) << logs[0];
  EXPECT_FALSE(h.core.tick_rate().is_sprinting());
}

TEST(TickCommand, SprintReportNumbers) {
  // Independent arithmetic from the spec: 4 completed ticks, 10 ms of work -> 400 tps, "2.50".
  CoreHarness h;
  h.command("tick sprint 4");
  // Each sprint iteration: read 1 (loop), read 2 (sprint start), 3 (t0), 4 (t1), 5 (end work).
  // LoopClock advances on read 3, i.e. between sprint start and t0: that time counts as work.
  // The command's own iteration was a normal tick; the next four are the sprint ticks.
  for (int i = 0; i < 4; ++i) h.iterate(2'500'000);
  h.sink.clear();
  h.iterate(0);
  auto logs = h.sink.logs();
  ASSERT_FALSE(logs.empty());
  EXPECT_EQ(logs[0], "Sprint completed with 400 ticks per second, or 2.50 ms per tick");
}

}  // namespace
}  // namespace hz
