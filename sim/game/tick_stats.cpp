#include "sim/game/tick_stats.h"

#include <algorithm>

#include "sim/core/hash.h"

namespace hz {

void TickStats::record(int64_t tick_count, int64_t nanos) {
  int idx = static_cast<int>(tick_count % kSpan);
  aggregated_ -= ring_[idx];
  aggregated_ += nanos;
  ring_[idx] = nanos;
  smoothed_millis_ = smoothed_millis_ * 0.8f + static_cast<float>(nanos) / 1.0e6f * 0.19999999f;
}

int64_t TickStats::average_nanos(int64_t tick_count) const {
  return aggregated_ / std::min<int64_t>(kSpan, std::max<int64_t>(tick_count, 1));
}

std::array<int64_t, TickStats::kSpan> TickStats::sorted() const {
  auto copy = ring_;
  std::sort(copy.begin(), copy.end());
  return copy;
}

uint64_t TickStats::hash() const {
  Hasher h;
  h.bytes(ring_.data(), sizeof ring_);  // 100 durations: about as cheap as a dozen h.u64 calls
  h.i64(aggregated_);
  h.f32(smoothed_millis_);
  return h.digest();
}

}  // namespace hz
