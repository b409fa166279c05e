// The 100-slot ring of tickServer durations that /tick query and autosave read, exactly as
// vanilla's MinecraftServer keeps it (average = sum / min(100, max(tickCount, 1))).
#pragma once

#include <array>
#include <cstddef>
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
  // The duration recorded for tick `tick_count` (a simulation feeds its reference model with it).
  int64_t nanos_of(int64_t tick_count) const { return ring_[static_cast<size_t>(tick_count % kSpan)]; }
  // Everything above (the ring, its sum, the smoothed average), for the core's state hash.
  uint64_t hash() const;

  // The members hash() covers, for snapshots (sim/game/snapshot/state_io.h).
  template <class Io>
  void state_fields(Io& io) {
    io(ring_, aggregated_, smoothed_millis_);
  }

 private:
  std::array<int64_t, kSpan> ring_{};
  int64_t aggregated_ = 0;
  float smoothed_millis_ = 0;
};

}  // namespace hz
