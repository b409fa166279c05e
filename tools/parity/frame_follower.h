// Follows one proxied connection's two byte streams the way client and server read them: frames
// each direction, tracks the protocol state and compression, and names what it cannot follow.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sim/core/types.h"
#include "sim/data/packet_ids.h"
#include "sim/protocol/framing.h"

namespace hz::parity {

struct FollowedPacket {
  Direction direction = Direction::kServerbound;
  ProtocolState state = ProtocolState::kHandshake;  // the state the packet was read in
  Bytes body;                                       // id + fields, decompressed
};

// Pure: no sockets or clocks, so split and merged TCP reads can be tested byte by byte.
class FrameFollower {
 public:
  // Feeds bytes read from one side (serverbound: from the client; clientbound: from upstream)
  // and returns the packets they completed, in order. Bytes after an error or after the follower
  // stopped (encryption) are not decoded.
  std::vector<FollowedPacket> feed(Direction direction, std::span<const uint8_t> bytes);
  // Follows one packet that is already a body (compare hands Horizon's packets over unframed);
  // returns the state it is read in.
  ProtocolState observe(Direction direction, const Bytes& body);

  ProtocolState state(Direction direction) const { return side(direction).state; }
  int32_t compression_threshold() const { return threshold_; }
  // Upstream asked for encryption (an online-mode server): nothing after it can be read.
  bool encryption_requested() const { return encryption_requested_; }
  // The first framing error of either direction (the connection's streams are lost after it).
  const std::optional<std::string>& error() const { return error_; }

 private:
  struct Side {
    ProtocolState state = ProtocolState::kHandshake;
    FrameDecoder decoder;
  };
  Side& side(Direction d) { return d == Direction::kServerbound ? serverbound_ : clientbound_; }
  const Side& side(Direction d) const { return d == Direction::kServerbound ? serverbound_ : clientbound_; }
  void follow(Direction direction, const Bytes& body);

  Side serverbound_;
  Side clientbound_;
  int32_t threshold_ = -1;
  bool encryption_requested_ = false;
  std::optional<std::string> error_;
};

}  // namespace hz::parity
