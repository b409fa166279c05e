// Building new trace files from records: re-framing (after an edit), `cut`, which keeps a
// trace's passes up to a tick, and `slice`, which starts one at a snapshot; each result is a
// valid, shorter trace.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "replay/format/frame_builder.h"
#include "replay/format/records.h"
#include "replay/format/snapshot_pieces.h"
#include "sim/core/result.h"

namespace hz {

// A whole file: the header's preamble, then `records` framed by the usual rules. The records
// must end at a pass boundary.
Bytes write_trace_file(const TraceHeader& header, std::span<const Record> records, FrameLimits limits = {});

// Every record of a file in order (the good frames before any damage).
struct FileRecords {
  TraceHeader header;
  std::vector<Record> records;
  std::optional<TraceDamage> damage;
};
Result<FileRecords> read_file_records(std::span<const uint8_t> file);

struct CutTrace {
  Bytes bytes;
  uint64_t passes_kept = 0;  // loop passes (the start pass not counted)
  int64_t last_tick = 0;     // tick count after the last pass kept
};
// Keeps the start pass and every pass that ends at tick `to_tick` or earlier; a truncated tail
// is dropped, other damage is an error.
Result<CutTrace> cut_trace(std::span<const uint8_t> file, int64_t to_tick);

struct SlicedTrace {
  Bytes bytes;
  int64_t from_tick = 0;     // the tick of the snapshot the slice starts with
  uint64_t passes_kept = 0;  // loop passes after it
  int64_t last_tick = 0;     // tick count after the last pass kept
};
// A trace that starts with the last snapshot taken at or before `from_tick` and keeps the passes
// after it that end at tick `to_tick` or earlier. Its header names a session of its own (the
// original's name with "-from-<tick>"), so it verifies alone.
Result<SlicedTrace> slice_trace(std::span<const uint8_t> file, int64_t from_tick, int64_t to_tick);

// A trace that starts with `snapshot` (taken by a replay between two passes of the session
// `session` describes) and goes on with `passes`, the records of the passes after it, which must
// hold whole results where the session's trace recomputed them. Named as a slice is.
Bytes trace_from_snapshot(const TraceHeader& session, const TraceSnapshot& snapshot, std::span<const Record> passes);

}  // namespace hz
