// What replay found different from the recording in the first diverging pass, and its
// human-readable report: tick, connection, first differing packet with its fields, inputs before.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "replay/format/records.h"
#include "sim/data/packet_ids.h"

namespace hz {

struct PacketMismatch {
  ConnId conn = 0;
  size_t index = 0;                                 // position among the pass's packets to this connection
  ProtocolState state = ProtocolState::kHandshake;  // the connection's state, for naming
  std::optional<OutboundRecord> recorded;           // empty when the replay sent more packets
  std::optional<OutboundRecord> replayed;           // empty when the replay sent fewer
};

struct EffectMismatch {
  size_t index = 0;  // position among the pass's non-packet effects
  std::optional<Record> recorded;
  std::optional<Record> replayed;
};

// One input of a recent pass, with the serverbound packets it completed.
struct InputNote {
  Input input;
  std::vector<std::pair<ProtocolState, int32_t>> packets;  // state and id of each packet
};
struct PassNote {
  uint64_t iteration = 0;
  int64_t tick = 0;  // the recorded tick count after the pass
  std::vector<InputNote> inputs;
};

struct Divergence {
  enum class Pass { kStart, kIteration, kStop, kFormat };
  Pass pass = Pass::kIteration;
  uint64_t iteration = 0;  // session-wide index of the pass
  int64_t recorded_tick = 0;
  int64_t replayed_tick = 0;
  // The parts of the pass digest that differ, as far as the trace's tags tell (a byte of each part's
  // hash: a difference hides behind an equal tag once in 256); `unplaced` when only the whole hash does.
  bool packets_differ = false;
  bool other_effects_differ = false;
  bool state_differs = false;
  bool unplaced = false;
  std::vector<ConnId> connections;  // whose noted packets differ, ascending (needs packet notes)
  std::optional<PacketMismatch> first_packet;
  // Without packet notes in the trace: how many packets the replay sent each connection.
  bool packets_noted = true;
  std::vector<std::pair<ConnId, size_t>> replayed_packet_counts;
  std::optional<EffectMismatch> first_effect;
  uint8_t recorded_state_tag = 0;
  uint64_t replayed_state = 0;
  size_t recorded_clock_reads = 0;
  size_t replayed_clock_reads = 0;
  std::string note;              // a problem with the trace itself (kFormat)
  std::vector<PassNote> recent;  // the last passes' inputs, oldest first, ending with this pass
};

// The report printed by `horizon-trace verify`.
std::string format_divergence(const Divergence& d);
// One line for an effect or input record ("Log INFO \"Done\"", "BytesReceived conn 3, 25 bytes").
std::string describe_record(const Record& r);

}  // namespace hz
