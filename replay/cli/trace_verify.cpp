// horizon-trace verify, and reading trace files.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <set>

#include "replay/cli/fixed_decimals.h"
#include "replay/cli/trace_commands.h"
#include "replay/format/snapshot_pieces.h"
#include "replay/format/trace_edit.h"
#include "replay/format/trace_file.h"
#include "replay/recorder/trace_writer.h"
#include "replay/replayer/chain_verifier.h"

namespace hz {
namespace {

struct ChainFile {
  std::string session;
  uint32_t index = 0;
  std::filesystem::path path;
  bool operator<(const ChainFile& o) const {
    return std::tie(session, index, path) < std::tie(o.session, o.index, o.path);
  }
};

// The session and index a file's header claims, or nullopt when it has none.
std::optional<ChainFile> identify(const std::filesystem::path& path) {
  auto bytes = read_whole_file(path);
  if (!bytes) return std::nullopt;
  TraceReader reader(*bytes);
  if (!reader.header()) return std::nullopt;
  return ChainFile{reader.header()->session, reader.header()->file_index, path};
}

}  // namespace

std::vector<std::filesystem::path> resolve_chain(const std::vector<std::filesystem::path>& given) {
  std::set<ChainFile> files;
  std::vector<std::filesystem::path> unknown;
  for (const auto& path : given) {
    auto id = identify(path);
    if (!id) {
      unknown.push_back(path);
      continue;
    }
    files.insert(*id);
    for (uint32_t i = 0; i < id->index; ++i) {
      auto earlier = path.parent_path() / TraceWriter::file_name(id->session, i);
      if (std::filesystem::exists(earlier)) files.insert(ChainFile{id->session, i, earlier});
    }
  }
  std::vector<std::filesystem::path> out = unknown;  // reported as unreadable first
  std::set<std::filesystem::path> seen;
  for (const ChainFile& f : files) {
    auto canonical = std::filesystem::weakly_canonical(f.path);
    if (seen.insert(canonical).second) out.push_back(f.path);
  }
  return out;
}

Result<Bytes> read_whole_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot open " + path.string()};
  Bytes bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return Error{"cannot read " + path.string()};
  return bytes;
}

Result<std::vector<ChainSnapshot>> chain_snapshots(const std::vector<std::filesystem::path>& files) {
  std::vector<ChainSnapshot> found;
  for (size_t i = 0; i < files.size(); ++i) {
    auto bytes = read_whole_file(files[i]);
    if (!bytes) return std::move(bytes).take_error();
    auto records = read_file_records(*bytes);
    if (!records) continue;  // reported when the file is replayed
    for (int64_t tick : snapshot_ticks(records->records)) found.push_back(ChainSnapshot{i, tick});
  }
  return found;
}

Status write_whole_file(const std::filesystem::path& path, std::span<const uint8_t> bytes) {
  std::ofstream o(path, std::ios::binary | std::ios::trunc);
  o.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  o.close();
  if (!o) return Error{"cannot write " + path.string()};
  return Status::success();
}

Result<VerifyResult> replay_session(const std::vector<std::filesystem::path>& given, ChainVerifier& verifier,
                                    uint64_t* bytes_read, std::optional<int64_t> from_tick) {
  std::vector<std::filesystem::path> files = resolve_chain(given);
  std::optional<std::string> note;
  if (from_tick) {
    auto snapshots = chain_snapshots(files);
    if (!snapshots) return std::move(snapshots).take_error();
    std::optional<ChainSnapshot> start;  // the last snapshot taken at or before from_tick
    for (const ChainSnapshot& s : *snapshots)
      if (s.tick <= *from_tick) start = s;
    if (start) {
      files.erase(files.begin(), files.begin() + static_cast<ptrdiff_t>(start->file));
      verifier.start_at_snapshot(start->tick);
    } else {
      note = "no snapshot at or before tick " + std::to_string(*from_tick) + ": replayed from the session's start";
    }
  }
  for (const auto& path : files) {
    auto bytes = read_whole_file(path);
    if (!bytes) return std::move(bytes).take_error();
    if (bytes_read) *bytes_read += bytes->size();
    if (!verifier.add_file(*bytes, path.string())) break;
  }
  VerifyResult result = verifier.finish();
  if (note) result.notes.push_back(*note);
  return result;
}

int trace_verify(const std::vector<std::filesystem::path>& given, std::ostream& out, std::ostream& err,
                 std::optional<int64_t> from_tick, unsigned jobs) {
  auto started = std::chrono::steady_clock::now();
  ChainVerifier verifier;
  uint64_t bytes_read = 0;
  auto replayed = jobs > 1 ? replay_session_in_segments(given, jobs, &bytes_read, from_tick)
                           : replay_session(given, verifier, &bytes_read, from_tick);
  if (!replayed) {
    err << "horizon-trace: " << replayed.error() << "\n";
    return kTraceUnreadable;
  }
  const VerifyResult& result = *replayed;
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  for (const std::string& note : result.notes) out << "note: " << note << "\n";
  if (result.outcome == VerifyResult::Outcome::kUnreadable) {
    err << "horizon-trace: cannot verify: " << result.problem << "\n";
    return kTraceUnreadable;
  }
  if (result.outcome == VerifyResult::Outcome::kDiverged) {
    out << "in " << result.divergence_file << ":\n" << format_divergence(*result.divergence);
    return kTraceDiverged;
  }
  double recorded = static_cast<double>(result.recorded_nanos) / 1e9;
  out << "identical: " << result.files << " file(s), " << result.frames << " frames, " << result.passes_replayed
      << " passes, " << result.inputs << " inputs, last tick " << result.last_tick << "\n";
  if (result.resumed_at_tick)
    out << "started from the snapshot at tick " << *result.resumed_at_tick << " (session passes "
        << result.iterations - result.passes_replayed << " to " << result.iterations << ")\n";
  if (result.snapshots_checked > 0)
    out << result.snapshots_checked << " later snapshot(s) matched the replayed core"
        << (jobs > 1 ? ", each ending a segment replayed beside the others (" + std::to_string(jobs) + " at a time)" : "")
        << "\n";
  out << "replayed " << fixed(recorded, 3) << " s of recorded time in " << fixed(seconds, 3) << " s";
  if (seconds > 0) {
    out << " (" << fixed(static_cast<double>(result.passes_replayed) / seconds, 0) << " passes/s, "
        << fixed(recorded / seconds, 1) << "x real time, " << fixed(static_cast<double>(bytes_read) / seconds / 1e6, 1)
        << " MB/s of trace)";
  }
  out << "\n";
  return kTraceOk;
}

}  // namespace hz
