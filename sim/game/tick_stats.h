// The 100-slot ring of tickServer durations that /tick query and autosave read, exactly as
// vanilla's MinecraftServer keeps it (average = sum / min(100, max(tickCount, 1))).
#pragma once

#include <array>
#include <cstdint>

namespace hz {

class TickStats {
 public:
  static constexpr int kSpan = 100;

  // Records the duration of the tick numbered `tick_count` (already incremented for this tick).
  void record(int64_t tick_count, int64_t nanos);
  int64_t average_nanos(int64_t tick_count) const;
  // The whole ring, zeros of a young server included, sorted ascending.
  std::array<int64_t, kSpan> sorted() const;
  float smoothed_millis() const { return smoothed_millis_; }
  // The duration recorded last (what a simulation's reference model is fed, tick by tick).
  int64_t latest_nanos() const { return latest_; }
  // Everything above (the ring, its sum, the smoothed average), for the core's state hash.
  uint64_t hash() const;

 private:
  std::array<int64_t, kSpan> ring_{};
  int64_t aggregated_ = 0;
  float smoothed_millis_ = 0;
  int64_t latest_ = 0;  // also in ring_: not hashed
};

}  // namespace hz
