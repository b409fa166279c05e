// The server-id hash a client and the session server agree on in online mode: SHA-1 over the
// server id, the shared secret and the public key, printed as Java's signed BigInteger hex.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace hz::auth {

// A 20-byte SHA-1 digest read as a two's-complement big-endian number and written in lower-case
// hex without leading zeros, with a '-' when the top bit is set (vanilla's "Minecraft digest").
std::string signed_hex_digest(std::span<const uint8_t, 20> digest);

// SHA-1 of `text` alone, as a signed hex digest: what the known "Notch"/"jeb_" vectors check.
std::string minecraft_digest(std::string_view text);

// The serverId query value of hasJoined: SHA-1(server_id bytes, shared secret, public key DER).
std::string server_id_hash(std::string_view server_id, std::span<const uint8_t> shared_secret,
                           std::span<const uint8_t> public_key_der);

}  // namespace hz::auth
