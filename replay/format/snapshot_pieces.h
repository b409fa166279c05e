// A core snapshot in a trace: split into Snapshot records of bounded size when written, and put
// back together, with its pieces checked, when read.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "replay/format/records.h"

namespace hz {

// A whole snapshot: where it was taken and the core's state bytes.
struct TraceSnapshot {
  int64_t tick = 0;
  uint64_t iteration = 0;
  uint64_t chain_digest = 0;
  uint64_t state_hash = 0;
  Bytes core;
  bool operator==(const TraceSnapshot&) const = default;
};

// The records of one snapshot, in order (one piece for a state of up to kMaxPieceBytes).
std::vector<SnapshotRecord> split_snapshot(const TraceSnapshot& snapshot);

// The ticks of the whole snapshots among `records` (those whose last piece is there), in order.
std::vector<int64_t> snapshot_ticks(std::span<const Record> records);

// Collects a snapshot's pieces as they are read. add() returns the snapshot once its last piece
// came; a piece out of order, or one that disagrees with the others on where the snapshot was
// taken, is a problem (problem() says which) and the pieces so far are dropped.
class SnapshotAssembler {
 public:
  std::optional<TraceSnapshot> add(const SnapshotRecord& piece);
  // Pieces were read and the last has not come yet.
  bool incomplete() const { return expected_ > 0; }
  const std::optional<std::string>& problem() const { return problem_; }

 private:
  TraceSnapshot partial_;
  uint32_t expected_ = 0;  // pieces of the snapshot being collected; 0 for none
  uint32_t next_ = 0;
  std::optional<std::string> problem_;
};

}  // namespace hz
