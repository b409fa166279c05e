#include "tools/parity/frame_follower.h"

#include "sim/protocol/codec.h"
#include "sim/protocol/packets.h"

namespace hz::parity {

std::vector<FollowedPacket> FrameFollower::feed(Direction direction, std::span<const uint8_t> bytes) {
  std::vector<FollowedPacket> out;
  if (error_ || encryption_requested_) return out;
  Side& s = side(direction);
  s.decoder.feed(bytes);
  for (;;) {
    auto next = s.decoder.next();
    if (!next.ok()) {
      error_ = std::string(direction_name(direction)) + ": " + next.error();
      break;
    }
    if (!next->has_value()) break;
    ProtocolState state = s.state;
    follow(direction, **next);
    out.push_back(FollowedPacket{direction, state, std::move(**next)});
    // The rest of the stream is ciphertext: stop before reading it as frames.
    if (encryption_requested_) break;
  }
  return out;
}

ProtocolState FrameFollower::observe(Direction direction, const Bytes& body) {
  ProtocolState state = side(direction).state;
  follow(direction, body);
  return state;
}

// Each side switches after its own packet, as client and server do: the server's packets after
// login success are configuration, the client's after login_acknowledged are; compression starts
// for both directions with the frames after set_compression (the client turns it on on receipt,
// and the proxy has forwarded nothing of the client's it has not already read).
void FrameFollower::follow(Direction direction, const Bytes& body) {
  ByteReader r(body);
  int32_t id = r.varint();
  if (!r.ok()) return;
  Side& s = side(direction);
  if (direction == Direction::kServerbound) {
    switch (s.state) {
      case ProtocolState::kHandshake:
        if (id == packet::handshake_sb::SetProtocol::kId) {
          if (auto p = decode_packet_fields<packet::handshake_sb::SetProtocol>(r)) {
            ProtocolState next =
                p->intent == packet::handshake_sb::kIntentStatus ? ProtocolState::kStatus : ProtocolState::kLogin;
            s.state = next;
            clientbound_.state = next;  // the server answers in the state the client chose
          }
        }
        break;
      case ProtocolState::kLogin:
        if (id == packet_id::login_sb::login_acknowledged) s.state = ProtocolState::kConfiguration;
        break;
      case ProtocolState::kConfiguration:
        if (id == packet_id::config_sb::finish_configuration) s.state = ProtocolState::kPlay;
        break;
      case ProtocolState::kPlay:
        if (id == packet_id::play_sb::configuration_acknowledged) s.state = ProtocolState::kConfiguration;
        break;
      case ProtocolState::kStatus:
        break;
    }
    return;
  }
  switch (s.state) {
    case ProtocolState::kLogin:
      if (id == packet_id::login_cb::success) {
        s.state = ProtocolState::kConfiguration;
      } else if (id == packet_id::login_cb::encryption_begin) {
        encryption_requested_ = true;
      } else if (id == packet_id::login_cb::compress) {
        if (auto p = decode_packet_fields<packet::login_cb::Compress>(r)) {
          threshold_ = p->threshold;
          serverbound_.decoder.set_compression_threshold(threshold_);
          clientbound_.decoder.set_compression_threshold(threshold_);
        }
      }
      break;
    case ProtocolState::kConfiguration:
      if (id == packet_id::config_cb::finish_configuration) s.state = ProtocolState::kPlay;
      break;
    case ProtocolState::kPlay:
      if (id == packet_id::play_cb::start_configuration) s.state = ProtocolState::kConfiguration;
      break;
    default:
      break;
  }
}

}  // namespace hz::parity
