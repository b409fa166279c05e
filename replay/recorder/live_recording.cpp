#include "replay/recorder/live_recording.h"
#include "replay/format/level_start.h"
#include "replay/recorder/snapshot_check.h"
#include "sim/core/build_info.h"

#include <charconv>
#include <chrono>
#include <ctime>

#include "sim/data/catalog.h"

namespace hz {
namespace {

// A session name from the UTC start time, unique among the folder's traces.
std::string session_name(const std::filesystem::path& folder) {
  std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  std::string base = buf;
  std::string name = base;
  for (int n = 2; std::filesystem::exists(folder / TraceWriter::file_name(name, 0)); ++n)
    name = base + "-" + std::to_string(n);
  return name;
}

// A whole number setting from `min` to `max`, or the default when the key is absent; the error
// names the key and the value.
Result<int64_t> whole_setting(const ServerProperties& props, const char* key, int64_t fallback, int64_t min,
                              int64_t max) {
  auto it = props.raw.find(key);
  if (it == props.raw.end() || it->second.empty()) return fallback;
  int64_t value = 0;
  auto [end, ec] = std::from_chars(it->second.data(), it->second.data() + it->second.size(), value);
  if (ec != std::errc() || end != it->second.data() + it->second.size() || value < min || value > max)
    return Error{"Invalid value '" + it->second + "' for server.properties key '" + key +
                 "': expected a whole number from " + std::to_string(min) + " to " + std::to_string(max)};
  return value;
}

constexpr int64_t kNanosPerMinute = 60 * 1'000'000'000LL;

}  // namespace

Result<int64_t> trace_snapshot_interval(const ServerProperties& props) {
  // 0 for none; a week at most (beyond that a snapshot would never come in practice).
  auto minutes = whole_setting(props, kTraceSnapshotMinutesKey, kDefaultTraceSnapshotMinutes, 0, 7 * 24 * 60);
  if (!minutes) return std::move(minutes).take_error();
  return *minutes * kNanosPerMinute;
}

TraceHeader live_trace_header(const CoreConfig& config, RecordedWorld world) {
  TraceHeader h;
  h.build_id = build_id();
  h.protocol_version = kProtocolVersion;
  // Through the writer so every typed value (with command-line overrides) is in the map.
  h.properties = parse_properties_text(write_server_properties(config.properties, ""));
  h.world_seed = config.world_seed;
  h.world_origin = world.origin;
  h.world_files_hash = world.origin == WorldOrigin::kLoaded ? world.files_hash : 0;
  h.level_start = trace_level_start(config.level_time);
  h.ops_json = config.ops_json;
  h.whitelist_json = config.whitelist_json;
  h.banned_players_json = config.banned_players_json;
  h.banned_ips_json = config.banned_ips_json;
  h.server_public_key = config.server_public_key;
  h.server_icon_png = config.server_icon_png;
  return h;
}

LiveRecording::LiveRecording(const CoreConfig& config, RecordedWorld world, const std::filesystem::path& folder,
                             Clock& clock, EffectSink& sink)
    : clock_(clock), sink_(sink) {
  const ServerProperties& props = config.properties;
  if (!props.record_trace) return;
  auto max_mb = whole_setting(props, kTraceMaxFileMbKey, 256, 1, 1 << 20);
  auto max_minutes = whole_setting(props, kTraceMaxFileMinutesKey, 60, 1, 7 * 24 * 60);
  auto snapshot_every = trace_snapshot_interval(props);
  if (!max_mb || !max_minutes || !snapshot_every) {
    error_ = !max_mb ? max_mb.error() : !max_minutes ? max_minutes.error() : snapshot_every.error();
    return;
  }
  folder_ = std::filesystem::path(props.trace_dir).is_absolute() ? std::filesystem::path(props.trace_dir)
                                                                 : folder / props.trace_dir;
  std::error_code ec;
  std::filesystem::create_directories(folder_, ec);
  if (ec) {
    error_ = "Cannot create the trace folder " + folder_.string() + ": " + ec.message();
    return;
  }
  TraceHeader header = live_trace_header(config, world);
  header.session = session_name(folder_);
  RotationPolicy rotation;
  rotation.max_file_bytes = static_cast<uint64_t>(*max_mb) << 20;
  rotation.max_file_nanos = *max_minutes * kNanosPerMinute;
  output_ = std::make_unique<DirectoryOutput>(folder_);
  std::string first = (folder_ / TraceWriter::file_name(header.session, 0)).string();
  auto writer = std::make_unique<TraceWriter>(std::move(header), *output_, rotation, FrameLimits{},
                                              core_snapshot_check(config));
  recorder_ = std::make_unique<Recorder>(clock_, sink_, std::move(writer), props.record_packet_notes);
  recorder_->set_snapshot_interval(*snapshot_every);
  message_ = "Recording a trace to " + first;
}

LiveRecording::~LiveRecording() { (void)finish(); }

std::string LiveRecording::finish() {
  if (!recorder_) return {};
  Status s = recorder_->close();
  recorder_.reset();
  if (!s) return "Trace recording failed: " + s.error();
  uint64_t bytes = 0;
  for (const auto& path : output_->files()) {
    std::error_code ec;
    bytes += std::filesystem::file_size(path, ec);
  }
  return "Saved the trace: " + std::to_string(output_->files().size()) + " file(s), " + std::to_string(bytes) +
         " bytes in " + folder_.string();
}

}  // namespace hz
