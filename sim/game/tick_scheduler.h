// The timing part of vanilla's MinecraftServer.runServer loop: how long the coming tick should
// take, catching up by back-to-back ticks, and skipping a backlog with "Can't keep up!".
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sim/core/clock.h"
#include "sim/game/tick_rate.h"

namespace hz {

class TickScheduler {
 public:
  static constexpr int64_t kOverloadedThresholdNanos = 1'000'000'000;
  static constexpr int64_t kOverloadedTicksThreshold = 20;
  static constexpr int64_t kOverloadedWarningIntervalNanos = 10'000'000'000;
  static constexpr int64_t kOverloadedTicksWarningInterval = 100;

  // Before the first tick: the schedule starts now.
  void start(int64_t now) { next_tick_nanos_ = now; }

  struct Decision {
    bool sprinting = false;
    int64_t now_nanos = 0;                // the clock read this pass started with
    std::optional<std::string> warning;  // the "Can't keep up!" line, when one is due
  };
  // Steps 1-3 of the loop: reads the clock once, decides the tick length and advances the target.
  Decision begin_tick(Clock& clock, TickRateManager& rate);

  // The start of the next tick: the shell waits until the clock reaches it.
  int64_t next_tick_nanos() const { return next_tick_nanos_; }
  int64_t last_overload_warning_nanos() const { return last_overload_warning_nanos_; }
  uint64_t hash() const;

  // The members hash() covers, for snapshots (sim/game/snapshot/state_io.h).
  template <class Io>
  void state_fields(Io& io) {
    io(next_tick_nanos_, last_overload_warning_nanos_);
  }

 private:
  int64_t next_tick_nanos_ = 0;
  int64_t last_overload_warning_nanos_ = 0;
};

}  // namespace hz
