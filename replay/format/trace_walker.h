// Reads a trace file pass by pass for the tools: every record with the serverbound packets an
// input completed and the protocol state its outbound packets belong to.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "replay/format/connection_tracker.h"
#include "replay/format/records.h"
#include "replay/format/trace_file.h"

namespace hz {

struct WalkedRecord {
  uint64_t pass = 0;  // session-wide index of the loop pass the record belongs to
  const Record* record = nullptr;
  std::vector<InboundPacket> inbound;               // for BytesReceived: the packets it completed
  std::optional<std::string> framing_error;         // for BytesReceived: decoding stopped here
  ProtocolState state = ProtocolState::kHandshake;  // for Outbound: the connection's state
};

class TraceWalker {
 public:
  explicit TraceWalker(std::span<const uint8_t> file) : reader_(file) {}

  const std::optional<TraceHeader>& header() const { return reader_.header(); }
  // Calls `visit` for every record in order. Records of a pass cut short by damage are still
  // visited. Afterwards damage() tells how reading ended.
  void walk(const std::function<void(const WalkedRecord&)>& visit);
  const std::optional<TraceDamage>& damage() const { return reader_.damage(); }
  const TraceReader& reader() const { return reader_; }
  const ConnectionTracker& tracker() const { return tracker_; }
  // Before walk(), for a file starting at a snapshot: the connections open in it (their states,
  // compression and unread bytes), so their packets are named as the server reads them.
  void resume(const std::vector<ResumedConnection>& connections) {
    for (const ResumedConnection& c : connections) tracker_.resume(c);
  }

 private:
  void flush_pass(const std::function<void(const WalkedRecord&)>& visit);

  TraceReader reader_;
  ConnectionTracker tracker_;
  std::vector<Record> pass_;
  uint64_t next_pass_ = 0;
};

}  // namespace hz
