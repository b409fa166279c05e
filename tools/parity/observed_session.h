// One server's side of a session as compare sees it: per connection, the packets both ways with
// their times, and how the connection ended. Built from a recording or from Horizon's run.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/types.h"
#include "sim/data/packet_ids.h"
#include "tools/parity/recording.h"

namespace hz::parity {

struct ObservedPacket {
  int64_t micros = 0;  // since recording started (Horizon's: the pass that sent it)
  Direction direction = Direction::kServerbound;
  ProtocolState state = ProtocolState::kHandshake;
  Bytes body;  // id + fields
  int64_t tick = -1;  // Horizon's packets: the core's tick count after the pass (-1: recorded)
  int32_t id() const;
};

struct ObservedConnection {
  std::vector<ObservedPacket> packets;
  std::optional<int64_t> closed_micros;
  std::string close_reason;
};

using ObservedSession = std::map<uint64_t, ObservedConnection>;

// The recorded server's side: every packet event of the recording, per connection, in order.
ObservedSession observe_recording(const RecordingContents& recording);

}  // namespace hz::parity
