// Frames of large shared packet bodies, built once and sent to every connection that gets the
// same body: a chunk packet that many players receive is compressed once, not once per player.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "sim/core/types.h"
#include "sim/protocol/framing.h"

namespace hz {

class FrameCache {
 public:
  // Bodies smaller than this are framed on every call, not remembered (a lookup would cost more).
  static constexpr size_t kMinBodyBytes = 8 * 1024;
  // Entries whose body is gone are dropped after this many new entries.
  static constexpr size_t kSweepEvery = 256;

  // The frame of `body` with compression `threshold`, built with `encoder` on a miss; null when
  // the body cannot be framed (`error` says why). Safe to call from several threads.
  SharedBytes frame(const SharedBytes& body, int32_t threshold, FrameEncoder& encoder, std::string& error);

  size_t size() const;

 private:
  struct Entry {
    // Not held: a live body's address is its own, and an expired one's may be reused, so an
    // entry matches only while this still locks to the very body asked about.
    std::weak_ptr<const Bytes> body;
    SharedBytes frame;
  };
  void sweep();

  mutable std::mutex mutex_;
  std::map<std::pair<const Bytes*, int32_t>, Entry> entries_;
  size_t inserted_since_sweep_ = 0;
};

}  // namespace hz
