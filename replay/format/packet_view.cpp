#include "replay/format/packet_view.h"

#include <algorithm>
#include <cstdio>

#include "sim/protocol/packets.h"

namespace hz {
namespace {

std::string hex_byte(uint8_t b) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02x", b);
  return buf;
}

std::string hex_run(std::span<const uint8_t> bytes, size_t from, size_t count) {
  std::string out;
  static constexpr char kDigits[] = "0123456789abcdef";
  for (size_t i = from; i < std::min(bytes.size(), from + count); ++i) {
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 15];
  }
  return out.empty() ? "(none)" : out;
}

std::vector<std::string> byte_differences(std::span<const uint8_t> a, std::span<const uint8_t> b) {
  std::vector<std::string> lines;
  if (a.size() != b.size())
    lines.push_back("size: recorded " + std::to_string(a.size()) + " bytes, replayed " + std::to_string(b.size()));
  size_t common = std::min(a.size(), b.size());
  size_t at = static_cast<size_t>(std::mismatch(a.begin(), a.begin() + common, b.begin()).first - a.begin());
  if (at < common) {
    lines.push_back("first differing byte at offset " + std::to_string(at) + ": recorded " + hex_byte(a[at]) +
                    ", replayed " + hex_byte(b[at]));
  } else {
    lines.push_back("identical for the first " + std::to_string(common) + " bytes");
  }
  size_t from = at >= 8 ? at - 8 : 0;
  lines.push_back("recorded bytes " + std::to_string(from) + "..: " + hex_run(a, from, 24));
  lines.push_back("replayed bytes " + std::to_string(from) + "..: " + hex_run(b, from, 24));
  return lines;
}

// Calls fn with the packet set of a state and direction; false when there is none.
template <class Fn>
bool with_packet_set(ProtocolState state, Direction direction, Fn&& fn) {
  bool sb = direction == Direction::kServerbound;
  switch (state) {
    case ProtocolState::kHandshake:
      if (sb) fn(packet::HandshakeServerbound{});
      return sb;
    case ProtocolState::kStatus:
      sb ? fn(packet::StatusServerbound{}) : fn(packet::StatusClientbound{});
      return true;
    case ProtocolState::kLogin:
      sb ? fn(packet::LoginServerbound{}) : fn(packet::LoginClientbound{});
      return true;
    case ProtocolState::kConfiguration:
      sb ? fn(packet::ConfigServerbound{}) : fn(packet::ConfigClientbound{});
      return true;
    case ProtocolState::kPlay:
      sb ? fn(packet::PlayServerbound{}) : fn(packet::PlayClientbound{});
      return true;
  }
  return false;
}

}  // namespace

PacketView view_packet(ProtocolState state, Direction direction, std::span<const uint8_t> body) {
  PacketView view;
  ByteReader r(body);
  int32_t id = r.varint();
  if (!r.ok()) {
    view.name = "unreadable";
    view.error = "the body does not start with a packet id";
    return view;
  }
  view.id = id;
  std::string_view name = packet_name(state, direction, id);
  view.name = name.empty() ? "unknown" : std::string(name);
  bool known = with_packet_set(state, direction, [&](auto set) {
    auto described = describe_body(set, body);
    if (described)
      view.json = std::move(*described);
    else
      view.error = described.error();
  });
  if (!known) view.error = "no packets in this state and direction";
  return view;
}

std::string packet_label(ProtocolState state, Direction direction, int32_t id) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned>(id));
  std::string_view name = id >= 0 ? packet_name(state, direction, id) : std::string_view{};
  std::string out =
      std::string(state_name(state)) + (direction == Direction::kServerbound ? "/serverbound " : "/clientbound ") + hex;
  out += " ";
  out += name.empty() ? std::string_view("(unknown id)") : name;
  return out;
}

std::vector<std::string> packet_differences(ProtocolState state, Direction direction, std::span<const uint8_t> recorded,
                                            std::span<const uint8_t> replayed, size_t max_lines) {
  std::vector<std::string> lines;
  with_packet_set(state, direction, [&](auto set) {
    auto diffs = diff_bodies(set, recorded, replayed);
    if (!diffs) {
      lines.push_back("fields unreadable (" + diffs.error() + "); comparing bytes");
      return;
    }
    for (const FieldDiff& d : *diffs) lines.push_back("field " + d.path + ": recorded " + d.a + ", replayed " + d.b);
  });
  bool fields_shown = !lines.empty() && lines.front().rfind("field ", 0) == 0;
  if (!fields_shown) {
    std::vector<std::string> bytes = byte_differences(recorded, replayed);
    lines.insert(lines.end(), bytes.begin(), bytes.end());
  }
  if (lines.size() > max_lines) lines.resize(max_lines);
  return lines;
}

}  // namespace hz
