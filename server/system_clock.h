// The live clock: the system's monotonic clock, as Java's System.nanoTime.
// The core sees it only through the Clock interface, so a trace can record every read.
#pragma once

#include <chrono>

#include "sim/core/clock.h"

namespace hz {

class SteadyClock final : public Clock {
 public:
  int64_t now_nanos() override {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  int64_t wall_millis() override {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
};

}  // namespace hz
