// Packets of the login state: login start, encryption, compression, success, plugin messages
// and cookies.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/data/packet_ids.h"
#include "sim/protocol/fields.h"
#include "sim/protocol/packets_common.h"

namespace hz::packet {

namespace login_cb {

// Login-state disconnect: the reason is a text component as JSON (see text.h).
struct Disconnect {
  static constexpr ProtocolState kState = ProtocolState::kLogin;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::login_cb::disconnect;
  static constexpr std::string_view kName = "disconnect";

  std::string reason_json;

  template <class V>
  void fields(V& v) {
    v("reason", reason_json, MaxChars{262144});
  }
};

struct EncryptionBegin {
  static constexpr ProtocolState kState = ProtocolState::kLogin;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::login_cb::encryption_begin;
  static constexpr std::string_view kName = "encryption_begin";

  std::string server_id;
  Bytes public_key;  // X.509 DER
  Bytes verify_token;
  bool should_authenticate = true;

  template <class V>
  void fields(V& v) {
    v("server_id", server_id, MaxChars{20});
    v("public_key", public_key);
    v("verify_token", verify_token);
    v("should_authenticate", should_authenticate);
  }
};

struct Success {
  static constexpr ProtocolState kState = ProtocolState::kLogin;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::login_cb::success;
  static constexpr std::string_view kName = "success";

  Uuid uuid;
  std::string username;
  std::vector<packet::GameProfileProperty> properties;

  template <class V>
  void fields(V& v) {
    v("uuid", uuid);
    v("username", username, MaxChars{kMaxPlayerNameChars});
    v("properties", properties, MaxCount{kMaxProfileProperties});
  }
};

// Set Compression: from the next packet on, both directions use the compressed frame format.
struct Compress {
  static constexpr ProtocolState kState = ProtocolState::kLogin;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::login_cb::compress;
  static constexpr std::string_view kName = "compress";

  int32_t threshold = 256;

  template <class V>
  void fields(V& v) {
    v("threshold", threshold, kVarInt);
  }
};

struct LoginPluginRequest {
  static constexpr ProtocolState kState = ProtocolState::kLogin;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::login_cb::login_plugin_request;
  static constexpr std::string_view kName = "login_plugin_request";

  int32_t message_id = 0;
  std::string channel;
  Bytes data;

  template <class V>
  void fields(V& v) {
    v("message_id", message_id, kVarInt);
    v("channel", channel, kIdentifier);
    v("data", data, kRest, MaxCount{kMaxCustomPayloadToClient});
  }
};

struct CookieRequest {
  static constexpr ProtocolState kState = ProtocolState::kLogin;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::login_cb::cookie_request;
  static constexpr std::string_view kName = "cookie_request";

  std::string key;

  template <class V>
  void fields(V& v) {
    v("key", key, kIdentifier);
  }
};

}  // namespace login_cb

namespace login_sb {

struct LoginStart {
  static constexpr ProtocolState kState = ProtocolState::kLogin;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::login_sb::login_start;
  static constexpr std::string_view kName = "login_start";

  std::string username;
  Uuid player_uuid;  // the client's profile id; meaningless offline

  template <class V>
  void fields(V& v) {
    v("username", username, MaxChars{kMaxPlayerNameChars});
    v("player_uuid", player_uuid);
  }
};

struct EncryptionBegin {
  static constexpr ProtocolState kState = ProtocolState::kLogin;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::login_sb::encryption_begin;
  static constexpr std::string_view kName = "encryption_begin";

  Bytes shared_secret;  // RSA-encrypted
  Bytes verify_token;   // RSA-encrypted

  template <class V>
  void fields(V& v) {
    v("shared_secret", shared_secret);
    v("verify_token", verify_token);
  }
};

struct LoginPluginResponse {
  static constexpr ProtocolState kState = ProtocolState::kLogin;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::login_sb::login_plugin_response;
  static constexpr std::string_view kName = "login_plugin_response";

  int32_t message_id = 0;
  std::optional<Bytes> data;  // absent: the client did not understand the request

  template <class V>
  void fields(V& v) {
    v("message_id", message_id, kVarInt);
    v("data", data, kRest, MaxCount{kMaxCustomPayloadToClient});
  }
};

struct LoginAcknowledged {
  static constexpr ProtocolState kState = ProtocolState::kLogin;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::login_sb::login_acknowledged;
  static constexpr std::string_view kName = "login_acknowledged";

  template <class V>
  void fields(V&) {}
};

struct CookieResponse {
  static constexpr ProtocolState kState = ProtocolState::kLogin;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::login_sb::cookie_response;
  static constexpr std::string_view kName = "cookie_response";

  std::string key;
  std::optional<Bytes> payload;

  template <class V>
  void fields(V& v) {
    v("key", key, kIdentifier);
    v("payload", payload, MaxCount{kMaxCookieBytes});
  }
};

}  // namespace login_sb

}  // namespace hz::packet
