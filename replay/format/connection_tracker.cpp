#include "replay/format/connection_tracker.h"

#include "sim/protocol/packets.h"

namespace hz {

std::vector<InboundPacket> ConnectionTracker::feed(const Input& input) {
  std::vector<InboundPacket> out;
  if (auto* opened = std::get_if<ConnectionOpened>(&input)) {
    Connection& c = connections_[opened->conn];
    std::optional<int32_t> threshold = c.pending_threshold;  // noted before the pass's inputs
    c = Connection{};
    c.remote = opened->remote;
    c.pending_threshold = threshold;
    ++connections_seen_;
  } else if (auto* closed = std::get_if<ConnectionClosed>(&input)) {
    auto it = connections_.find(closed->conn);
    if (it != connections_.end()) {
      it->second.closed = true;
      it->second.decoder = FrameDecoder();  // release buffered bytes
    }
  } else if (auto* bytes = std::get_if<BytesReceived>(&input)) {
    Connection& c = connections_[bytes->conn];  // bytes without an open: still decode them
    if (c.error || c.closed) return out;
    c.decoder.feed(bytes->bytes);
    for (;;) {
      auto next = c.decoder.next();
      if (!next.ok()) {
        c.error = next.error();
        break;
      }
      if (!next->has_value()) break;
      ProtocolState state = c.state;
      on_packet(bytes->conn, c, **next);
      if (c.state != state) {
        if (c.switches_this_pass.empty()) switched_.push_back(bytes->conn);
        c.switches_this_pass.push_back(c.state);
      }
      out.push_back(InboundPacket{bytes->conn, state, std::move(**next)});
    }
  }
  return out;
}

void ConnectionTracker::on_packet(ConnId, Connection& c, const Bytes& body) {
  ByteReader r(body);
  int32_t id = r.varint();
  if (!r.ok()) return;
  switch (c.state) {
    case ProtocolState::kHandshake:
      if (id == packet::handshake_sb::SetProtocol::kId) {
        if (auto p = decode_packet_fields<packet::handshake_sb::SetProtocol>(r)) {
          c.state = p->intent == packet::handshake_sb::kIntentStatus ? ProtocolState::kStatus : ProtocolState::kLogin;
        }
      }
      break;
    case ProtocolState::kLogin:
      if (id == packet::login_sb::LoginStart::kId) {
        if (auto p = decode_packet_fields<packet::login_sb::LoginStart>(r)) {
          c.player = p->username;
          logins_.push_back(p->username);
        }
        // The server switches to compressed frames while handling login_start.
        if (c.pending_threshold) {
          c.decoder.set_compression_threshold(*c.pending_threshold);
          c.pending_threshold.reset();
        }
      } else if (id == packet::login_sb::LoginAcknowledged::kId) {
        c.state = ProtocolState::kConfiguration;
      }
      break;
    case ProtocolState::kConfiguration:
      if (id == packet::config_sb::FinishConfiguration::kId) c.state = ProtocolState::kPlay;
      break;
    case ProtocolState::kPlay:
      if (id == packet_id::play_sb::configuration_acknowledged) c.state = ProtocolState::kConfiguration;
      break;
    case ProtocolState::kStatus:
      break;
  }
}

void ConnectionTracker::note_compression(ConnId conn, int32_t threshold) {
  connections_[conn].pending_threshold = threshold;
  compression_changed_.push_back(conn);
}

ProtocolState client_state_after(ProtocolState state, int32_t clientbound_id) {
  switch (state) {
    case ProtocolState::kLogin:
      return clientbound_id == packet_id::login_cb::success ? ProtocolState::kConfiguration : state;
    case ProtocolState::kConfiguration:
      return clientbound_id == packet_id::config_cb::finish_configuration ? ProtocolState::kPlay : state;
    case ProtocolState::kPlay:
      return clientbound_id == packet_id::play_cb::start_configuration ? ProtocolState::kConfiguration : state;
    default:
      return state;
  }
}

namespace {

// The server packet after which a client's request to switch state takes effect.
bool invites_switch(ProtocolState state, int32_t id) { return client_state_after(state, id) != state; }

}  // namespace

ProtocolState ConnectionTracker::outbound_state(ConnId conn, int32_t packet_id) {
  auto it = connections_.find(conn);
  if (it == connections_.end()) return ProtocolState::kHandshake;
  Connection& c = it->second;
  auto& pending = c.switches_this_pass;
  auto take_switch = [&c, &pending] {
    c.outbound = pending.front();
    c.invitation_sent = false;
    pending.erase(pending.begin());
  };
  // The handshake needs no invitation; a switch invited in an earlier pass applies now.
  while (!pending.empty() && (c.outbound == ProtocolState::kHandshake || c.invitation_sent)) take_switch();
  ProtocolState state = c.outbound;
  if (invites_switch(state, packet_id)) {
    c.invitation_sent = true;
    if (!pending.empty()) take_switch();
  }
  return state;
}

void ConnectionTracker::end_pass() {
  for (ConnId conn : switched_) {
    Connection& c = connections_[conn];
    if (!c.switches_this_pass.empty()) {
      c.outbound = c.state;
      c.invitation_sent = false;
      c.switches_this_pass.clear();
    }
  }
  switched_.clear();
  for (ConnId conn : compression_changed_) {
    Connection& c = connections_[conn];
    if (!c.pending_threshold) continue;
    c.decoder.set_compression_threshold(*c.pending_threshold);
    c.pending_threshold.reset();
  }
  compression_changed_.clear();
}

void ConnectionTracker::resume(const ResumedConnection& resumed) {
  Connection& c = connections_[resumed.conn];
  c = Connection{};
  c.remote = resumed.remote;
  c.state = c.outbound = resumed.state;
  c.invitation_sent = resumed.switch_invited;
  c.player = resumed.player;
  c.decoder.set_compression_threshold(resumed.compression);
  c.decoder.feed(resumed.unread);
  ++connections_seen_;
}

ProtocolState ConnectionTracker::state(ConnId conn) const {
  auto it = connections_.find(conn);
  return it == connections_.end() ? ProtocolState::kHandshake : it->second.state;
}

const ConnectionTracker::Connection* ConnectionTracker::find(ConnId conn) const {
  auto it = connections_.find(conn);
  return it == connections_.end() ? nullptr : &it->second;
}

}  // namespace hz
