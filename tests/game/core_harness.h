// Test harness: a Core driven through its input boundary with a scripted clock, collecting the
// effects it emits, the way the live shell drives it but without sockets or real time.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "sim/core/effect_buffer.h"
#include "sim/game/core.h"
#include "sim/world/anvil/storage_jobs.h"

namespace hz::testing {

inline constexpr int64_t kMs = 1'000'000;  // nanoseconds in a millisecond, the clock's unit

// Reads within one iteration (non-sprinting): 1 = loop start, 2 = tick start, 3 = tick end.
// The third read advances the clock by the tick duration the test chose.
class LoopClock final : public Clock {
 public:
  int64_t now = 1'000'000'000'000;  // like a monotonic clock long after boot
  int64_t tick_duration = 0;
  int reads = 0;
  int64_t wall = 1'764'617'400'000;  // 2025-12-01 19:30:00 UTC
  int64_t wall_millis() override { return wall; }
  int64_t now_nanos() override {
    ++reads;
    if (reads == 3) now += tick_duration;
    return now;
  }
};

inline ServerProperties test_properties() {
  ServerProperties p = *parse_server_properties("pause-when-empty-seconds=0\nonline-mode=false\n").properties;
  return p;
}

struct CoreHarness {
  LoopClock clock;
  EffectBuffer sink;
  Core core;
  // `ops_json`: the text of ops.json (none by default).
  explicit CoreHarness(ServerProperties props = test_properties(), std::string ops_json = "")
      : core(CoreConfig{std::move(props), 12345, std::move(ops_json), {}, {}}, clock, sink) {
    core.start();
  }
  // A core built from a whole configuration (list files, icon).
  explicit CoreHarness(CoreConfig config) : core(std::move(config), clock, sink) { core.start(); }
  // One loop pass whose tick takes `duration` ns; then the shell's wait, if there is time left.
  IterationDigest iterate(int64_t duration, std::vector<Input> inputs = {}) {
    clock.reads = 0;
    clock.tick_duration = duration;
    if (!player_reads_done.empty()) {  // they finished while the core waited, as the shell queues them
      inputs.insert(inputs.begin(), player_reads_done.begin(), player_reads_done.end());
      player_reads_done.clear();
    }
    IterationDigest d = core.run_iteration(inputs);
    if (answer_player_files) carry_out_player_files();
    if (clock.now < core.next_tick_nanos()) clock.now = core.next_tick_nanos();
    return d;
  }

  // Player files the way the storage thread keeps them, in effect order: whole-file writes of
  // players/data land in `player_files`, reads are answered from it at the next pass. Off for
  // tests that carry out storage jobs themselves (SimulatedJobs).
  bool answer_player_files = true;
  std::map<std::string, Bytes> player_files;
  std::vector<JobCompleted> player_reads_done;
  int player_file_writes = 0;

  void carry_out_player_files() {
    for (const Effect& e : sink.effects) {
      if (const auto* write = std::get_if<StorageWrite>(&e)) {
        if (write->path.starts_with("players/data/")) player_files[write->path] = write->bytes, ++player_file_writes;
      } else if (const auto* job = std::get_if<SubmitJob>(&e)) {
        if (job->kind != static_cast<uint32_t>(anvil::StorageJobKind::kReadPlayer)) continue;
        auto request = anvil::decode_request(job->kind, job->request);
        anvil::StorageResult result;
        result.kind = anvil::StorageJobKind::kReadPlayer;
        auto file = request ? player_files.find(request->file) : player_files.end();
        result.outcome = file == player_files.end() ? anvil::StorageOutcome::kAbsent : anvil::StorageOutcome::kData;
        if (file != player_files.end()) result.nbt = file->second;
        player_reads_done.push_back(JobCompleted{job->job, anvil::encode_result(result)});
      }
    }
  }
  std::vector<std::string> command(const std::string& line, int64_t duration = 0) {
    sink.clear();
    iterate(duration, {ConsoleLine{line}});
    return sink.logs();
  }
};

}  // namespace hz::testing
