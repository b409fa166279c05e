// horizon-sim: runs the real core inside a simulated world drawn from one seed (simulated clients,
// network, storage, worker pool and clock; sim/simulation/) and checks invariants as it goes.
// Progress on stderr; the last line on stdout is one JSON object; exit 0 without violations, 1
// with, 2 on bad arguments (3 when the trace could not be written).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "replay/recorder/live_recording.h"
#include "replay/recorder/recorder.h"
#include "replay/recorder/snapshot_check.h"
#include "replay/recorder/trace_output.h"
#include "sim/core/hash.h"
#include "sim/game/core.h"
#include "sim/protocol/json_writer.h"
#include "sim/simulation/simulation.h"

namespace {

constexpr const char* kUsage =
    "usage: horizon-sim --seed N [--seconds S] [--clients K] [--faults none|network|storage|all]\n"
    "                   [--canary bad-packet|lost-save|wrong-block|view-leak|move-threshold|chunk-quota|tick-stats-ring] [--minimize] [--trace FILE] [--view-distance D] [--snapshot-swap] [--quiet]\n";

struct Arguments {
  hz::SimOptions options;
  bool quiet = false;
  bool minimize = false;
  std::string trace;
};

const char* faults_name(hz::SimFaults f) {
  switch (f) {
    case hz::SimFaults::kNone: return "none";
    case hz::SimFaults::kNetwork: return "network";
    case hz::SimFaults::kStorage: return "storage";
    case hz::SimFaults::kAll: return "all";
  }
  return "none";
}

std::optional<std::string> parse_faults(const std::string& text, hz::SimFaults& out) {
  for (hz::SimFaults f : {hz::SimFaults::kNone, hz::SimFaults::kNetwork, hz::SimFaults::kStorage, hz::SimFaults::kAll}) {
    if (text == faults_name(f)) {
      out = f;
      return std::nullopt;
    }
  }
  return "--faults: unknown value '" + text + "' (none, network, storage or all)";
}

const char* canary_name(hz::SimCanary c) {
  switch (c) {
    case hz::SimCanary::kNone: return "none";
    case hz::SimCanary::kBadPacket: return "bad-packet";
    case hz::SimCanary::kLostSave: return "lost-save";
    case hz::SimCanary::kWrongBlock: return "wrong-block";
    case hz::SimCanary::kViewLeak: return "view-leak";
    case hz::SimCanary::kMoveThreshold: return "move-threshold";
    case hz::SimCanary::kChunkQuota: return "chunk-quota";
    case hz::SimCanary::kTickStatsRing: return "tick-stats-ring";
  }
  return "none";
}

std::optional<std::string> parse_canary(const std::string& text, hz::SimCanary& out) {
  for (hz::SimCanary c :
       {hz::SimCanary::kNone, hz::SimCanary::kBadPacket, hz::SimCanary::kLostSave, hz::SimCanary::kWrongBlock,
        hz::SimCanary::kViewLeak, hz::SimCanary::kMoveThreshold, hz::SimCanary::kChunkQuota,
        hz::SimCanary::kTickStatsRing}) {
    if (text == canary_name(c)) {
      out = c;
      return std::nullopt;
    }
  }
  return "--canary: unknown canary '" + text + "' (bad-packet, lost-save, wrong-block, view-leak, move-threshold, chunk-quota or tick-stats-ring)";
}

// Parses argv; an error message on failure.
std::optional<std::string> parse(const std::vector<std::string>& args, Arguments& a) {
  bool has_seed = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--quiet" || flag == "--minimize" || flag == "--snapshot-swap") {
      (flag == "--quiet" ? a.quiet : flag == "--minimize" ? a.minimize : a.options.snapshot_swap) = true;
      continue;
    }
    if (i + 1 >= args.size()) return flag + " needs a value";
    const std::string& value = args[++i];
    try {
      size_t used = 0;
      if (flag == "--seed") a.options.seed = std::stoull(value, &used), has_seed = true;
      else if (flag == "--seconds") a.options.seconds = std::stod(value, &used);
      else if (flag == "--clients") a.options.clients = std::stoi(value, &used);
      else if (flag == "--view-distance") a.options.view_distance = std::stoi(value, &used);
      else if (flag == "--faults" || flag == "--canary" || flag == "--trace") {
        if (flag == "--faults") {
          if (auto error = parse_faults(value, a.options.faults)) return error;
        } else if (flag == "--canary") {
          if (auto error = parse_canary(value, a.options.canary)) return error;
        } else {
          a.trace = value;
        }
        used = value.size();
      } else return "unknown option " + flag;
      if (used != value.size()) throw std::invalid_argument(value);
    } catch (const std::exception&) {
      return flag + ": not a valid number: '" + value + "'";
    }
  }
  if (!has_seed) return std::string("--seed is required");
  if (a.options.seconds <= 0 || a.options.clients < 0 || a.options.view_distance < 2 || a.options.view_distance > 32) {
    return std::string("--seconds must be positive, --clients not negative, --view-distance 2..32");
  }
  if (a.minimize && !a.trace.empty()) return std::string("--minimize and --trace go in separate runs");
  if (a.options.snapshot_swap && !a.trace.empty()) return std::string("--snapshot-swap and --trace go in separate runs");
  return std::nullopt;
}

