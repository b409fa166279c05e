// horizon-trace minimize: for a session whose replay diverges, the shortest trace that still
// diverges at the same pass in the same way: the diverging pass alone, after a snapshot of the
// core the replay takes just before it (the passes before it matched, so the state is the
// session's). Where that cannot be taken, the passes from the last snapshot before the divergence
// (or the session's start) to the diverging pass.
#include <map>
#include <ostream>

#include "replay/cli/trace_commands.h"
#include "replay/format/trace_edit.h"
#include "replay/format/trace_file.h"
#include "replay/replayer/replayer.h"

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
  bool replay_snapshot = false;  // it starts with a snapshot this replay took, not the session's
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

// The pass's records with each recomputed result whole, as the replay rebuilt it (`inputs`): a
// trace starting after the jobs were submitted cannot rebuild them.
std::vector<Record> with_whole_results(std::span<const Record> pass, std::span<const Input> inputs) {
  std::map<JobId, const Bytes*> results;
  for (const Input& input : inputs)
    if (auto* done = std::get_if<JobCompleted>(&input)) results[done->job] = &done->result;
  std::vector<Record> out;
  for (const Record& r : pass) {
    auto* hashed = std::get_if<JobRecomputedRecord>(&r);
    out.push_back(hashed ? Record{JobCompleted{hashed->job, *results.at(hashed->job)}} : r);
  }
  return out;
}

// The diverging pass of `small` (a slice or cut ending with it) alone, after a snapshot of the core
// replay takes between it and the pass before. `session`: the header of the session's trace.
Result<Reproducer> one_pass(const TraceHeader& session, std::span<const uint8_t> small, const Divergence& first) {
  auto read = read_file_records(small);
  if (!read) return std::move(read).take_error();
  auto created = Replayer::create(read->header);
  if (!created) return std::move(created).take_error();
  Replayer& replay = **created;
  const std::vector<Record>& records = read->records;
  size_t begin = 0;
  while (!(replay.started() && !replay.in_pass() && replay.iterations() == first.iteration)) {
    if (begin == records.size()) return Error{"the trace ends before the diverging pass"};
    if (!replay.feed(records[begin++])) return Error{"it diverges before or in the core's start pass"};
  }
  const TraceSnapshot snapshot = replay.snapshot();
  size_t end = begin;
  for (; end < records.size() && !ends_pass(records[end]); ++end)
    if (!replay.feed(records[end])) return Error{"the diverging pass's records cannot be read"};
  if (end == records.size() || std::holds_alternative<SnapshotRecord>(records[end]))
    return Error{"the diverging pass does not end in the trace"};
  const std::vector<Record> pass =
      with_whole_results(std::span(records).subspan(begin, end + 1 - begin), replay.pending_inputs());
  return Reproducer{trace_from_snapshot(session, snapshot, pass), snapshot.tick, 1, true};
}

// Whether `candidate` diverges as the session did; when not, `why` says how it went instead.
bool diverges_alike(const Reproducer& candidate, const std::filesystem::path& name, const Divergence& first,
                    std::string& why) {
  ChainVerifier verifier;
  verifier.add_file(candidate.bytes, name.string());
  const VerifyResult check = verifier.finish();
  if (check.outcome == VerifyResult::Outcome::kDiverged && same_divergence(first, *check.divergence)) return true;
  why = check.divergence ? format_divergence(*check.divergence) : check.problem;
  return false;
}

std::string describe(const Reproducer& r, const Divergence& first) {
  const std::string to = "the diverging pass " + std::to_string(first.iteration) + " (tick " + std::to_string(first.recorded_tick) + ")";
  if (r.replay_snapshot)
    return to + " alone, after a snapshot of the core taken by this replay at tick " + std::to_string(*r.snapshot_tick);
  return std::to_string(r.passes) + " passes from " +
         (r.snapshot_tick ? "the snapshot at tick " + std::to_string(*r.snapshot_tick) : std::string("the session's start")) +
         " to " + to;
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
  // The pass alone when it diverges alike; else the slice or cut, which must.
  std::string why;
  bool checked = false;
  if (small->passes > 1) {
    TraceReader reader(*bytes);
    auto alone = one_pass(*reader.header(), small->bytes, first);
    if (!alone) {
      out << "the diverging pass cannot be cut out alone (" << alone.error() << "): keeping the passes before it\n";
    } else if (!diverges_alike(*alone, out_file, first, why)) {
      out << "the diverging pass alone does not diverge as the session does (" << why << "): keeping the passes before it\n";
    } else {
      small = std::move(alone);
      checked = true;
    }
  }
  if (!checked && !diverges_alike(*small, out_file, first, why)) {
    err << "horizon-trace: the shorter trace does not diverge as the session does:\n" << why << "\n";
    return kTraceFailed;
  }
  if (Status written = write_whole_file(out_file, small->bytes); !written) {
    err << "horizon-trace: " << written.error() << "\n";
    return kTraceUnreadable;
  }
  out << "wrote " << out_file.string() << ": " << describe(*small, first) << ", " << small->bytes.size()
      << " bytes of the session's " << session_bytes << "; it diverges as the session does:\n"
      << format_divergence(first);
  return kTraceOk;
}

}  // namespace hz
