#include "server/rcon/rcon_protocol.h"

#include <cstring>

namespace hz::rcon {

namespace {

int32_t read_le32(const uint8_t* p) {
  return static_cast<int32_t>(static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
                              static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24);
}

void write_le32(Bytes& out, int32_t v) {
  const auto u = static_cast<uint32_t>(v);
  for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<uint8_t>(u >> shift));
}

// Java's Integer.toHexString: lower-case, two's complement for negative numbers.
std::string java_hex(int32_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  auto u = static_cast<uint32_t>(v);
  std::string out;
  do {
    out.insert(out.begin(), kDigits[u & 15]);
    u >>= 4;
  } while (u != 0);
  return out;
}

// The byte length of the longest prefix of `text` holding at most `units` UTF-16 units, cut at
// a code point boundary (a supplementary character counts two units).
size_t prefix_of_units(std::string_view text, size_t units) {
  size_t i = 0, used = 0;
  while (i < text.size()) {
    const auto lead = static_cast<uint8_t>(text[i]);
    const size_t bytes = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    const size_t cost = bytes == 4 ? 2 : 1;
    if (used + cost > units) break;
    used += cost;
    i = std::min(text.size(), i + bytes);
  }
  return i;
}

}  // namespace

void PacketReader::feed(std::span<const uint8_t> bytes) { buffer_.insert(buffer_.end(), bytes.begin(), bytes.end()); }

Result<std::optional<Packet>> PacketReader::next() {
  if (buffer_.size() < 4) return std::optional<Packet>{};
  const int32_t length = read_le32(buffer_.data());
  if (length < static_cast<int32_t>(kMinPacketBytes - 4) || length > static_cast<int32_t>(kMaxPacketBytes - 4)) {
    return Error{"packet length " + std::to_string(length) + " outside 10.." + std::to_string(kMaxPacketBytes - 4)};
  }
  const size_t total = static_cast<size_t>(length) + 4;
  if (buffer_.size() < total) return std::optional<Packet>{};
  Packet packet;
  packet.request_id = read_le32(buffer_.data() + 4);
  packet.type = read_le32(buffer_.data() + 8);
  // Vanilla stops at the first NUL and never reads the packet's last byte.
  const uint8_t* start = buffer_.data() + 12;
  const size_t limit = total - 1 - 12;
  const void* nul = std::memchr(start, 0, limit);
  const size_t n = nul ? static_cast<size_t>(static_cast<const uint8_t*>(nul) - start) : limit;
  packet.payload.assign(reinterpret_cast<const char*>(start), n);
  buffer_.erase(buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(total));
  return std::optional<Packet>{std::move(packet)};
}

Bytes encode_packet(int32_t request_id, int32_t type, std::string_view payload) {
  Bytes out;
  out.reserve(payload.size() + 14);
  write_le32(out, static_cast<int32_t>(payload.size() + 10));
  write_le32(out, request_id);
  write_le32(out, type);
  out.insert(out.end(), payload.begin(), payload.end());
  out.push_back(0);
  out.push_back(0);
  return out;
}

Reply Session::handle(const Packet& packet) {
  Reply reply;
  reply.request_id = packet.request_id;
  switch (packet.type) {
    case kTypeLogin:
      authenticated_ = !packet.payload.empty() && packet.payload == password_;
      reply.answers.push_back(encode_packet(authenticated_ ? packet.request_id : kAuthFailureId, kTypeAuthResponse, ""));
      break;
    case kTypeCommand:
      if (authenticated_) reply.command = packet.payload;
      else reply.answers.push_back(encode_packet(kAuthFailureId, kTypeAuthResponse, ""));
      break;
    default:
      reply.answers = command_response(packet.request_id, "Unknown request " + java_hex(packet.type));
  }
  return reply;
}

std::vector<Bytes> command_response(int32_t request_id, std::string_view output) {
  std::vector<Bytes> packets;
  do {
    const size_t cut = prefix_of_units(output, kResponseChunkUnits);
    packets.push_back(encode_packet(request_id, kTypeResponse, output.substr(0, cut)));
    output.remove_prefix(cut);
  } while (!output.empty());
  return packets;
}

}  // namespace hz::rcon
