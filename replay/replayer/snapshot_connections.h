// The connections open in a snapshot, as the connection tracker resumes them: for a replay that
// starts at a snapshot, and for the tools that name the packets of a file starting with one.
#pragma once

#include <span>
#include <vector>

#include "replay/format/connection_tracker.h"
#include "sim/core/result.h"

namespace hz {

class Core;

// Each connection of `core`: its state, whether the server invited the next one, compression,
// the bytes received and not yet framed, the player.
std::vector<ResumedConnection> resumed_connections(Core& core);

// For a trace file that starts with a snapshot: its connections, read by building a core from the
// header and reading the snapshot into it. Empty when the file does not start with a snapshot.
Result<std::vector<ResumedConnection>> connections_at_file_start(std::span<const uint8_t> file);

}  // namespace hz
