// Test helper: builds what a client sends (framed, optionally compressed packets) and reads what
// the core answered (the SendPacket effects of one connection), without sockets.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/protocol/framing.h"
#include "sim/protocol/packets.h"
#include "tests/game/core_harness.h"

namespace hz::testing {

class TestClient {
 public:
  explicit TestClient(ConnId conn) : conn_(conn) {}

  template <Packet P>
  TestClient& packet(const P& p) {
    Bytes body = encode_packet(p);
    auto frame = encode_frame(body, threshold_);
    EXPECT_TRUE(frame.ok());
    pending_.insert(pending_.end(), frame->begin(), frame->end());
    return *this;
  }
  TestClient& raw(const Bytes& bytes) {
    pending_.insert(pending_.end(), bytes.begin(), bytes.end());
    return *this;
  }
  Input take() {
    Input in = BytesReceived{conn_, pending_};
    pending_.clear();
    return in;
  }
  void set_compression(int threshold) { threshold_ = threshold; }

  // Packet bodies the core sent to this connection, in order.
  std::vector<Bytes> received(const EffectBuffer& sink) const {
    std::vector<Bytes> out;
    for (const Effect& e : sink.effects)
      if (auto* s = std::get_if<SendPacket>(&e); s && s->conn == conn_) out.push_back(*s->body);
    return out;
  }
  bool closed(const EffectBuffer& sink) const {
    for (const Effect& e : sink.effects)
      if (auto* c = std::get_if<CloseConnection>(&e); c && c->conn == conn_) return true;
    return false;
  }
  ConnId id() const { return conn_; }
  // The reason of the login disconnect the core sent this connection, if it sent one.
  std::optional<std::string> disconnect_text(const EffectBuffer& sink) const {
    for (const Bytes& body : received(sink))
      if (auto d = decode_packet<packet::login_cb::Disconnect>(body)) return d->reason_json;
    return std::nullopt;
  }

 private:
  ConnId conn_;
  int threshold_ = -1;
  Bytes pending_;
};

inline int32_t packet_id_of(const Bytes& body) {
  ByteReader r(body);
  return r.varint();
}

}  // namespace hz::testing
