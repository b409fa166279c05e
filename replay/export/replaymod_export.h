// Turns one player's view of a replayed session into a ReplayMod recording (.mcpr): times from
// the recorded clock, the date from the trace header, never from the machine exporting it.
#pragma once

#include "replay/export/player_view.h"
#include "replay/format/records.h"
#include "sim/core/result.h"

namespace hz {

// `session_start` is the header of the session's first file (its wall clock dates the session).
Result<Bytes> export_replaymod(const TraceHeader& session_start, const PlayerView& view);

}  // namespace hz
