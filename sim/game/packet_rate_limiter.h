// Counts one connection's packets over a sliding interval (Paper's IntervalledCounter): the rate
// is the packets received within the interval divided by its length in seconds.
#pragma once

#include <cstdint>
#include <deque>

#include "sim/core/hash.h"

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
  // Covers every packet time recorded so far, which decides the buckets. Kept as it goes: a state
  // hash runs every pass, and walking every connection's buckets then cost more than the counting.
  uint64_t hash() const { return hash_combine(history_, static_cast<uint64_t>(total_)); }
  template <class Io>
  void state_fields(Io& io) {
    io(max_rate_, interval_millis_, buckets_, total_, history_);
  }

 private:
  struct Bucket {
    int64_t millis;
    int64_t count;
    template <class Io>
    void state_fields(Io& io) {
      io(millis, count);
    }
  };
  int max_rate_;
  int64_t interval_millis_;
  std::deque<Bucket> buckets_;  // one per distinct receive time, oldest first
  int64_t total_ = 0;
  uint64_t history_ = 0;  // hash_combine over every recorded time
};

}  // namespace hz