// The command line that repeats a run.
std::string command_line(const hz::SimOptions& o) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", o.seconds);
  std::string line = "--seed " + std::to_string(o.seed) + " --seconds " + seconds + " --clients " +
                     std::to_string(o.clients) + " --faults " + faults_name(o.faults);
  if (o.canary != hz::SimCanary::kNone) line += std::string(" --canary ") + canary_name(o.canary);
  if (o.view_distance != hz::SimOptions{}.view_distance) line += " --view-distance " + std::to_string(o.view_distance);
  return line;
}

// Records the first core of the run as a .hztrace: the live server's recorder, kept in memory and
// written to one file at the end (a run is far shorter than a file's rotation limits).
class TraceRecording final : public hz::SimRecording {
 public:
  TraceRecording(const hz::CoreConfig& config, hz::Clock& clock, hz::EffectSink& sink, uint64_t seed,
                 std::string path, std::string& error)
      : path_(std::move(path)), error_(error) {
    hz::TraceHeader header = hz::live_trace_header(config);
    header.session = "horizon-sim-" + std::to_string(seed);
    hz::RotationPolicy rotation;
    rotation.max_file_bytes = ~uint64_t{0} >> 1;
    rotation.max_file_nanos = INT64_MAX;
    auto writer = std::make_unique<hz::TraceWriter>(std::move(header), output_, rotation, hz::FrameLimits{},
                                                    hz::core_snapshot_check(config));
    recorder_ = std::make_unique<hz::Recorder>(clock, sink, std::move(writer));
    auto snapshot_every = hz::trace_snapshot_interval(config.properties);
    if (snapshot_every) recorder_->set_snapshot_interval(*snapshot_every);
    else fail(snapshot_every.error());
  }
  hz::Clock& core_clock() override { return recorder_->clock(); }
  hz::EffectSink& core_sink() override { return recorder_->sink(); }
  void started() override { recorder_->started(); }
  void iteration(std::vector<hz::Input> inputs, const hz::IterationDigest& digest, const hz::Core& core) override {
    recorder_->end_iteration(std::move(inputs), digest, &core);
  }
  // A core that lives to the end stops with its final save recorded; a crashed one's trace just
  // ends, as a killed server's does.
  void ended(hz::Core* stop) override {
    if (stop) hz::save_everything_recorded(*stop, recorder_.get());
    if (hz::Status s = recorder_->close(); !s) return fail("recording the trace failed: " + s.error());
    if (output_.files.size() != 1) return fail("the trace did not fit in one file");
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(output_.files[0].bytes.data()),
              static_cast<std::streamsize>(output_.files[0].bytes.size()));
    if (!out.flush()) fail("cannot write the trace to " + path_);
  }

 private:
  void fail(std::string why) { error_ = std::move(why); }

  std::string path_;
  std::string& error_;
  hz::MemoryOutput output_;
  std::unique_ptr<hz::Recorder> recorder_;
};

