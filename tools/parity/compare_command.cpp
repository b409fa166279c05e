#include "tools/parity/compare_command.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>

#include "sim/core/properties.h"
#include "tools/parity/horizon_session.h"
#include "tools/parity/parity_report.h"
#include "tools/parity/world_folder.h"

namespace hz::parity {
namespace {

constexpr size_t kDifferencesShown = 20;
constexpr size_t kDifferencesInReportFile = 500;

struct CompareOptions {
  std::string recording;
  std::string world;
  std::optional<int64_t> seed;
  std::string json_out;
  std::string report_out;
  std::string properties;  // the recorded server's server.properties (default: vanilla's defaults)
  std::vector<std::string> console;  // console lines run before the session (game rules)
};

std::optional<CompareOptions> parse(const std::vector<std::string>& args, std::string& error) {
  CompareOptions o;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--world" || a == "--seed" || a == "--json" || a == "--report" || a == "--properties" ||
        a == "--console") {
      if (i + 1 >= args.size()) {
        error = a + " needs a value";
        return std::nullopt;
      }
      const std::string& v = args[++i];
      if (a == "--world") o.world = v;
      else if (a == "--json") o.json_out = v;
      else if (a == "--report") o.report_out = v;
      else if (a == "--properties") o.properties = v;
      else if (a == "--console") o.console.push_back(v);
      else if (!(o.seed = parse_level_seed(v))) {
        error = "bad seed " + v;
        return std::nullopt;
      }
    } else if (!a.starts_with("--") && o.recording.empty()) {
      o.recording = a;
    } else {
      error = "unexpected argument " + a;
      return std::nullopt;
    }
  }
  if (o.recording.empty()) {
    error = "no recording given";
    return std::nullopt;
  }
  return o;
}

bool write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

}  // namespace

int compare_command(const std::vector<std::string>& args) {
  std::string error;
  auto options = parse(args, error);
  if (!options) {
    std::fprintf(stderr, "horizon-parity compare: %s\n", error.c_str());
    return 2;
  }
  std::ifstream in(options->recording, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "horizon-parity compare: cannot read %s\n", options->recording.c_str());
    return 1;
  }
  Bytes bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  RecordingContents recording = read_recording(bytes);
  ReportContext context;
  context.recording = options->recording;
  context.upstream = recording.header ? recording.header->upstream : "(unknown)";
  bool damaged = false;
  if (recording.damage) {
    // What was read before the damage is still compared; a truncated last frame (a killed
    // proxy) is tolerated, anything else makes the exit status 1.
    damaged = !recording.damage->tolerated();
    const std::string what = recording.damage->describe();
    std::fprintf(stderr, "horizon-parity compare: %s: %s\n", options->recording.c_str(), what.c_str());
    context.notes.push_back("the recording is damaged: " + what + "; the events before it are compared");
  }
  if (!recording.header) {
    std::fprintf(stderr, "horizon-parity compare: %s is not a readable recording\n", options->recording.c_str());
    return 1;
  }

  CoreConfig config;
  if (!options->properties.empty()) {
    std::ifstream file(options->properties, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    auto parsed = parse_server_properties(text);
    if (!file || !parsed.properties) {
      std::fprintf(stderr, "horizon-parity compare: cannot read %s%s\n", options->properties.c_str(),
                   parsed.error ? (": " + parsed.error->message).c_str() : "");
      return 2;
    }
    config.properties = *parsed.properties;
    if (!options->seed) options->seed = parse_level_seed(config.properties.level_seed);
  }
  config.properties.online_mode = false;  // a recording is of an offline-mode server
  config.world_seed = options->seed.value_or(0);
  SimulatedJobs jobs(1, static_cast<uint64_t>(config.world_seed));
  if (!options->world.empty()) {
    auto world = load_world_folder(options->world, jobs, config);
    if (!world) {
      std::fprintf(stderr, "horizon-parity compare: %s\n", world.error().c_str());
      return 2;
    }
    if (world->seed) config.world_seed = *world->seed;  // the world keeps its own seed, as on a server
    context.notes.push_back("world " + options->world + ": " + std::to_string(world->chunks) + " chunks, " +
                            std::to_string(world->entity_chunks) + " entity chunks, " +
                            std::to_string(world->player_files) + " player files");
    if (!world->seed && !options->seed) {
      std::fprintf(stderr, "horizon-parity compare: the world has no world_gen_settings.dat: give --seed\n");
      return 2;
    }
  } else if (!options->seed) {
    std::fprintf(stderr, "horizon-parity compare: give --world DIR or --seed N (chunks missing are generated from the seed)\n");
    return 2;
  }
  config.properties.level_seed = std::to_string(config.world_seed);

  const ObservedSession recorded = observe_recording(recording);
  adopt_recorded_settings(recorded, config);
  const auto start = std::chrono::steady_clock::now();
  HorizonSession horizon = run_horizon(recording, recorded, config, jobs, options->console);
  context.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  context.recorded_seconds = static_cast<double>(horizon.recorded_micros) / 1e6;
  context.passes = horizon.passes;
  context.notes.insert(context.notes.end(), horizon.notes.begin(), horizon.notes.end());

  const ParityComparison comparison = compare_sessions(recorded, horizon.session);
  const std::string json = report_json(comparison, context);
  std::cout << report_text(comparison, context, kDifferencesShown) << "\n" << json << std::endl;
  if (!options->json_out.empty() && !write_text(options->json_out, json + "\n"))
    std::fprintf(stderr, "horizon-parity compare: cannot write %s\n", options->json_out.c_str());
  if (!options->report_out.empty() &&
      !write_text(options->report_out, report_text(comparison, context, kDifferencesInReportFile)))
    std::fprintf(stderr, "horizon-parity compare: cannot write %s\n", options->report_out.c_str());
  return comparison.differ > 0 || damaged ? 1 : 0;
}

}  // namespace hz::parity
