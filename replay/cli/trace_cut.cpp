// horizon-trace cut: a valid, shorter trace holding the passes up to a tick (for reproducers).
#include <ostream>

#include "replay/cli/trace_commands.h"
#include "replay/format/trace_edit.h"

namespace hz {

int trace_cut(const std::filesystem::path& file, int64_t to_tick, const std::filesystem::path& out_file,
              std::ostream& out, std::ostream& err) {
  auto bytes = read_whole_file(file);
  if (!bytes) {
    err << "horizon-trace: " << bytes.error() << "\n";
    return kTraceUnreadable;
  }
  auto cut = cut_trace(*bytes, to_tick);
  if (!cut) {
    err << "horizon-trace: " << file.string() << ": " << cut.error() << "\n";
    return kTraceUnreadable;
  }
  if (Status written = write_whole_file(out_file, cut->bytes); !written) {
    err << "horizon-trace: " << written.error() << "\n";
    return kTraceUnreadable;
  }
  out << "wrote " << out_file.string() << ": " << cut->passes_kept << " passes up to tick " << cut->last_tick << ", "
      << cut->bytes.size() << " bytes\n";
  return kTraceOk;
}

}  // namespace hz
