// Recording as the live server sets it up: reads the horizon-* trace settings, picks the session
// name and folder, writes the header, and gives the core the recording clock and sink.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "replay/recorder/recorder.h"
#include "replay/recorder/trace_output.h"
#include "sim/core/result.h"
#include "sim/game/core.h"

namespace hz {

// server.properties keys for rotation (Horizon's own; see docs/trace-format.md).
inline constexpr const char* kTraceMaxFileMbKey = "horizon-trace-max-file-mb";
inline constexpr const char* kTraceMaxFileMinutesKey = "horizon-trace-max-file-minutes";
// Minutes of recorded clock time between snapshots of the core in the trace (0: none).
inline constexpr const char* kTraceSnapshotMinutesKey = "horizon-trace-snapshot-minutes";
inline constexpr int64_t kDefaultTraceSnapshotMinutes = 5;

// The snapshot interval the properties ask for, in nanoseconds (0: none); the error names the key
// and the value.
Result<int64_t> trace_snapshot_interval(const ServerProperties& props);

// How the session's world started: generated from the seed, or loaded from files (with the
// shell's fingerprint of them, taken before the server touched them).
struct RecordedWorld {
  WorldOrigin origin = WorldOrigin::kGenerated;
  uint64_t files_hash = 0;
};

// The header a live session starts with (session and wall clock are filled in by the caller).
TraceHeader live_trace_header(const CoreConfig& config, RecordedWorld world = {});

class LiveRecording {
 public:
  // Starts recording when config.properties.record_trace is set; `folder` is the server's
  // working folder (the trace folder is relative to it). error() says why it could not start.
  LiveRecording(const CoreConfig& config, RecordedWorld world, const std::filesystem::path& folder, Clock& clock,
                EffectSink& sink);
  ~LiveRecording();

  bool active() const { return recorder_ != nullptr; }
  Recorder* recorder() { return recorder_.get(); }
  // What the core should use: the recording clock and sink, or the real ones when not recording.
  Clock& core_clock() { return recorder_ ? recorder_->clock() : clock_; }
  EffectSink& core_sink() { return recorder_ ? recorder_->sink() : sink_; }
  // A line for the log when recording started ("Recording a trace to ..."), else empty.
  const std::string& message() const { return message_; }
  const std::string& error() const { return error_; }
  // Finishes the trace; a line for the log saying where it is, or what went wrong.
  std::string finish();

 private:
  Clock& clock_;
  EffectSink& sink_;
  std::filesystem::path folder_;
  std::unique_ptr<DirectoryOutput> output_;
  std::unique_ptr<Recorder> recorder_;
  std::string message_;
  std::string error_;
};

}  // namespace hz
