// Test fixtures for recording: a core driven pass by pass through the real Recorder into memory,
// scripted client byte streams (status ping, offline login and join), live sessions with a
// joined player on a floor, and chain verification.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <optional>
#include <string>
#include <vector>

#include "replay/recorder/live_recording.h"
#include "replay/recorder/recorder.h"
#include "replay/recorder/snapshot_check.h"
#include "replay/recorder/trace_output.h"
#include "replay/recorder/trace_writer.h"
#include "replay/replayer/chain_verifier.h"
#include "replay/replayer/divergence.h"
#include "sim/core/discarding_sink.h"
#include "sim/core/effect_buffer.h"
#include "sim/core/rng.h"
#include "sim/game/core.h"
#include "sim/game/player_saves.h"
#include "sim/game/world/world_streaming.h"
#include "sim/protocol/framing.h"
#include "sim/protocol/packets.h"
#include "sim/simulation/simulated_jobs.h"
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
  // Unix time moving with the monotonic clock (read only for ban dates).
  int64_t wall_millis() override { return kWallAtStart + now_ / 1'000'000; }
  static constexpr int64_t kWallAtStart = 1'764'000'000'000;
  // The live loop's wait for the next tick.
  void wait_until(int64_t deadline) {
    if (now_ < deadline) now_ = deadline;
  }

 private:
  Rng rng_;
  int64_t now_ = 1'000'000'000'000;
};


