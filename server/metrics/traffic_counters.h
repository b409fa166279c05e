// Running totals of the game connections' traffic, bumped by the network thread and read by the
// metrics listener; relaxed atomics, since each is a counter read on its own.
#pragma once

#include <atomic>
#include <cstdint>

namespace hz {

struct TrafficCounters {
  std::atomic<uint64_t> bytes_received{0};
  std::atomic<uint64_t> bytes_sent{0};
  std::atomic<uint64_t> packets_received{0};  // frames read (see InboundFrameCounter)
  std::atomic<uint64_t> packets_sent{0};      // packet bodies handed to a socket
  std::atomic<uint64_t> connections_accepted{0};

  static void add(std::atomic<uint64_t>& counter, uint64_t n) { counter.fetch_add(n, std::memory_order_relaxed); }
};

}  // namespace hz
