// The horizon-trace commands as functions of files and output streams (so tests can run them):
// info, dump, verify and cut. Each returns the process exit code.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "sim/core/result.h"
#include "sim/core/types.h"

namespace hz {

// Exit codes of horizon-trace.
inline constexpr int kTraceOk = 0;
inline constexpr int kTraceDiverged = 1;
inline constexpr int kTraceUsage = 2;
inline constexpr int kTraceUnreadable = 3;

Result<Bytes> read_whole_file(const std::filesystem::path& path);

int trace_info(const std::vector<std::filesystem::path>& files, std::ostream& out, std::ostream& err);

struct DumpOptions {
  bool inputs_only = false;  // only the core's inputs (clock reads included)
  bool bytes = false;        // hex of every BytesReceived
};
int trace_dump(const std::filesystem::path& file, const DumpOptions& options, std::ostream& out, std::ostream& err);

// Replays the files of one session (earlier files of a chain are found next to the first one
// given when missing) and reports the first divergence.
int trace_verify(const std::vector<std::filesystem::path>& files, std::ostream& out, std::ostream& err);

int trace_cut(const std::filesystem::path& file, int64_t to_tick, const std::filesystem::path& out_file,
              std::ostream& out, std::ostream& err);

}  // namespace hz
