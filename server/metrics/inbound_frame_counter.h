// Counts the frames in one connection's inbound byte stream by following the VarInt length
// prefixes, so the shell can report packets received without decoding them (the core does that).
#pragma once

#include <cstdint>
#include <span>

namespace hz {

class InboundFrameCounter {
 public:
  // Bytes as read from the socket, in order; returns how many frames they completed. After a
  // length prefix the protocol does not allow, it stops counting (the core drops the client).
  uint64_t feed(std::span<const uint8_t> bytes);

 private:
  uint64_t remaining_ = 0;  // body bytes still to skip in the current frame
  uint32_t length_ = 0;     // the prefix being read
  int length_bytes_ = 0;
  bool in_body_ = false;
  bool broken_ = false;
};

}  // namespace hz
