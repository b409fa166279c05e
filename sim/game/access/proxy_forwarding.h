// Player identities forwarded by a proxy in front of the server (docs/operations.md, proxy
// forwarding): Velocity's modern forwarding (an HMAC-signed login plugin answer) and BungeeCord's
// legacy forwarding (fields in the handshake's host, with BungeeGuard's token).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/result.h"
#include "sim/protocol/packets_common.h"
#include "sim/protocol/wire.h"

namespace hz {

// Who the proxy says is connecting.
struct ForwardedPlayer {
  std::string address;  // the player's IP address as the proxy saw it
  Uuid uuid;
  std::string name;     // empty for BungeeCord: the login's own name stands
  std::vector<packet::GameProfileProperty> properties;  // skin textures and the like
  template <class Io>
  void state_fields(Io& io) {
    io(address, uuid, name, properties);
  }
};

// The connection's "address:port" with the forwarded address in place of the proxy's (IPv6 in
// brackets, as the shell writes remote addresses), so logs and IP bans see the player.
std::string with_forwarded_address(const std::string& remote, const std::string& address);

namespace velocity {

// The login plugin channel and the highest forwarding version Horizon reads (4: lazy session,
// no signed chat key).
inline constexpr std::string_view kChannel = "velocity:player_info";
inline constexpr int32_t kMaxVersion = 4;
// The refusals Velocity-aware servers send.
inline constexpr std::string_view kNotFromVelocity = "This server requires you to connect with Velocity.";
inline constexpr std::string_view kBadSignature = "Unable to verify player details.";

// The request's data: the highest version wanted, one byte.
Bytes request_data();

// HMAC-SHA256 of `data` under `secret`.
std::array<uint8_t, 32> sign(std::string_view secret, std::span<const uint8_t> data);

// Checks an answer (32 signature bytes, then the signed payload) against `secret`, comparing in
// constant time, and reads the payload. The error text is what the player is told.
Result<ForwardedPlayer> read_answer(std::span<const uint8_t> answer, std::string_view secret);

}  // namespace velocity

namespace bungeecord {

// What a server without forwarding configured on the proxy tells the player.
inline constexpr std::string_view kNotForwarded =
    "If you wish to use IP forwarding, please enable it in your BungeeCord config as well!";
inline constexpr std::string_view kBadToken = "Unable to verify player details.";

// Splits the handshake host "host\0address\0uuid[\0properties JSON]" and reads it; when `token`
// is not empty the properties must carry it as the `bungeeguard-token` property (which is then
// dropped). The error text is what the player is told.
Result<ForwardedPlayer> read_handshake_host(std::string_view host, std::string_view token);

}  // namespace bungeecord

}  // namespace hz
