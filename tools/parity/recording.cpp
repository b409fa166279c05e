#include "tools/parity/recording.h"

#include <algorithm>
#include <cstring>

#include "replay/format/trace_file.h"
#include "sim/core/hash.h"
#include "sim/protocol/wire.h"

namespace hz::parity {
namespace {

enum EventKind : uint8_t { kOpened = 1, kPacket = 2, kUnframed = 3, kClosed = 4 };

void put_u32le(Bytes& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void put_u64le(Bytes& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
uint64_t get_le(const uint8_t* p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

constexpr size_t kPreambleSize = 24;  // magic, version, header size, header checksum
constexpr uint32_t kMaxHeaderSize = 1u << 20;
constexpr int32_t kMaxBody = 64 << 20;

void put_bytes(ByteWriter& w, std::span<const uint8_t> b) {
  w.varint(static_cast<int32_t>(b.size()));
  w.raw(b);
}

}  // namespace

Bytes encode_recording_preamble(const RecordingHeader& header) {
  ByteWriter h;
  h.varint(static_cast<int32_t>(header.protocol_version));
  h.string(header.upstream);
  h.string(header.listen);
  h.i64(header.wall_clock_millis);
  Bytes body = h.take();
  Bytes out(std::begin(kRecordingMagic), std::end(kRecordingMagic));
  put_u32le(out, kRecordingVersion);
  put_u32le(out, static_cast<uint32_t>(body.size()));
  put_u64le(out, hash_bytes(body));
  out.insert(out.end(), body.begin(), body.end());
  return out;
}

void append_event(const Event& event, Bytes& payload) {
  ByteWriter w;
  std::visit(
      [&w](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, ConnectionOpenedEvent>) w.u8(kOpened);
        else if constexpr (std::is_same_v<T, PacketEvent>) w.u8(kPacket);
        else if constexpr (std::is_same_v<T, UnframedBytesEvent>) w.u8(kUnframed);
        else w.u8(kClosed);
      },
      event.body);
  w.varlong(static_cast<int64_t>(event.conn));
  w.varlong(event.micros);
  std::visit(
      [&w](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, ConnectionOpenedEvent>) {
          w.string(e.client);
        } else if constexpr (std::is_same_v<T, PacketEvent>) {
          w.u8(static_cast<uint8_t>(e.direction));
          w.u8(static_cast<uint8_t>(e.state));
          put_bytes(w, e.body);
        } else if constexpr (std::is_same_v<T, UnframedBytesEvent>) {
          w.u8(static_cast<uint8_t>(e.direction));
          put_bytes(w, e.bytes);
        } else {
          w.string(e.reason);
        }
      },
      event.body);
  Bytes b = w.take();
  payload.insert(payload.end(), b.begin(), b.end());
}

std::optional<Bytes> RecordingEncoder::add(const Event& event) {
  append_event(event, payload_);
  if (payload_.size() < kFrameBytes) return std::nullopt;
  return flush();
}

std::optional<Bytes> RecordingEncoder::flush() {
  if (payload_.empty()) return std::nullopt;
  FrameInfo info;
  info.first_iteration = frame_index_++;  // frames are numbered in order, so a lost one shows
  Bytes frame = encode_frame_payload(payload_, info);
  payload_.clear();
  return frame;
}

namespace {

// Decodes one frame's events; false (with `detail`) at the first that does not decode.
bool decode_events(std::span<const uint8_t> raw, std::vector<Event>& out, std::string& detail) {
  ByteReader r(raw);
  while (r.remaining() > 0) {
    size_t at = r.position_in_input();
    uint8_t kind = r.u8();
    Event e;
    e.conn = static_cast<uint64_t>(r.varlong());
    e.micros = r.varlong();
    auto direction = [&r]() {
      uint8_t d = r.u8();
      if (d > 1) r.fail(WireError::kBadValue);
      return static_cast<Direction>(d);
    };
    switch (kind) {
      case kOpened:
        e.body = ConnectionOpenedEvent{r.string()};
        break;
      case kPacket: {
        PacketEvent p;
        p.direction = direction();
        uint8_t state = r.u8();
        if (state > static_cast<uint8_t>(ProtocolState::kPlay)) r.fail(WireError::kBadValue);
        p.state = static_cast<ProtocolState>(state);
        p.body = r.raw(static_cast<size_t>(std::max(r.length(kMaxBody), 0)));
        e.body = std::move(p);
        break;
      }
      case kUnframed: {
        UnframedBytesEvent u;
        u.direction = direction();
        u.bytes = r.raw(static_cast<size_t>(std::max(r.length(kMaxBody), 0)));
        e.body = std::move(u);
        break;
      }
      case kClosed:
        e.body = ConnectionClosedEvent{r.string()};
        break;
      default:
        detail = "unknown event kind " + std::to_string(kind) + " at payload byte " + std::to_string(at);
        return false;
    }
    if (!r.ok()) {
      detail = "event at payload byte " + std::to_string(at) + " does not decode";
      return false;
    }
    out.push_back(std::move(e));
  }
  return true;
}

}  // namespace

RecordingContents read_recording(std::span<const uint8_t> file) {
  RecordingContents out;
  auto damage = [&out](DamageKind kind, uint64_t at, uint64_t frame, std::string detail) {
    out.damage = TraceDamage{kind, at, frame, std::move(detail)};
  };
  if (file.size() < sizeof kRecordingMagic || std::memcmp(file.data(), kRecordingMagic, sizeof kRecordingMagic) != 0) {
    damage(DamageKind::kNotATrace, 0, 0, "expected HZPARITY");
    return out;
  }
  if (file.size() < kPreambleSize) {
    damage(DamageKind::kTruncated, 0, 0, "the file ends inside the preamble");
    return out;
  }
  uint32_t version = static_cast<uint32_t>(get_le(file.data() + 8, 4));
  if (version != kRecordingVersion) {
    damage(DamageKind::kWrongVersion, 8, 0, "version " + std::to_string(version) + ", this reader knows 1");
    return out;
  }
  uint32_t size = static_cast<uint32_t>(get_le(file.data() + 12, 4));
  if (size > kMaxHeaderSize) {
    damage(DamageKind::kBadHeader, 12, 0, "header of " + std::to_string(size) + " bytes");
    return out;
  }
  if (file.size() - kPreambleSize < size) {
    damage(DamageKind::kTruncated, kPreambleSize, 0, "the file ends inside the header");
    return out;
  }
  auto body = file.subspan(kPreambleSize, size);
  if (hash_bytes(body) != get_le(file.data() + 16, 8)) {
    damage(DamageKind::kBadHeader, kPreambleSize, 0, "header checksum mismatch");
    return out;
  }
  ByteReader h(body);
  RecordingHeader header;
  header.protocol_version = static_cast<uint32_t>(h.varint());
  header.upstream = h.string();
  header.listen = h.string();
  header.wall_clock_millis = h.i64();
  h.expect_end();
  if (!h.ok()) {
    damage(DamageKind::kBadHeader, kPreambleSize, 0, "header does not decode");
    return out;
  }
  out.header = std::move(header);
  uint64_t at = kPreambleSize + size;
  for (uint64_t index = 0; at < file.size(); ++index) {
    auto read = read_raw_frame(file, at, index, index);
    if (auto* d = std::get_if<TraceDamage>(&read)) {
      out.damage = std::move(*d);
      return out;
    }
    const RawFrame& frame = std::get<RawFrame>(read);
    std::string detail;
    std::vector<Event> events;  // a damaged frame contributes none
    if (!decode_events(frame.raw, events, detail)) {
      damage(DamageKind::kMalformedRecords, at, index, detail);
      return out;
    }
    for (Event& e : events) out.events.push_back(std::move(e));
    at += kFrameHeaderSize + frame.info.stored_size;
  }
  return out;
}

}  // namespace hz::parity
