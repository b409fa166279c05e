// Ticks per second as measured: ticks completed over the last few seconds of wall time. Unlike
// 1000 / MSPT, it shows a server that falls behind, and a sprint, as they are.
#pragma once

#include <cstdint>
#include <deque>
#include <utility>

namespace hz {

class TpsWindow {
 public:
  static constexpr int64_t kWindowNanos = 5'000'000'000;

  // One observation per loop pass: the time and the number of ticks run so far.
  void add(int64_t now_nanos, int64_t tick_count) {
    samples_.emplace_back(now_nanos, tick_count);
    while (samples_.size() > 2 && now_nanos - samples_[1].first >= kWindowNanos) samples_.pop_front();
  }
  // 0 until two observations are apart in time.
  double ticks_per_second() const {
    if (samples_.size() < 2) return 0;
    auto [t0, n0] = samples_.front();
    auto [t1, n1] = samples_.back();
    if (t1 <= t0) return 0;
    return static_cast<double>(n1 - n0) * 1.0e9 / static_cast<double>(t1 - t0);
  }

 private:
  std::deque<std::pair<int64_t, int64_t>> samples_;
};

}  // namespace hz