// A view distance of 4 (81 chunks around a player) keeps the terrain each test generates twice,
// once recording and once replaying, small: that generation is most of these tests' time.
inline CoreConfig test_config() {
  CoreConfig config;
  config.properties = *parse_server_properties(
                           "online-mode=false\npause-when-empty-seconds=0\nmotd=Replay test\n"
                           "view-distance=4\nsimulation-distance=4\n")
                           .properties;
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

// --- live sessions ---------------------------------------------------------------------------

inline constexpr int32_t kLiveThreshold = 256;

// A core recorded into memory the way the server's loop runs it: the world's jobs run inline
// (their results enter as recorded inputs, in a seeded order), and the client on kPlayer answers
// keep-alives in the next pass, as a real one does. The spawn area is generated on construction.
class LiveSession {
 public:
  struct Options {
    std::string name = "test";
    uint64_t clock_seed = 3;
    uint64_t jobs_seed = 5;
    CoreConfig config = test_config();
    int64_t snapshot_every_nanos = 0;  // snapshots of the core in the trace (0: none)
    SnapshotCheck snapshot_check = {};  // none: the recorder's own (a fresh core reads each one)
    RotationPolicy rotation = {};
  };

  explicit LiveSession(Options options) : clock_(options.clock_seed), jobs_(2, options.jobs_seed) {
    TraceHeader header = live_trace_header(options.config);
    header.session = options.name;
    SnapshotCheck check = options.snapshot_check ? options.snapshot_check : core_snapshot_check(options.config);
    recorder_ = std::make_unique<Recorder>(
        clock_, effects_, std::make_unique<TraceWriter>(header, output_, options.rotation, FrameLimits{}, check),
        options.config.properties.record_packet_notes);
    recorder_->set_snapshot_interval(options.snapshot_every_nanos);
    core_ = std::make_unique<Core>(options.config, recorder_->clock(), recorder_->sink());
    core_->start();
    recorder_->started();
    pass();  // the spawn area's jobs were submitted at start
    for (int i = 0; i < 2000 && !spawn_area_ready(); ++i) pass();
  }

  Core& core() { return *core_; }
  SimulatedJobs& jobs() { return jobs_; }

  // One pass of the live loop.
  void pass(std::vector<Input> inputs = {}) {
    std::vector<Input> all;
    for (JobCompleted& done : jobs_.finish(64)) all.push_back(std::move(done));
    if (!answers_.empty()) all.push_back(BytesReceived{kPlayer, std::exchange(answers_, {})});
    for (Input& in : inputs) all.push_back(std::move(in));
    run_recorded_iteration(*core_, all, recorder_.get());
    jobs_.take_jobs(effects_.effects);
    for (const Effect& e : effects_.effects)
      if (auto* sent = std::get_if<SendPacket>(&e); sent && sent->conn == kPlayer)
        if (auto keep_alive = decode_packet<packet::play_cb::KeepAlive>(*sent->body))
          append(answers_, client_frame(packet::play_sb::KeepAlive{keep_alive->id}, kLiveThreshold));
    effects_.clear();
    clock_.wait_until(core_->next_tick_nanos());
  }
  void passes(int n) {
    for (int i = 0; i < n; ++i) pass();
  }

  // One client frame per packet from kPlayer, in one BytesReceived.
  template <class... Packets>
  void send(const Packets&... packets) {
    Bytes bytes;
    (append(bytes, client_frame(packets, kLiveThreshold)), ...);
    pass({BytesReceived{kPlayer, bytes}});
  }

  // `name` joins on kPlayer (running `command` once in play), confirms the join teleport and has
  // loaded.
  void join(const std::string& name, const std::string& command = "help") {
    pass({ConnectionOpened{kPlayer, "127.0.0.1:50001"}});
    pass({BytesReceived{kPlayer, join_stream(name, kLiveThreshold, command)}});
    passes(40);
    const Player* player = core_->sessions().player(kPlayer);
    if (player == nullptr) throw std::runtime_error(name + " did not join");
    send(packet::play_sb::TeleportConfirm{player->awaiting_teleport_id}, packet::play_sb::PlayerLoaded{});
  }

  // The player leaves (when still connected), everything is saved, the recording is closed (what
  // close() said goes to `closing` when given, else an error throws).
  RecordedSession finish(Status* closing = nullptr) {
    if (core_->sessions().player(kPlayer) != nullptr) pass({ConnectionClosed{kPlayer}});
    save_everything_recorded(*core_, recorder_.get());
    Status closed = recorder_->close();
    if (closing) *closing = closed;
    else if (!closed) throw std::runtime_error(closed.error());
    core_.reset();
    recorder_.reset();
    return RecordedSession{std::move(output_.files), {}};
  }

 private:
  bool spawn_area_ready() {
    const auto [done, total] = core_->world().spawn_area_progress();
    return done >= total;
  }

  SteppingClock clock_;
  EffectBuffer effects_;
  MemoryOutput output_;
  SimulatedJobs jobs_;
  std::unique_ptr<Recorder> recorder_;
  std::unique_ptr<Core> core_;
  Bytes answers_;
};

// A flat floor around the spawn block with room five blocks high above it (the spawn is on a
// forest floor): scripts build on it relative to the spawn block.
struct Floor {
  LiveSession& session;
  BlockPos at;     // the spawn block: a player joining with respawn_radius 0 stands here
  int ground = 0;  // the floor's y

  Core& core() { return session.core(); }
  void pass(std::vector<Input> inputs = {}) { session.pass(std::move(inputs)); }
  template <class... Packets>
  void send(const Packets&... packets) {
    session.send(packets...);
  }
  std::string at_offset(int dx, int dy, int dz) const {
    return std::to_string(at.x + dx) + " " + std::to_string(at.y + dy) + " " + std::to_string(at.z + dz);
  }
  // /fill over the floor's square (± radius) from dy0 to dy1 above the spawn block.
  std::string box(int radius, int dy0, int dy1, const std::string& block) const {
    return "fill " + at_offset(-radius, dy0, -radius) + " " + at_offset(radius, dy1, radius) + " " + block;
  }
};

// Lays a floor of `block` (± radius around the spawn block, room above) and makes players join on
// the spawn block itself.
inline Floor lay_floor(LiveSession& session, int radius, const std::string& block = "stone") {
  Floor floor{session, session.core().world().spawn_block(), session.core().world().spawn_block().y - 1};
  session.pass({ConsoleLine{floor.box(radius, -1, -1, block)}, ConsoleLine{floor.box(radius, 0, 4, "air")},
                ConsoleLine{"gamerule respawn_radius 0"}});
  return floor;
}

// The recorded files verify: replaying them reproduces every digest.
inline void expect_identical(const RecordedSession& session) {
  VerifyResult result = verify_files(session.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");
}

}  // namespace hz::testing
