// The .hzparity recording: what horizon-parity record saw pass through it, per connection and
// both directions, with times. Trace frames (checksums, zstd, damage) around events of its own;
// docs/parity.md has the layout.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "replay/format/trace_damage.h"
#include "sim/core/types.h"
#include "sim/data/packet_ids.h"

namespace hz::parity {

inline constexpr uint8_t kRecordingMagic[8] = {'H', 'Z', 'P', 'A', 'R', 'I', 'T', 'Y'};
inline constexpr uint32_t kRecordingVersion = 1;

struct RecordingHeader {
  uint32_t protocol_version = 775;
  std::string upstream;  // host:port the proxy forwarded to
  std::string listen;    // the proxy's address
  int64_t wall_clock_millis = 0;  // Unix time when recording started
};

// Every event has its connection (numbered from 1 in accept order) and its time in microseconds
// since recording started.
struct ConnectionOpenedEvent {
  std::string client;  // the client's address
};
struct PacketEvent {
  Direction direction = Direction::kServerbound;
  ProtocolState state = ProtocolState::kHandshake;
  Bytes body;  // VarInt id + fields, decompressed, as the receiving side reads it
};
// Bytes the follower could not frame (after a framing error), kept so nothing is lost.
struct UnframedBytesEvent {
  Direction direction = Direction::kServerbound;
  Bytes bytes;
};
struct ConnectionClosedEvent {
  std::string reason;  // who closed it, or the proxy's refusal
};
using EventBody = std::variant<ConnectionOpenedEvent, PacketEvent, UnframedBytesEvent, ConnectionClosedEvent>;

struct Event {
  uint64_t conn = 0;
  int64_t micros = 0;
  EventBody body;
};

Bytes encode_recording_preamble(const RecordingHeader& header);
void append_event(const Event& event, Bytes& payload);

// Collects events into frames of about kFrameBytes (or on flush), each a trace frame.
class RecordingEncoder {
 public:
  static constexpr size_t kFrameBytes = 1u << 20;
  // Adds an event; returns a finished frame when this one filled it.
  std::optional<Bytes> add(const Event& event);
  std::optional<Bytes> flush();

 private:
  Bytes payload_;
  uint64_t frame_index_ = 0;
};

struct RecordingContents {
  std::optional<RecordingHeader> header;
  std::vector<Event> events;
  std::optional<TraceDamage> damage;  // as a trace's: a truncated last frame is tolerated
};
RecordingContents read_recording(std::span<const uint8_t> file);

}  // namespace hz::parity