std::string result_json(const hz::SimResult& r, double wall_s, int clients, const std::string& minimized) {
  hz::JsonWriter w;
  w.begin_object();
  w.key("seed").number(r.seed);
  w.key("simulated_s").number(r.simulated_s);
  w.key("wall_s").number(wall_s);
  w.key("passes").number(r.passes);
  w.key("clients").number(int64_t{clients});
  w.key("connections").number(int64_t{r.connections});
  w.key("crashes").number(int64_t{r.crashes});
  w.key("chunk_checks").number(int64_t{r.chunk_checks});
  w.key("jumps_judged").number(r.jumps_judged);
  w.key("batches_checked").number(r.batches_checked);
  w.key("tick_replies_checked").number(r.tick_replies_checked);
  w.key("snapshot_swaps").number(int64_t{r.snapshot_swaps});
  w.key("snapshot_bytes").number(r.snapshot_bytes);
  w.key("digest").string(hz::hex64(r.digest));
  w.key("violations").begin_array();
  for (const hz::SimViolation& v : r.violations) {
    w.begin_object().key("pass").number(v.pass).key("tick").number(v.tick).key("what").string(v.what).end_object();
  }
  w.end_array();
  if (!minimized.empty()) w.key("minimized").string(minimized);
  w.end_object();
  return w.take();
}

// Shrinks a failing run: fewer clients, fewer seconds, fewer fault kinds, each step kept only
// while some violation remains. Returns the smallest options that still fail.
hz::SimOptions minimize(hz::SimOptions failing, bool quiet) {
  auto fails = [quiet](const hz::SimOptions& o) {
    const bool failed = !hz::run_simulation(o, {}).violations.empty();
    if (!quiet) std::cerr << "minimize: " << command_line(o) << (failed ? " fails" : " passes") << std::endl;
    return failed;
  };
  auto try_faults = [&](hz::SimFaults f) {
    if (f == failing.faults) return;
    hz::SimOptions o = failing;
    o.faults = f;
    if (fails(o)) failing = o;
  };
  // Fewer fault kinds first: each run is then cheaper to read.
  if (failing.faults == hz::SimFaults::kAll) try_faults(hz::SimFaults::kStorage), try_faults(hz::SimFaults::kNetwork);
  try_faults(hz::SimFaults::kNone);
  for (bool progress = true; progress;) {
    progress = false;
    if (failing.clients > 1) {
      hz::SimOptions o = failing;
      o.clients = failing.clients / 2;
      if (fails(o)) failing = o, progress = true;
    }
    if (failing.seconds > 5) {
      hz::SimOptions o = failing;
      o.seconds = std::max(5.0, static_cast<double>(static_cast<int64_t>(failing.seconds * 0.6)));
      if (fails(o)) failing = o, progress = true;
    }
  }
  // Last, one client fewer at a time.
  while (failing.clients > 0) {
    hz::SimOptions o = failing;
    --o.clients;
    if (!fails(o)) break;
    failing = o;
  }
  return failing;
}

}  // namespace

int main(int argc, char** argv) {
  Arguments a;
  if (auto error = parse(std::vector<std::string>(argv + 1, argv + argc), a)) {
    std::cerr << "horizon-sim: " << *error << "\n" << kUsage;
    return 2;
  }
  const auto started = std::chrono::steady_clock::now();
  std::function<void(const std::string&)> progress;
  if (!a.quiet) progress = [](const std::string& line) { std::cerr << line << std::endl; };
  std::string trace_error;
  if (!a.trace.empty()) {
    a.options.recording = [&a, &trace_error](const hz::CoreConfig& config, hz::Clock& clock, hz::EffectSink& sink) {
      return std::unique_ptr<hz::SimRecording>(
          std::make_unique<TraceRecording>(config, clock, sink, a.options.seed, a.trace, trace_error));
    };
  }
  const hz::SimResult result = hz::run_simulation(a.options, progress);
  if (!trace_error.empty()) {
    std::cerr << "horizon-sim: " << trace_error << std::endl;
    return 3;
  }
  std::string minimized;
  if (a.minimize && !result.violations.empty()) {
    hz::SimOptions smallest = minimize(a.options, a.quiet);
    minimized = command_line(smallest);
    std::cerr << "minimized: horizon-sim " << minimized << std::endl;
  }
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << result_json(result, wall_s, a.options.clients, minimized) << std::endl;
  return result.violations.empty() ? 0 : 1;
}
