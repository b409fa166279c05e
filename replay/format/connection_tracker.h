// Follows each recorded connection the way the server reads it: frames inbound bytes with the
// same FrameDecoder, tracks the protocol state from handshake/login/configuration packets, and
// switches to compressed frames when the server did, so trace tools can name every packet.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/inputs.h"
#include "sim/data/packet_ids.h"
#include "sim/protocol/framing.h"

namespace hz {

struct InboundPacket {
  ConnId conn = 0;
  ProtocolState state = ProtocolState::kHandshake;  // the state the packet was read in
  Bytes body;
};

// The state a client reads the server's next packet in, after receiving one with this id in
// `state`: login success moves it to configuration, finish_configuration to play and
// start_configuration back to configuration (the client switches on receipt, then acknowledges).
ProtocolState client_state_after(ProtocolState state, int32_t clientbound_id);

// A connection as it stands between two passes, for a tracker that starts there (replay from a
// snapshot): what the core holds of it.
struct ResumedConnection {
  ConnId conn = 0;
  std::string remote;
  ProtocolState state = ProtocolState::kHandshake;
  bool switch_invited = false;  // the server sent the packet that invites the client's next state
  int32_t compression = -1;     // the threshold the server reads frames with (negative: none)
  Bytes unread;                 // bytes received and not yet framed
  std::string player;
};

class ConnectionTracker {
 public:
  struct Connection {
    std::string remote;
    ProtocolState state = ProtocolState::kHandshake;
    FrameDecoder decoder;
    std::optional<int32_t> pending_threshold;  // compression the server turned on this pass
    std::optional<std::string> error;          // the framing error that ended decoding
    std::string player;                        // name from login_start, if seen
    bool closed = false;
    // Clientbound side: the state the server's next packet is in. It follows the inbound state,
    // but a switch the client asks for (login_acknowledged, finish_configuration,
    // configuration_acknowledged) only applies to the server's packets after the one that
    // invited it (login success, finish_configuration, start_configuration).
    ProtocolState outbound = ProtocolState::kHandshake;
    bool invitation_sent = false;                   // that packet went out in `outbound`
    std::vector<ProtocolState> switches_this_pass;  // inbound states entered this pass, in order
  };

  // A pass is followed in four steps: the compression switches the server made in it (from the
  // pass's recorded effects), then its inputs in order, then its outbound packets in order
  // (outbound_state), then end_pass().
  // The server enabled compression for `conn` in this pass: the frames after the connection's
  // login_start (where the server makes the switch) are compressed, or, without one in this
  // pass, the frames of later passes.
  void note_compression(ConnId conn, int32_t threshold);
  // Feeds one input; returns the serverbound packets it completed, in order.
  std::vector<InboundPacket> feed(const Input& input);
  void end_pass();
  // Starts following a connection mid-session (between passes).
  void resume(const ResumedConnection& connection);

  // The state an outbound packet with this id, sent next on `conn`, belongs to.
  ProtocolState outbound_state(ConnId conn, int32_t packet_id);
  // The connection's inbound state after the inputs fed so far.
  ProtocolState state(ConnId conn) const;
  const Connection* find(ConnId conn) const;
  uint64_t connections_seen() const { return connections_seen_; }
  const std::vector<std::string>& logins() const { return logins_; }

 private:
  void on_packet(ConnId conn, Connection& c, const Bytes& body);

  std::map<ConnId, Connection> connections_;
  std::vector<ConnId> compression_changed_;  // this pass
  std::vector<ConnId> switched_;             // connections whose state changed this pass
  uint64_t connections_seen_ = 0;
  std::vector<std::string> logins_;
};

}  // namespace hz
