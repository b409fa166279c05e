// Which chunks each bot holds (received and not forgotten) and which chunks any bot has ever
// received, so a received chunk can be classed as new, resent or neither.
#pragma once

#include <cstdint>

#include <absl/container/flat_hash_set.h>

#include "tools/bots/counters.h"

namespace hz::bots {

inline uint64_t chunk_key(int32_t x, int32_t z) {
  return static_cast<uint32_t>(x) | (static_cast<uint64_t>(static_cast<uint32_t>(z)) << 32);
}

// Shared by all bots of the process.
class SeenChunks {
 public:
  // True the first time a position is offered.
  bool first_sight(uint64_t key) { return seen_.insert(key).second; }
  size_t size() const { return seen_.size(); }

 private:
  absl::flat_hash_set<uint64_t> seen_;
};

// One bot's chunks.
class HeldChunks {
 public:
  void on_chunk(int32_t x, int32_t z, SeenChunks& seen, Counters& counts);
  void on_forget(int32_t x, int32_t z, Counters& counts);
  bool holds(int32_t x, int32_t z) const { return held_.contains(chunk_key(x, z)); }
  size_t size() const { return held_.size(); }
  void clear() { held_.clear(); }

 private:
  absl::flat_hash_set<uint64_t> held_;
};

}  // namespace hz::bots
