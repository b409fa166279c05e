// horizon-sim's reference model of the `/tick query` statistics (vanilla's MinecraftServer tick
// times, restated): the last 100 tick durations, their average and percentiles as the reply words them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/java_format.h"

namespace hz {

// Whether a line of text is one of the `/tick query` reply lines the model checks.
inline bool is_tick_query_line(std::string_view text) {
  return text.starts_with("Percentiles: ") || text.find("Average time per tick: ") != std::string_view::npos;
}

class TickStatsModel {
 public:
  static constexpr size_t kSpan = 100;

  // The core is inside tick `tick` (counted from 1 since it started): a restarted core counts
  // from 1 again, and the model with it.
  void enter_tick(int64_t tick) {
    if (tick != last_tick_ + 1) durations_.clear();
    last_tick_ = tick - 1;
  }
  // The tick just entered took `nanos`.
  void record(int64_t nanos) {
    ++last_tick_;
    durations_.push_back(nanos);
    if (durations_.size() > kSpan) durations_.pop_front();
  }

  // A query answered when the server's tick count was `tick_count` (before the duration of the
  // tick under way is known): the sum of the last 100 recorded durations over
  // min(100, tick_count), in the reply's "0.0" milliseconds.
  std::string average_text(int64_t tick_count) const {
    const int64_t sum = std::accumulate(durations_.begin(), durations_.end(), int64_t{0});
    return millis(sum / std::min<int64_t>(kSpan, std::max<int64_t>(tick_count, 1)));
  }
  // The percentiles line: the 100 slots (zeros until a hundred ticks were recorded) sorted; P50,
  // P95 and P99 are the slots 50, 95 and 99.
  std::string percentiles_line() const {
    std::vector<int64_t> slots(durations_.begin(), durations_.end());
    slots.resize(kSpan, 0);
    std::sort(slots.begin(), slots.end());
    return "Percentiles: P50: " + millis(slots[50]) + "ms P95: " + millis(slots[95]) + "ms P99: " + millis(slots[99]) +
           "ms. Sample: " + std::to_string(kSpan);
  }

 private:
  // Milliseconds as a float with one decimal, rounded half up (the reply's "%.1f").
  static std::string millis(int64_t nanos) { return java_fixed(static_cast<float>(nanos) / 1.0e6f, 1); }

  std::deque<int64_t> durations_;
  int64_t last_tick_ = 0;
};

}  // namespace hz
