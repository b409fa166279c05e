// The recorder's check of a snapshot before it goes into a trace: the bytes are read into a
// fresh core built from the session's configuration, which must then have the same state hash.
#pragma once

#include "replay/recorder/trace_writer.h"
#include "sim/game/core.h"

namespace hz {

// A check for TraceWriter that builds each core from `config` (run on the writer thread).
SnapshotCheck core_snapshot_check(CoreConfig config);

}  // namespace hz
