// The GameSpy 4 query protocol as vanilla's QueryThreadGs4 speaks it (docs/query.md): parses a
// datagram into a request and builds the answers byte for byte. Pure; the listener owns sockets.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/core/result.h"
#include "sim/core/types.h"

namespace hz::query {

// Vanilla reads into a 1460-byte buffer: longer datagrams are cut to that length.
inline constexpr size_t kMaxRequestBytes = 1460;
// The largest UDP payload over IPv4; a full stat answer is cut to fit (players dropped).
inline constexpr size_t kMaxAnswerBytes = 65507;
// Tokens are drawn from [0, 2^24), as vanilla's nextInt(16777216).
inline constexpr int32_t kTokenBound = 1 << 24;

using SessionId = std::array<uint8_t, 4>;

enum class RequestKind : uint8_t { kHandshake, kBasicStat, kFullStat };

struct Request {
  RequestKind kind = RequestKind::kHandshake;
  SessionId session{};  // bytes 3..6 as sent
  int32_t token = 0;    // bytes 7..10, big-endian (stat requests only)
};

// A datagram that is not a well-formed request is an error (the listener drops it silently,
// as vanilla does).
Result<Request> parse_request(std::span<const uint8_t> datagram);

// What the answers report; the listener fills it from the server thread's latest snapshot.
struct QueryStatus {
  std::string motd;        // hostname
  std::string version;     // e.g. "26.1"
  std::string plugins;     // "" on a vanilla server
  std::string level_name;  // map
  int players = 0;
  int max_players = 0;
  int port = 0;            // the game port, not the query port
  std::string host_ip;
  std::vector<std::string> player_names;
};

// Handshake answer: 0x09, the session id re-encoded as Java's UTF-8 round trip does, the token
// in decimal, 0x00.
Bytes handshake_answer(const SessionId& session, int32_t token);
// Basic stat: 0x00, session, motd, "SMP", map, players, max players (NUL-terminated strings),
// the port as a little-endian u16, host ip.
Bytes basic_stat_answer(const SessionId& session, const QueryStatus& status);
// Full stat: 0x00, session, "splitnum\0\x80\0", key/value pairs, "\0\x01player_\0\0", names,
// a final 0x00.
Bytes full_stat_answer(const SessionId& session, const QueryStatus& status);

// Java's DataOutputStream.writeBytes of a string: one byte per UTF-16 unit, its low 8 bits.
// `utf8` is decoded leniently (a byte that is not UTF-8 stands for itself).
std::string java_low_bytes(std::string_view utf8);

// new String(bytes, UTF_8).getBytes(UTF_8): each maximal ill-formed subpart becomes U+FFFD.
std::string java_utf8_round_trip(std::span<const uint8_t> bytes);

}  // namespace hz::query
