// Test harness: a Core driven through its input boundary with a scripted clock, collecting the
// effects it emits, the way the live shell drives it but without sockets or real time.
#pragma once

#include <string>
#include <vector>

#include "sim/core/effect_buffer.h"
#include "sim/game/core.h"

namespace hz::testing {

// Reads within one iteration (non-sprinting): 1 = loop start, 2 = tick start, 3 = tick end.
// The third read advances the clock by the tick duration the test chose.
class LoopClock final : public Clock {
 public:
  int64_t now = 1'000'000'000'000;  // like a monotonic clock long after boot
  int64_t tick_duration = 0;
  int reads = 0;
  int64_t now_nanos() override {
    ++reads;
    if (reads == 3) now += tick_duration;
    return now;
  }
};

inline ServerProperties test_properties() {
  ServerProperties p = *parse_server_properties("pause-when-empty-seconds=0\nonline-mode=false\n").properties;
  return p;
}

struct CoreHarness {
  LoopClock clock;
  EffectBuffer sink;
  Core core;
  // `ops_json`: the text of ops.json (none by default).
  explicit CoreHarness(ServerProperties props = test_properties(), std::string ops_json = "")
      : core(CoreConfig{std::move(props), 12345, std::move(ops_json), {}, {}}, clock, sink) {
    core.start();
  }
  // One loop pass whose tick takes `duration` ns; then the shell's wait, if there is time left.
  IterationDigest iterate(int64_t duration, std::vector<Input> inputs = {}) {
    clock.reads = 0;
    clock.tick_duration = duration;
    IterationDigest d = core.run_iteration(inputs);
    if (clock.now < core.next_tick_nanos()) clock.now = core.next_tick_nanos();
    return d;
  }
  std::vector<std::string> command(const std::string& line, int64_t duration = 0) {
    sink.clear();
    iterate(duration, {ConsoleLine{line}});
    return sink.logs();
  }
};

}  // namespace hz::testing
