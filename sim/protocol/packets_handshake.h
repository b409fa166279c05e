// Packets of the handshake and status states: the client's intent, the server list ping.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sim/data/packet_ids.h"
#include "sim/protocol/fields.h"

namespace hz::packet {

namespace handshake_sb {

// Intent values of SetProtocol.
inline constexpr int32_t kIntentStatus = 1;
inline constexpr int32_t kIntentLogin = 2;
inline constexpr int32_t kIntentTransfer = 3;

struct SetProtocol {
  static constexpr ProtocolState kState = ProtocolState::kHandshake;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::handshake_sb::set_protocol;
  static constexpr std::string_view kName = "set_protocol";

  int32_t protocol_version = 0;
  std::string server_host;
  uint16_t server_port = 0;
  int32_t intent = kIntentStatus;

  template <class V>
  void fields(V& v) {
    v("protocol_version", protocol_version, kVarInt);
    // Vanilla reads 255 characters; BungeeCord's forwarding puts the player's profile here, so the
    // codec takes up to 32767 and the session applies vanilla's limit unless forwarding is on.
    v("server_host", server_host, MaxChars{32767});
    v("server_port", server_port);
    v("intent", intent, kVarInt, Range{kIntentStatus, kIntentTransfer});
  }
};

}  // namespace handshake_sb

namespace status_cb {

struct ServerInfo {
  static constexpr ProtocolState kState = ProtocolState::kStatus;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::status_cb::server_info;
  static constexpr std::string_view kName = "server_info";

  std::string response;  // JSON: version, players, description, favicon, enforcesSecureChat

  template <class V>
  void fields(V& v) {
    v("response", response, MaxChars{32767});
  }
};

struct Ping {
  static constexpr ProtocolState kState = ProtocolState::kStatus;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::status_cb::ping;
  static constexpr std::string_view kName = "ping";

  int64_t time = 0;

  template <class V>
  void fields(V& v) {
    v("time", time);
  }
};

}  // namespace status_cb

namespace status_sb {

struct PingStart {
  static constexpr ProtocolState kState = ProtocolState::kStatus;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::status_sb::ping_start;
  static constexpr std::string_view kName = "ping_start";

  template <class V>
  void fields(V&) {}
};

struct Ping {
  static constexpr ProtocolState kState = ProtocolState::kStatus;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::status_sb::ping;
  static constexpr std::string_view kName = "ping";

  int64_t time = 0;

  template <class V>
  void fields(V& v) {
    v("time", time);
  }
};

}  // namespace status_sb

}  // namespace hz::packet
