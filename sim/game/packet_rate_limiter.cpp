#include "sim/game/packet_rate_limiter.h"

#include "sim/core/check.h"
#include "sim/core/hash.h"

namespace hz {

PacketRateLimiter::PacketRateLimiter(int max_rate, int64_t interval_millis)
    : max_rate_(max_rate), interval_millis_(interval_millis) {
  HZ_CHECK(interval_millis > 0);
}

bool PacketRateLimiter::record(int64_t now_millis) {
  if (max_rate_ <= 0) return true;
  history_ = hash_combine(history_, static_cast<uint64_t>(now_millis));
  HZ_CHECK(buckets_.empty() || now_millis >= buckets_.back().millis, "packet times go backwards");
  while (!buckets_.empty() && buckets_.front().millis <= now_millis - interval_millis_) {
    total_ -= buckets_.front().count;
    buckets_.pop_front();
  }
  if (buckets_.empty() || buckets_.back().millis != now_millis) buckets_.push_back({now_millis, 0});
  ++buckets_.back().count;
  ++total_;
  return rate() <= static_cast<double>(max_rate_);
}

double PacketRateLimiter::rate() const {
  return static_cast<double>(total_) * 1000.0 / static_cast<double>(interval_millis_);
}

}  // namespace hz
