#include "server/metrics/inbound_frame_counter.h"

#include <algorithm>

namespace hz {

uint64_t InboundFrameCounter::feed(std::span<const uint8_t> bytes) {
  uint64_t frames = 0;
  size_t i = 0;
  while (i < bytes.size() && !broken_) {
    if (in_body_) {
      uint64_t skip = std::min<uint64_t>(remaining_, bytes.size() - i);
      i += skip;
      remaining_ -= skip;
      if (remaining_ == 0) {
        in_body_ = false;
        ++frames;
      }
      continue;
    }
    uint8_t b = bytes[i++];
    length_ |= static_cast<uint32_t>(b & 0x7F) << (7 * length_bytes_);
    ++length_bytes_;
    if (b & 0x80) {
      // Frame lengths are at most 3 VarInt bytes (2 MiB).
      if (length_bytes_ == 3) broken_ = true;
      continue;
    }
    remaining_ = length_;
    length_ = 0;
    length_bytes_ = 0;
    if (remaining_ == 0) {
      ++frames;  // an empty frame; the core refuses it, but it was read
    } else {
      in_body_ = true;
    }
  }
  return frames;
}

}  // namespace hz
