// Fuzz target: the trace reader. Invariant: any bytes give records or a clear damage report,
// never a crash, a hang or an allocation beyond the format's limits.
#include "replay/format/trace_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  hz::TraceContents contents = hz::read_trace(std::span<const uint8_t>(data, size));
  (void)contents;
  return 0;
}
