// horizon-trace minimize: for a session whose replay diverges, the shortest trace that still
// diverges at the same pass in the same way: from the last snapshot before the divergence (or the
// session's start) to the diverging pass.
#include <ostream>

#include "replay/cli/trace_commands.h"
#include "replay/format/trace_edit.h"

namespace hz {
namespace {

// The parts of a divergence a reproducer must show again: where, and what differs.
bool same_divergence(const Divergence& a, const Divergence& b) {
  return a.pass == b.pass && a.iteration == b.iteration && a.recorded_tick == b.recorded_tick &&
         a.packets_differ == b.packets_differ && a.other_effects_differ == b.other_effects_differ &&
         a.state_differs == b.state_differs && a.unplaced == b.unplaced;
}

struct Reproducer {
  Bytes bytes;
  std::optional<int64_t> snapshot_tick;  // where it starts; none: the session's start
  uint64_t passes = 0;
};

// The passes of `file` up to the one ending at `tick`, starting at the last snapshot at or before
// it, or at the session's start when the file begins it and holds no such snapshot.
Result<Reproducer> reproducer(std::span<const uint8_t> file, int64_t tick) {
  if (auto slice = slice_trace(file, tick, tick)) return Reproducer{std::move(slice->bytes), slice->from_tick, slice->passes_kept};
  auto read = read_file_records(file);
  if (!read) return std::move(read).take_error();
  if (read->header.file_index != 0 || read->header.first_iteration != 0)
    return Error{"no snapshot before the divergence in this file, and it does not start the session: keep the "
                 "session's earlier files (or record with horizon-trace-snapshot-minutes above 0)"};
  auto cut = cut_trace(file, tick);
  if (!cut) return std::move(cut).take_error();
  return Reproducer{std::move(cut->bytes), std::nullopt, cut->passes_kept};
}

}  // namespace

int trace_minimize(const std::vector<std::filesystem::path>& files, const std::filesystem::path& out_file,
                   std::ostream& out, std::ostream& err) {
  ChainVerifier verifier;
  uint64_t session_bytes = 0;
  auto whole = replay_session(files, verifier, &session_bytes);
  if (!whole) {
    err << "horizon-trace: " << whole.error() << "\n";
    return kTraceUnreadable;
  }
  if (whole->outcome == VerifyResult::Outcome::kUnreadable || (whole->divergence && whole->divergence->pass == Divergence::Pass::kFormat)) {
    err << "horizon-trace: the trace cannot be replayed: " << (whole->problem.empty() ? whole->divergence->note : whole->problem) << "\n";
    return kTraceUnreadable;
  }
  if (whole->outcome == VerifyResult::Outcome::kIdentical) {
    err << "horizon-trace: the session replays identically (" << whole->iterations << " passes): nothing to minimize\n";
    return kTraceFailed;
  }
  const Divergence& first = *whole->divergence;
  auto bytes = read_whole_file(whole->divergence_file);
  if (!bytes) {
    err << "horizon-trace: " << bytes.error() << "\n";
    return kTraceUnreadable;
  }
  auto small = reproducer(*bytes, first.recorded_tick);
  if (!small) {
    err << "horizon-trace: " << whole->divergence_file << ": " << small.error() << "\n";
    return kTraceFailed;
  }
  ChainVerifier again;
  again.add_file(small->bytes, out_file.string());
  const VerifyResult check = again.finish();
  if (check.outcome != VerifyResult::Outcome::kDiverged || !same_divergence(first, *check.divergence)) {
    err << "horizon-trace: the shorter trace does not diverge as the session does"
        << (check.divergence ? ":\n" + format_divergence(*check.divergence) : std::string(" (" + check.problem + ")"))
        << "\n";
    return kTraceFailed;
  }
  if (Status written = write_whole_file(out_file, small->bytes); !written) {
    err << "horizon-trace: " << written.error() << "\n";
    return kTraceUnreadable;
  }
  out << "wrote " << out_file.string() << ": " << small->passes << " passes from "
      << (small->snapshot_tick ? "the snapshot at tick " + std::to_string(*small->snapshot_tick) : std::string("the session's start"))
      << " to the diverging pass " << first.iteration << " (tick " << first.recorded_tick << "), " << small->bytes.size()
      << " bytes of the session's " << session_bytes << "; it diverges as the session does:\n"
      << format_divergence(*check.divergence);
  return kTraceOk;
}

}  // namespace hz
