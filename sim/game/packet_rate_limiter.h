// Counts one connection's packets over a sliding interval (Paper's IntervalledCounter): the rate
// is the packets received within the interval divided by its length in seconds.
#pragma once

#include <cstdint>
#include <deque>

namespace hz {

class PacketRateLimiter {
 public:
  // `max_rate` packets per second averaged over `interval_millis`; 0 never limits.
  PacketRateLimiter(int max_rate, int64_t interval_millis);
  PacketRateLimiter() : PacketRateLimiter(0, 1) {}

  // Counts one packet received at `now_millis` (never earlier than the last call's time).
  // Returns false once the average rate over the interval exceeds the limit.
  bool record(int64_t now_millis);
  // Packets per second over the interval ending at the last recorded time.
  double rate() const;
  int64_t packets_in_interval() const { return total_; }
  uint64_t hash() const;

 private:
  struct Bucket {
    int64_t millis;
    int64_t count;
  };
  int max_rate_;
  int64_t interval_millis_;
  std::deque<Bucket> buckets_;  // one per distinct receive time, oldest first
  int64_t total_ = 0;
};

}  // namespace hz
