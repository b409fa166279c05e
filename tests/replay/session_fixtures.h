// Test fixtures for recording: a core driven pass by pass through the real Recorder into memory,
// scripted client byte streams (status ping, offline login and join), and chain verification.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "replay/recorder/live_recording.h"
#include "replay/recorder/recorder.h"
#include "replay/recorder/trace_output.h"
#include "replay/recorder/trace_writer.h"
#include "replay/replayer/chain_verifier.h"
#include "sim/core/rng.h"
#include "sim/game/core.h"
#include "sim/game/player_saves.h"
#include "sim/protocol/framing.h"
#include "sim/protocol/packets.h"
#include "sim/world/anvil/storage_jobs.h"

namespace hz::testing {

// A monotonic clock that moves forward by a pseudo-random step on every read, with an
// occasional long stall (which makes the core skip ticks and warn).
class SteppingClock final : public Clock {
 public:
  explicit SteppingClock(uint64_t seed) : rng_(seed) {}
  int64_t now_nanos() override {
    now_ += rng_.next_below(20'000'000);
    if (rng_.next_below(60) == 0) now_ += 2'500'000'000;
    return now_;
  }
  // The live loop's wait for the next tick.
  void wait_until(int64_t deadline) {
    if (now_ < deadline) now_ = deadline;
  }

 private:
  Rng rng_;
  int64_t now_ = 1'000'000'000'000;
};

class DiscardingSink final : public EffectSink {
 public:
  void emit(Effect) override {}
};

inline CoreConfig test_config() {
  CoreConfig config;
  config.properties =
      *parse_server_properties("online-mode=false\npause-when-empty-seconds=0\nmotd=Replay test\n").properties;
  config.world_seed = 12345;
  return config;
}

struct SessionPlan {
  std::vector<std::vector<Input>> passes;
  uint64_t clock_seed = 1;
  bool stop_at_end = true;
  RotationPolicy rotation;
  FrameLimits frames;
};

struct RecordedSession {
  std::vector<MemoryOutput::File> files;
  std::vector<int64_t> ticks;  // the tick count after each pass, as recorded
};

// Runs the plan the way the live loop does, recording into memory.
inline RecordedSession record_session(const SessionPlan& plan, CoreConfig config = test_config()) {
  SteppingClock clock(plan.clock_seed);
  DiscardingSink sink;
  MemoryOutput output;
  TraceHeader header = live_trace_header(config);
  header.session = "test";
  RecordedSession out;
  {
    Recorder recorder(clock, sink, std::make_unique<TraceWriter>(header, output, plan.rotation, plan.frames));
    Core core(config, recorder.clock(), recorder.sink());
    core.start();
    recorder.started();
    for (const std::vector<Input>& inputs : plan.passes) {
      IterationDigest d = run_recorded_iteration(core, inputs, &recorder);
      out.ticks.push_back(d.tick);
      clock.wait_until(core.next_tick_nanos());
    }
    if (plan.stop_at_end) save_everything_recorded(core, &recorder);
    Status closed = recorder.close();
    if (!closed) throw std::runtime_error(closed.error());
  }
  out.files = std::move(output.files);
  return out;
}

inline VerifyResult verify_files(const std::vector<MemoryOutput::File>& files) {
  ChainVerifier verifier;
  for (const auto& f : files)
    if (!verifier.add_file(f.bytes, f.name)) break;
  return verifier.finish();
}

// --- client byte streams ---------------------------------------------------------------------

template <Packet P>
Bytes client_frame(const P& packet, int32_t threshold = -1) {
  return *encode_frame(encode_packet(packet), threshold);
}

inline void append(Bytes& out, const Bytes& more) { out.insert(out.end(), more.begin(), more.end()); }

// Handshake, status request and ping; the payload's 8 bytes are the stream's last 8 bytes.
inline Bytes status_ping_stream(int64_t payload) {
  Bytes out = client_frame(packet::handshake_sb::SetProtocol{775, "localhost", 25565, 1});
  append(out, client_frame(packet::status_sb::PingStart{}));
  append(out, client_frame(packet::status_sb::Ping{payload}));
  return out;
}

// An offline login through configuration into play, with one chat command, the way a vanilla
// client sends it once the server enabled compression at `threshold`.
inline Bytes join_stream(const std::string& name, int32_t threshold, const std::string& command) {
  Bytes out = client_frame(packet::handshake_sb::SetProtocol{775, "localhost", 25565, 2});
  append(out, client_frame(packet::login_sb::LoginStart{name, Uuid{}}));
  append(out, client_frame(packet::login_sb::LoginAcknowledged{}, threshold));
  append(out, client_frame(packet::config_sb::Settings{}, threshold));
  append(out, client_frame(packet::config_sb::SelectKnownPacks{{{"minecraft", "core", "26.1"}}}, threshold));
  append(out, client_frame(packet::config_sb::FinishConfiguration{}, threshold));
  append(out, client_frame(packet::play_sb::ChatCommand{command}, threshold));
  return out;
}

inline constexpr ConnId kPinger = 7;
inline constexpr ConnId kPlayer = 3;

// A small scripted session: a status ping split over two passes, a player joining and running a
// command, console lines, a job result nobody asked for, and the final save.
inline SessionPlan scripted_plan() {
  SessionPlan plan;
  Bytes ping = status_ping_stream(0x0102030405060708);
  Bytes join = join_stream("Replayer", 256, "tick query");
  plan.passes.resize(12);
  plan.passes[1] = {ConnectionOpened{kPinger, "127.0.0.1:50000"},
                    BytesReceived{kPinger, Bytes(ping.begin(), ping.begin() + 5)}};
  plan.passes[3] = {BytesReceived{kPinger, Bytes(ping.begin() + 5, ping.end())}};
  plan.passes[4] = {ConnectionOpened{kPlayer, "127.0.0.1:50001"}, ConsoleLine{"tick query"}};
  plan.passes[5] = {BytesReceived{kPlayer, join}};
  // The storage thread's answer to the player's file read (the core's first player job): no file.
  anvil::StorageResult no_file;
  no_file.kind = anvil::StorageJobKind::kReadPlayer;
  no_file.outcome = anvil::StorageOutcome::kAbsent;
  plan.passes[6] = {ConnectionClosed{kPinger}, JobCompleted{PlayerSaves::kFirstJobId, anvil::encode_result(no_file)},
                    JobCompleted{99, {1, 2, 3}}};
  plan.passes[8] = {ConsoleLine{"say hello"}, ConnectionClosed{kPlayer}};
  return plan;
}

}  // namespace hz::testing
