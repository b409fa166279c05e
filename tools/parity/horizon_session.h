// Horizon's side of a recorded session: the real core (the one horizon-server runs) fed the
// recorded client bytes of every connection at their recorded times on a virtual clock, its jobs
// answered by the recorded world and the generator, its answers kept per connection.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/game/core_config.h"
#include "sim/simulation/simulated_jobs.h"
#include "tools/parity/observed_session.h"
#include "tools/parity/recording.h"

namespace hz::parity {

struct HorizonSession {
  ObservedSession session;  // the client's packets as fed (echoes mapped), Horizon's answers
  int64_t passes = 0;
  int64_t recorded_micros = 0;        // the recording's span
  std::vector<std::string> notes;     // echoes that could not be mapped, and the like
};

// Runs the core over the recording. `recorded` is the recording's own view of it (for the
// recorded server's ids the client echoes). The core's tick cadence comes from the virtual
// clock, which stands still during a pass and jumps to the next tick between passes.
// `console` lines (the recorded server's game rules, say) run in the pass before the first event.
HorizonSession run_horizon(const RecordingContents& recording, const ObservedSession& recorded, const CoreConfig& config,
                           SimulatedJobs& jobs, const std::vector<std::string>& console = {});

// The configuration the recorded server evidently had, on top of `base`: view and simulation
// distance from its login packet, the compression threshold from its set_compression.
void adopt_recorded_settings(const ObservedSession& recorded, CoreConfig& base);

}  // namespace hz::parity
