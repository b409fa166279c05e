// horizon-sim: runs the real core inside a simulated world drawn from one seed (simulated clients,
// network, storage, worker pool and clock; sim/simulation/) and checks invariants as it goes.
// Progress on stderr; the last line on stdout is one JSON object; exit 0 without violations, 1
// with, 2 on bad arguments (3 when the trace could not be written).
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "replay/recorder/live_recording.h"
#include "replay/recorder/recorder.h"
#include "replay/recorder/snapshot_check.h"
#include "replay/recorder/trace_output.h"
#include "server/memory_tuning.h"
#include "sim/core/hash.h"
#include "sim/game/core.h"
#include "sim/protocol/json_writer.h"
#include "sim/simulation/minimize.h"
#include "sim/simulation/simulation.h"

namespace {

constexpr const char* kUsage =
    "usage: horizon-sim --seed N [--seconds S] [--clients K] [--faults none|network|storage|all]\n"
    "                   [--canary bad-packet|lost-save|wrong-block|view-leak|move-threshold|lost-pull-back|chunk-quota|tick-stats-ring|lost-answers] [--minimize] [--trace FILE] [--view-distance D] [--snapshot-swap] [--omit PARTS] [--quiet]\n"
    "  --omit PARTS  leave parts of the run out, comma-separated: SimN (a client), SimN.walk|chat|command|build|quit|\n"
    "                garbage|play|jump (one of its behaviours), latency, split, slow, read-error, write-error, torn, crash\n";

struct Arguments {
  hz::SimOptions options;
  bool quiet = false;
  bool minimize = false;
  std::string trace;
};

std::optional<std::string> parse_faults(const std::string& text, hz::SimFaults& out) {
  for (hz::SimFaults f : hz::kEveryFaultsLevel) {
    if (text == hz::faults_name(f)) {
      out = f;
      return std::nullopt;
    }
  }
  return "--faults: unknown value '" + text + "' (none, network, storage or all)";
}

std::optional<std::string> parse_canary(const std::string& text, hz::SimCanary& out) {
  std::string names;
  for (hz::SimCanary c : hz::kEveryCanary) {
    if (text == hz::canary_name(c)) {
      out = c;
      return std::nullopt;
    }
    names += (names.empty() ? "" : ", ") + std::string(hz::canary_name(c));
  }
  return "--canary: unknown canary '" + text + "' (" + names + ")";
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
      else if (flag == "--faults" || flag == "--canary" || flag == "--trace" || flag == "--omit") {
        if (flag == "--faults") {
          if (auto error = parse_faults(value, a.options.faults)) return error;
        } else if (flag == "--canary") {
          if (auto error = parse_canary(value, a.options.canary)) return error;
        } else if (flag == "--omit") {
          auto omit = hz::parse_omissions(value);
          if (!omit) return "--omit: " + omit.error();
          a.options.omit = std::move(*omit);
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
  if (a.options.snapshot_swap && !a.trace.empty()) return std::string("--snapshot-swap and --trace go in separate runs");
  return std::nullopt;
}

// Records one core of the run as a .hztrace: the live server's recorder, kept in memory and
// written to one file when the core's life ends (a run is far shorter than a file's rotation limits).
class TraceRecording final : public hz::SimRecording {
 public:
  TraceRecording(const hz::CoreConfig& config, hz::Clock& clock, hz::EffectSink& sink, std::string session,
                 std::string path, std::string& error)
      : path_(std::move(path)), error_(error) {
    hz::TraceHeader header = hz::live_trace_header(config);
    header.session = std::move(session);
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

// With --minimize, what it found (the trace is the smallest run's, when --trace was given).
struct Minimized {
  hz::MinimizedRun run;
  std::string trace;
};

std::string result_json(const hz::SimResult& r, double wall_s, int clients, const std::vector<std::string>& traces,
                        const std::optional<Minimized>& minimized) {
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
  w.key("jumps_judged").number(r.checks.jumps_judged);
  w.key("moves_judged").number(r.checks.moves_judged);
  w.key("moves_skipped").number(r.checks.moves_skipped);
  w.key("moves_judged_in_water").number(r.checks.moves_judged_in_water);
  w.key("pull_backs_judged").number(r.checks.pull_backs_judged);
  w.key("kicks_judged").number(r.checks.kicks_judged);
  w.key("batches_checked").number(r.checks.batches_checked);
  w.key("tick_replies_checked").number(r.tick_replies_checked);
  w.key("stalls").number(int64_t{r.stalls});
  w.key("timeouts_judged").number(int64_t{r.timeouts_judged});
  w.key("snapshot_swaps").number(int64_t{r.snapshot_swaps});
  w.key("snapshot_bytes").number(r.snapshot_bytes);
  w.key("digest").string(hz::hex64(r.digest));
  w.key("actions").begin_object();  // per client, the numbered actions of each behaviour (taken or left out)
  for (const auto& [client, counts] : r.actions) {
    w.key("Sim" + std::to_string(client)).begin_object();
    for (size_t b = 0; b < hz::kBehaviourCount; ++b) w.key(std::string(hz::kBehaviourNames[b])).number(int64_t{counts[b]});
    w.end_object();
  }
  w.end_object();
  w.key("violations").begin_array();
  for (const hz::SimViolation& v : r.violations) {
    w.begin_object().key("pass").number(v.pass).key("tick").number(v.tick);
    w.key("invariant").string(v.invariant).key("what").string(v.what).end_object();
  }
  w.end_array();
  if (!traces.empty()) {
    w.key("traces").begin_array();
    for (const std::string& t : traces) w.string(t);
    w.end_array();
  }
  if (minimized) {
    w.key("minimized").begin_object();
    w.key("command").string(hz::sim_command_line(minimized->run.options));
    w.key("invariant").string(minimized->run.invariant);
    w.key("inputs_before").number(static_cast<uint64_t>(minimized->run.parts_before));
    w.key("inputs_after").number(static_cast<uint64_t>(minimized->run.parts_after));
    w.key("actions_before").number(static_cast<uint64_t>(minimized->run.actions_before));
    w.key("actions_after").number(static_cast<uint64_t>(minimized->run.actions_after));
    w.key("runs").number(int64_t{minimized->run.runs});
    if (minimized->trace.empty()) w.key("trace").null();
    else w.key("trace").string(minimized->trace);
    w.end_object();
  }
  w.end_object();
  return w.take();
}

// Where the trace of a core's life goes: `path` for the first core; `a.hztrace` becomes
// `a-restart1.hztrace` for the core restarted after the first crash, and so on.
std::string life_path(const std::string& path, int life) {
  if (life == 0) return path;
  const std::filesystem::path p(path);
  return (p.parent_path() / (p.stem().string() + "-restart" + std::to_string(life) + p.extension().string())).string();
}

// Makes the run record each core into its life's path (errors land in `error`).
hz::SimRecordingFactory trace_to(const std::string& path, uint64_t seed, std::string& error) {
  return [path, seed, &error](const hz::CoreConfig& config, hz::Clock& clock, hz::EffectSink& sink, int life) {
    std::string session = "horizon-sim-" + std::to_string(seed) + (life ? "-restart" + std::to_string(life) : "");
    return std::unique_ptr<hz::SimRecording>(
        std::make_unique<TraceRecording>(config, clock, sink, std::move(session), life_path(path, life), error));
  };
}

}  // namespace

int main(int argc, char** argv) {
  hz::keep_large_blocks_mapped();
  Arguments a;
  if (auto error = parse(std::vector<std::string>(argv + 1, argv + argc), a)) {
    std::cerr << "horizon-sim: " << *error << "\n" << kUsage;
    return 2;
  }
  const auto started = std::chrono::steady_clock::now();
  std::function<void(const std::string&)> progress;
  if (!a.quiet) progress = [](const std::string& line) { std::cerr << line << std::endl; };
  std::string trace_error;
  if (!a.trace.empty()) a.options.recording = trace_to(a.trace, a.options.seed, trace_error);
  const hz::SimResult result = hz::run_simulation(a.options, progress);
  std::optional<Minimized> minimized;
  if (a.minimize && !result.violations.empty() && trace_error.empty()) {
    hz::SimOptions failing = a.options;
    failing.recording = nullptr;
    minimized = Minimized{hz::minimize_run(failing, result.violations.front().invariant, progress), ""};
    std::cerr << "minimized: horizon-sim " << hz::sim_command_line(minimized->run.options) << std::endl;
    if (!a.trace.empty()) {  // the trace becomes the smallest run's
      hz::SimOptions smallest = minimized->run.options;
      smallest.recording = trace_to(a.trace, smallest.seed, trace_error);
      (void)hz::run_simulation(smallest, {});
      minimized->trace = a.trace;
    }
  }
  if (!trace_error.empty()) {
    std::cerr << "horizon-sim: " << trace_error << std::endl;
    return 3;
  }
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::vector<std::string> traces;  // one per core's life: the first, then each restart's
  for (int life = 0; !a.trace.empty() && !minimized && life <= result.crashes; ++life)
    traces.push_back(life_path(a.trace, life));
  std::cout << result_json(result, wall_s, a.options.clients, traces, minimized) << std::endl;
  return result.violations.empty() ? 0 : 1;
}
