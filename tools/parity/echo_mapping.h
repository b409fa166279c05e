// The client's echoes of server ids (keep-alive ids, teleport ids) moved from the recorded
// server's ids onto Horizon's: recorded and Horizon answers are paired in order, teleports only
// when they came within a second of each other (docs/parity.md, "Echoes").
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "sim/core/types.h"
#include "tools/parity/observed_session.h"

namespace hz::parity {

class EchoMapping {
 public:
  static constexpr int64_t kTeleportPairingMicros = 1'000'000;

  // The recorded server's keep-alives and teleports on this connection.
  explicit EchoMapping(const ObservedConnection& recorded);

  // Horizon sent a keep-alive (any state).
  void horizon_keep_alive(int64_t id) { horizon_keep_alives_.push_back(id); }
  // Horizon sent a teleport; true when the recorded server sent none at that time (the client
  // never saw it, so compare answers it itself).
  bool horizon_teleport(int32_t id, int64_t micros);

  enum class Outcome { kMapped, kWait, kDrop };
  struct Answer {
    Outcome outcome = Outcome::kDrop;
    int64_t id = 0;
  };
  // The Horizon id for the client's echo of recorded id `id`: kWait while Horizon may still send
  // its counterpart, kDrop when it never will.
  Answer keep_alive(int64_t id, bool horizon_done);
  Answer teleport(int32_t id, bool horizon_done);

 private:
  struct RecordedTeleport {
    int32_t id = 0;
    int64_t micros = 0;
    std::optional<int32_t> horizon_id;
    bool skipped = false;  // Horizon sent no counterpart
  };
  std::vector<int64_t> recorded_keep_alives_;
  std::vector<int64_t> horizon_keep_alives_;
  size_t keep_alives_answered_ = 0;
  std::vector<RecordedTeleport> recorded_teleports_;
  size_t next_unpaired_ = 0;
};

}  // namespace hz::parity
