// The horizon-trace commands as functions of files and output streams (so tests can run them):
// info, dump, verify, cut, slice, minimize and export. Each returns the process exit code.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "replay/replayer/chain_verifier.h"
#include "sim/core/result.h"
#include "sim/core/types.h"

namespace hz {

// Exit codes of horizon-trace.
inline constexpr int kTraceOk = 0;
inline constexpr int kTraceDiverged = 1;
inline constexpr int kTraceFailed = 1;  // export: diverged, no such player, output not written
inline constexpr int kTraceUsage = 2;
inline constexpr int kTraceUnreadable = 3;

Result<Bytes> read_whole_file(const std::filesystem::path& path);
// Writes a file the tools made (cut, slice), replacing what was there.
Status write_whole_file(const std::filesystem::path& path, std::span<const uint8_t> bytes);

int trace_info(const std::vector<std::filesystem::path>& files, std::ostream& out, std::ostream& err);

struct DumpOptions {
  bool inputs_only = false;  // only the core's inputs (clock reads included)
  bool bytes = false;        // hex of every BytesReceived
};
int trace_dump(const std::filesystem::path& file, const DumpOptions& options, std::ostream& out, std::ostream& err);

// Replays the files of one session (earlier files of a chain are found next to the first one
// given when missing) and reports the first divergence. With `from_tick`, replay starts at the
// last snapshot taken at or before that tick (from the session's start when there is none).
// `jobs` above 1 replays the segments between snapshots that many at a time
// (replay_session_in_segments).
int trace_verify(const std::vector<std::filesystem::path>& files, std::ostream& out, std::ostream& err,
                 std::optional<int64_t> from_tick = std::nullopt, unsigned jobs = 1);

// The files to replay for the given ones: those plus the earlier files of their session found
// beside them, in chain order (files whose header cannot be read first, to be reported).
std::vector<std::filesystem::path> resolve_chain(const std::vector<std::filesystem::path>& given);

// A whole snapshot of a chain: the index among the chain's files of the one holding it, its tick.
struct ChainSnapshot {
  size_t file = 0;
  int64_t tick = 0;
};
// Every whole snapshot in `files` (a chain, in order), in order; an error when one cannot be read.
Result<std::vector<ChainSnapshot>> chain_snapshots(const std::vector<std::filesystem::path>& files);

// Replays the session of the given files through `verifier` (which may carry an observer); an
// error when a file cannot be read. `bytes_read`, when given, counts the bytes of the files.
Result<VerifyResult> replay_session(const std::vector<std::filesystem::path>& given, ChainVerifier& verifier,
                                    uint64_t* bytes_read = nullptr, std::optional<int64_t> from_tick = std::nullopt);

// The same replay cut at the session's snapshots into segments, `jobs` of them replayed at once:
// each starts at a snapshot (the first at the session's start, or at `from_tick` as above) and
// ends at the next one, which it checks. The result is the whole replay's: the first divergence
// or problem in session order, else the segments' totals.
Result<VerifyResult> replay_session_in_segments(const std::vector<std::filesystem::path>& given, unsigned jobs,
                                                uint64_t* bytes_read = nullptr,
                                                std::optional<int64_t> from_tick = std::nullopt);

struct ExportOptions {
  std::string player;          // whose view: the name in the login success
  std::filesystem::path out;   // the recording to write
  std::string format = "mcpr";  // ReplayMod's
};
// Replays the session (as verify does) and writes the first login of `player` as a recording.
int trace_export(const std::vector<std::filesystem::path>& files, const ExportOptions& options, std::ostream& out,
                 std::ostream& err);

int trace_cut(const std::filesystem::path& file, int64_t to_tick, const std::filesystem::path& out_file,
              std::ostream& out, std::ostream& err);
// A trace starting at the last snapshot at or before `from_tick`, holding the passes to `to_tick`.
int trace_slice(const std::filesystem::path& file, int64_t from_tick, int64_t to_tick,
                const std::filesystem::path& out_file, std::ostream& out, std::ostream& err);
// For a session whose replay diverges: writes the shortest trace that diverges at the same pass
// in the same way (from the last snapshot before it, or the session's start, to that pass) and
// checks it does. kTraceFailed when the session replays identically or the shorter trace does
// not diverge alike.
int trace_minimize(const std::vector<std::filesystem::path>& files, const std::filesystem::path& out_file,
                   std::ostream& out, std::ostream& err);

}  // namespace hz
