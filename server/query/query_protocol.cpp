#include "server/query/query_protocol.h"

namespace hz::query {

namespace {

constexpr uint8_t kMagic0 = 0xFE;
constexpr uint8_t kMagic1 = 0xFD;
constexpr uint8_t kTypeStat = 0x00;
constexpr uint8_t kTypeHandshake = 0x09;
// Vanilla tells the two stat requests apart by length alone: exactly 15 bytes (the token
// followed by 4 bytes of padding) asks for the full stat, any other length for the basic one.
constexpr size_t kFullStatLength = 15;
constexpr size_t kStatMinLength = 11;
constexpr size_t kHandshakeMinLength = 7;

// The UTF-8 sequence starting at `i`: how many bytes form its longest well-formed prefix and
// whether they make a whole character (Unicode's "maximal subpart" rule, which Java follows).
struct Utf8Step {
  size_t length = 1;
  bool complete = false;
  uint32_t code_point = 0;
};

Utf8Step utf8_step(std::span<const uint8_t> s, size_t i) {
  uint8_t lead = s[i];
  if (lead < 0x80) return {1, true, lead};
  size_t need = 0;
  uint8_t lo = 0x80, hi = 0xBF;  // the range of the first continuation byte
  uint32_t cp = 0;
  if (lead >= 0xC2 && lead <= 0xDF) need = 1, cp = lead & 0x1F;
  else if (lead >= 0xE0 && lead <= 0xEF) {
    need = 2, cp = lead & 0x0F;
    if (lead == 0xE0) lo = 0xA0;
    if (lead == 0xED) hi = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    need = 3, cp = lead & 0x07;
    if (lead == 0xF0) lo = 0x90;
    if (lead == 0xF4) hi = 0x8F;
  } else {
    return {1, false, 0};
  }
  size_t k = 1;
  for (; k <= need; ++k) {
    if (i + k >= s.size()) return {k, false, 0};
    uint8_t b = s[i + k];
    uint8_t min = k == 1 ? lo : 0x80, max = k == 1 ? hi : 0xBF;
    if (b < min || b > max) return {k, false, 0};
    cp = (cp << 6) | (b & 0x3F);
  }
  return {k, true, cp};
}

void put_string(Bytes& out, std::string_view text) {
  std::string low = java_low_bytes(text);
  out.insert(out.end(), low.begin(), low.end());
  out.push_back(0);
}

void put_session(Bytes& out, uint8_t type, const SessionId& session) {
  out.push_back(type);
  out.insert(out.end(), session.begin(), session.end());
}

}  // namespace

Result<Request> parse_request(std::span<const uint8_t> datagram) {
  if (datagram.size() > kMaxRequestBytes) datagram = datagram.first(kMaxRequestBytes);
  if (datagram.size() < 3 || datagram[0] != kMagic0 || datagram[1] != kMagic1)
    return Error{"not a query packet (no FE FD magic)"};
  Request request;
  uint8_t type = datagram[2];
  if (type == kTypeHandshake) {
    if (datagram.size() < kHandshakeMinLength) return Error{"handshake without a session id"};
    request.kind = RequestKind::kHandshake;
  } else if (type == kTypeStat) {
    if (datagram.size() < kStatMinLength) return Error{"stat request without a challenge token"};
    request.kind = datagram.size() == kFullStatLength ? RequestKind::kFullStat : RequestKind::kBasicStat;
    request.token = static_cast<int32_t>(static_cast<uint32_t>(datagram[7]) << 24 | static_cast<uint32_t>(datagram[8]) << 16 |
                                         static_cast<uint32_t>(datagram[9]) << 8 | datagram[10]);
  } else {
    return Error{"unknown query packet type " + std::to_string(type)};
  }
  std::copy(datagram.begin() + 3, datagram.begin() + 7, request.session.begin());
  return request;
}

Bytes handshake_answer(const SessionId& session, int32_t token) {
  Bytes out{kTypeHandshake};
  std::string ident = java_utf8_round_trip(session);
  out.insert(out.end(), ident.begin(), ident.end());
  std::string digits = std::to_string(token);
  out.insert(out.end(), digits.begin(), digits.end());
  out.push_back(0);
  return out;
}

Bytes basic_stat_answer(const SessionId& session, const QueryStatus& status) {
  Bytes out;
  put_session(out, kTypeStat, session);
  put_string(out, status.motd);
  put_string(out, "SMP");
  put_string(out, status.level_name);
  put_string(out, std::to_string(status.players));
  put_string(out, std::to_string(status.max_players));
  // NetworkDataOutputStream.writeShort reverses the bytes: the port is little-endian.
  out.push_back(static_cast<uint8_t>(status.port & 0xFF));
  out.push_back(static_cast<uint8_t>((status.port >> 8) & 0xFF));
  put_string(out, status.host_ip);
  return out;
}

Bytes full_stat_answer(const SessionId& session, const QueryStatus& status) {
  Bytes out;
  put_session(out, kTypeStat, session);
  put_string(out, "splitnum");
  out.push_back(0x80);
  out.push_back(0x00);
  const std::pair<const char*, std::string> pairs[] = {
      {"hostname", status.motd},
      {"gametype", "SMP"},
      {"game_id", "MINECRAFT"},
      {"version", status.version},
      {"plugins", status.plugins},
      {"map", status.level_name},
      {"numplayers", std::to_string(status.players)},
      {"maxplayers", std::to_string(status.max_players)},
      {"hostport", std::to_string(status.port)},
      {"hostip", status.host_ip},
  };
  for (const auto& [key, value] : pairs) {
    put_string(out, key);
    put_string(out, value);
  }
  out.push_back(0x00);  // an empty key ends the pairs
  out.push_back(0x01);
  put_string(out, "player_");
  out.push_back(0x00);
  for (const std::string& name : status.player_names) {
    // Keep the datagram sendable: names that would not fit (with the final 0x00) are left out.
    if (out.size() + java_low_bytes(name).size() + 2 > kMaxAnswerBytes) break;
    put_string(out, name);
  }
  out.push_back(0x00);
  return out;
}

std::string java_low_bytes(std::string_view utf8) {
  std::span<const uint8_t> s(reinterpret_cast<const uint8_t*>(utf8.data()), utf8.size());
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    Utf8Step step = utf8_step(s, i);
    if (!step.complete) {
      out += static_cast<char>(s[i]);
      ++i;
      continue;
    }
    uint32_t cp = step.code_point;
    if (cp >= 0x10000) {  // a surrogate pair in Java's string: two units
      uint32_t v = cp - 0x10000;
      out += static_cast<char>((0xD800 | (v >> 10)) & 0xFF);
      out += static_cast<char>((0xDC00 | (v & 0x3FF)) & 0xFF);
    } else {
      out += static_cast<char>(cp & 0xFF);
    }
    i += step.length;
  }
  return out;
}

std::string java_utf8_round_trip(std::span<const uint8_t> bytes) {
  std::string out;
  for (size_t i = 0; i < bytes.size();) {
    Utf8Step step = utf8_step(bytes, i);
    if (step.complete) out.append(reinterpret_cast<const char*>(bytes.data() + i), step.length);
    else out += "\xEF\xBF\xBD";
    i += step.length;
  }
  return out;
}

}  // namespace hz::query
