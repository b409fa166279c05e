// A night with natural spawning, recorded through the real recorder and verified by replay: the
// shuffled chunks, spawn positions, packs and despawn draws all come from the core's Rng, so the
// mobs that appear (and their moves) must come out bit-exactly the same. The fresh world's chunks
// are born with animals too (placed from the world seed and the generated columns, not recorded).
#include <gtest/gtest.h>

#include "sim/core/effect_buffer.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/mobs/spawning/generation_animals.h"
#include "sim/game/mobs/spawning/natural_spawning.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz::testing {
namespace {

struct NightSession {
  RecordedSession recorded;
  uint64_t spawned = 0;
  uint64_t born_with_chunks = 0;
  size_t mobs_at_end = 0;
};

NightSession record_night() {
  SteppingClock clock(7);
  EffectBuffer effects;
  MemoryOutput output;
  CoreConfig config = test_config();
  config.properties.difficulty = Difficulty::kNormal;
  TraceHeader header = live_trace_header(config);
  header.session = "night";
  SimulatedJobs jobs(2, 13);
  NightSession out;
  {
    Recorder recorder(clock, effects, std::make_unique<TraceWriter>(header, output, RotationPolicy{}, FrameLimits{}));
    Core core(config, recorder.clock(), recorder.sink());
    core.start();
    recorder.started();
    auto pass = [&](std::vector<Input> inputs) {
      std::vector<Input> all;
      for (JobCompleted& done : jobs.finish(64)) all.push_back(std::move(done));
      for (Input& in : inputs) all.push_back(std::move(in));
      run_recorded_iteration(core, all, &recorder);
      jobs.take_jobs(effects.effects);
      effects.clear();
      clock.wait_until(core.next_tick_nanos());
    };
    pass({});
    for (int i = 0; i < 2000 && core.world().spawn_area_progress().first < core.world().spawn_area_progress().second; ++i)
      pass({});
    const int32_t threshold = 256;
    pass({ConnectionOpened{kPlayer, "127.0.0.1:50001"}});
    pass({BytesReceived{kPlayer, join_stream("Sleeper", threshold, "help")}});
    for (int i = 0; i < 40; ++i) pass({});
    if (!core.sessions().player(kPlayer)) throw std::runtime_error("the player did not join");
    Bytes play = client_frame(
        packet::play_sb::TeleportConfirm{core.sessions().player(kPlayer)->awaiting_teleport_id}, threshold);
    append(play, client_frame(packet::play_sb::PlayerLoaded{}, threshold));
    pass({BytesReceived{kPlayer, play}, ConsoleLine{"gamemode survival Sleeper"}, ConsoleLine{"time set midnight"}});
    // 200 ticks: the scripted client answers no keep-alive, so it must stay short of the timeout.
    for (int i = 0; i < 200 && core.sessions().player(kPlayer); ++i) pass({});
    out.spawned = core.natural_spawning().spawned();
    out.born_with_chunks = core.generation_animals().placed();
    out.mobs_at_end = core.mobs().size();
    pass({ConnectionClosed{kPlayer}});
    save_everything_recorded(core, &recorder);
    Status closed = recorder.close();
    if (!closed) throw std::runtime_error(closed.error());
  }
  out.recorded.files = std::move(output.files);
  return out;
}

TEST(SpawningTrace, ANightWithSpawningMobsReplaysIdentically) {
  NightSession session = record_night();
  // The night really spawned mobs on its own.
  EXPECT_GT(session.spawned, 0u);
  EXPECT_GT(session.mobs_at_end, 0u);
  EXPECT_GT(session.born_with_chunks, 0u);
  VerifyResult result = verify_files(session.recorded.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");
}

}  // namespace
}  // namespace hz::testing
