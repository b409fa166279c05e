// Fuzz target: horizon-parity's recording reader and what compare reads from it. Invariant: any
// bytes give events or a clear damage report, and any events give decisions, never a crash, a
// hang or an allocation beyond the format's limits.
#include "tools/parity/decisions.h"
#include "tools/parity/observed_session.h"
#include "tools/parity/recording.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  hz::parity::RecordingContents contents = hz::parity::read_recording(std::span<const uint8_t>(data, size));
  for (const auto& [conn, connection] : hz::parity::observe_recording(contents))
    (void)hz::parity::extract_decisions(connection);
  return 0;
}
