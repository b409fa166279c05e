// horizon-trace verify --jobs: the session cut at its snapshots into segments that replay side by
// side, each on its own core (a snapshot holds everything a replay needs to start there).
#include <algorithm>
#include <atomic>
#include <thread>

#include "replay/cli/trace_commands.h"
#include "replay/replayer/chain_verifier.h"

namespace hz {
namespace {

struct ChainFiles {
  std::vector<std::string> names;
  std::vector<Bytes> bytes;
};

// A stretch of the session: from a snapshot (none: the session's start) to the next one (none:
// the session's end).
struct Segment {
  std::optional<ChainSnapshot> from;
  std::optional<int64_t> to;
};

// The segments from the last snapshot at or before `from_tick` (or the start) to the end.
std::vector<Segment> segments(const std::vector<ChainSnapshot>& snapshots, std::optional<int64_t> from_tick) {
  std::vector<Segment> out{Segment{}};
  for (const ChainSnapshot& s : snapshots) {
    if (from_tick && s.tick <= *from_tick) {
      out.back().from = s;  // a later start: the segments before it are not replayed
      continue;
    }
    out.back().to = s.tick;
    out.push_back(Segment{s, std::nullopt});
  }
  return out;
}

VerifyResult replay_segment(const ChainFiles& files, const Segment& segment) {
  ChainVerifier verifier;
  size_t first = 0;
  if (segment.from) {
    verifier.start_at_snapshot(segment.from->tick);
    first = segment.from->file;
  }
  if (segment.to) verifier.stop_after_snapshot(*segment.to);
  for (size_t i = first; i < files.bytes.size(); ++i)
    if (!verifier.add_file(files.bytes[i], files.names[i])) break;
  VerifyResult result = verifier.finish();
  if (segment.to && !verifier.reached_stop() && result.outcome == VerifyResult::Outcome::kIdentical) {
    result.outcome = VerifyResult::Outcome::kUnreadable;
    result.problem = "the replay ended before the snapshot at tick " + std::to_string(*segment.to);
  }
  return result;
}

// The segments' results as one replay's: the first that did not replay identically, or the totals.
VerifyResult join(std::vector<VerifyResult>& parts, size_t files) {
  for (VerifyResult& part : parts)
    if (part.outcome != VerifyResult::Outcome::kIdentical) return std::move(part);
  VerifyResult whole = parts.back();
  whole.files = files;
  whole.resumed_at_tick = parts.front().resumed_at_tick;
  whole.first_clock = parts.front().first_clock;
  whole.recorded_nanos = whole.first_clock ? whole.last_clock - *whole.first_clock : 0;
  whole.frames = whole.passes_replayed = whole.inputs = whole.snapshots_checked = 0;
  whole.notes.clear();
  for (const VerifyResult& part : parts) {
    whole.frames += part.frames;
    whole.passes_replayed += part.passes_replayed;
    whole.inputs += part.inputs;
    whole.snapshots_checked += part.snapshots_checked;
    for (const std::string& note : part.notes)
      if (std::find(whole.notes.begin(), whole.notes.end(), note) == whole.notes.end()) whole.notes.push_back(note);
  }
  return whole;
}

}  // namespace

Result<VerifyResult> replay_session_in_segments(const std::vector<std::filesystem::path>& given, unsigned jobs,
                                                uint64_t* bytes_read, std::optional<int64_t> from_tick) {
  const std::vector<std::filesystem::path> chain = resolve_chain(given);
  auto snapshots = chain_snapshots(chain);
  if (!snapshots) return std::move(snapshots).take_error();
  ChainFiles files;
  for (const auto& path : chain) {
    auto bytes = read_whole_file(path);
    if (!bytes) return std::move(bytes).take_error();
    if (bytes_read) *bytes_read += bytes->size();
    files.names.push_back(path.string());
    files.bytes.push_back(std::move(*bytes));
  }
  const std::vector<Segment> work = segments(*snapshots, from_tick);
  std::vector<VerifyResult> results(work.size());
  std::atomic<size_t> next{0};
  // Segments after one that did not replay identically cannot change the result: none start.
  std::atomic<size_t> first_failed{work.size()};
  auto worker = [&] {
    for (size_t i = next++; i < work.size() && i < first_failed.load(); i = next++) {
      results[i] = replay_segment(files, work[i]);
      if (results[i].outcome == VerifyResult::Outcome::kIdentical) continue;
      size_t failed = first_failed.load();
      while (i < failed && !first_failed.compare_exchange_weak(failed, i)) {
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::min<size_t>(std::max(jobs, 1u), work.size()); ++t) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
  results.resize(std::min(first_failed.load() + 1, work.size()));
  const size_t first_file = work.front().from ? work.front().from->file : 0;
  return join(results, files.bytes.size() - first_file);
}

}  // namespace hz
