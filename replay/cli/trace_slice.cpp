// horizon-trace slice: a valid, shorter trace that starts at a snapshot (a reproducer that does
// not need the session's start).
#include <ostream>

#include "replay/cli/trace_commands.h"
#include "replay/format/trace_edit.h"

namespace hz {

int trace_slice(const std::filesystem::path& file, int64_t from_tick, int64_t to_tick,
                const std::filesystem::path& out_file, std::ostream& out, std::ostream& err) {
  auto bytes = read_whole_file(file);
  if (!bytes) {
    err << "horizon-trace: " << bytes.error() << "\n";
    return kTraceUnreadable;
  }
  auto slice = slice_trace(*bytes, from_tick, to_tick);
  if (!slice) {
    err << "horizon-trace: " << file.string() << ": " << slice.error() << "\n";
    return kTraceUnreadable;
  }
  if (Status written = write_whole_file(out_file, slice->bytes); !written) {
    err << "horizon-trace: " << written.error() << "\n";
    return kTraceUnreadable;
  }
  out << "wrote " << out_file.string() << ": the snapshot at tick " << slice->from_tick << " and " << slice->passes_kept
      << " passes up to tick " << slice->last_tick << ", " << slice->bytes.size() << " bytes\n";
  return kTraceOk;
}

}  // namespace hz
