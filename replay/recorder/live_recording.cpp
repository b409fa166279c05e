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

// A positive whole number setting, or the default when the key is absent.
std::optional<int64_t> positive_setting(const ServerProperties& props, const char* key, int64_t fallback,
                                        std::string& error) {
  auto it = props.raw.find(key);
  if (it == props.raw.end() || it->second.empty()) return fallback;
  int64_t value = 0;
  auto [end, ec] = std::from_chars(it->second.data(), it->second.data() + it->second.size(), value);
  if (ec != std::errc() || end != it->second.data() + it->second.size() || value <= 0) {
    error = "Invalid value '" + it->second + "' for server.properties key '" + key + "': expected a positive integer";
    return std::nullopt;
  }
  return value;
}

}  // namespace

Result<int64_t> trace_snapshot_interval(const ServerProperties& props) {
  auto it = props.raw.find(kTraceSnapshotMinutesKey);
  if (it == props.raw.end() || it->second.empty()) return kDefaultTraceSnapshotMinutes * 60 * 1'000'000'000;
  int64_t minutes = 0;
  auto [end, ec] = std::from_chars(it->second.data(), it->second.data() + it->second.size(), minutes);
  // A week at most: beyond that a snapshot would never come in practice, and the product overflows nothing.
  if (ec != std::errc() || end != it->second.data() + it->second.size() || minutes < 0 || minutes > 7 * 24 * 60)
    return Error{"Invalid value '" + it->second + "' for server.properties key '" + kTraceSnapshotMinutesKey +
                 "': expected whole minutes from 0 (no snapshots) to 10080"};
  return minutes * 60 * 1'000'000'000;
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
  auto max_mb = positive_setting(props, kTraceMaxFileMbKey, 256, error_);
  auto max_minutes = positive_setting(props, kTraceMaxFileMinutesKey, 60, error_);
  if (!max_mb || !max_minutes) return;
  auto snapshot_every = trace_snapshot_interval(props);
  if (!snapshot_every) {
    error_ = snapshot_every.error();
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
  rotation.max_file_nanos = *max_minutes * 60 * 1'000'000'000;
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
