// A session with a creeper blowing up next to a survival player, recorded through the real
// recorder and verified by replay: the blast's rays, drops, damage and the broken blocks draw from
// the core's Rng and must come out bit-exactly the same.
#include <gtest/gtest.h>

#include "sim/core/effect_buffer.h"
#include "sim/core/java_format.h"
#include "sim/data/blocks.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz::testing {
namespace {

struct BlastSession {
  RecordedSession recorded;
  float health_after = 20.0f;
  bool creeper_gone = false;
  bool crater = false;
};

BlastSession record_blast() {
  SteppingClock clock(5);
  EffectBuffer effects;
  MemoryOutput output;
  CoreConfig config = test_config();
  TraceHeader header = live_trace_header(config);
  header.session = "blast";
  SimulatedJobs jobs(2, 9);
  BlastSession out;
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
    // A floor of dirt over stone around the spawn, room above it.
    const BlockPos at = core.world().spawn_block();
    auto box = [&](int dy0, int dy1, const char* block) {
      return "fill " + std::to_string(at.x - 6) + " " + std::to_string(at.y + dy0) + " " + std::to_string(at.z - 6) +
             " " + std::to_string(at.x + 6) + " " + std::to_string(at.y + dy1) + " " + std::to_string(at.z + 6) +
             " " + block;
    };
    pass({ConsoleLine{box(-3, -2, "stone")}, ConsoleLine{box(-1, -1, "dirt")}, ConsoleLine{box(0, 4, "air")},
          ConsoleLine{"gamerule respawn_radius 0"}, ConsoleLine{"gamerule spawn_mobs false"}});
    const int32_t threshold = 256;
    pass({ConnectionOpened{kPlayer, "127.0.0.1:50001"}});
    pass({BytesReceived{kPlayer, join_stream("Sapper", threshold, "help")}});
    for (int i = 0; i < 40; ++i) pass({});
    if (!core.sessions().player(kPlayer)) throw std::runtime_error("the player did not join");
    Bytes play = client_frame(
        packet::play_sb::TeleportConfirm{core.sessions().player(kPlayer)->awaiting_teleport_id}, threshold);
    append(play, client_frame(packet::play_sb::PlayerLoaded{}, threshold));
    pass({BytesReceived{kPlayer, play}, ConsoleLine{"gamemode survival Sapper"}});
    const Vec3 p = core.sessions().player(kPlayer)->position;
    const int cx = java_floor(p.x) + 2, cy = java_floor(p.y), cz = java_floor(p.z);
    // Ignited: it swells its 30 ticks whatever its AI does; a cow nearby is caught as well.
    pass({ConsoleLine{"summon creeper " + std::to_string(cx) + " " + std::to_string(cy) + " " + std::to_string(cz) +
                      " {ignited:1b}"},
          ConsoleLine{"summon cow " + std::to_string(cx + 2) + " " + std::to_string(cy) + " " + std::to_string(cz)}});
    for (int i = 0; i < 60 && core.sessions().player(kPlayer); ++i) {
      pass({});
      if (const Player* pl = core.sessions().player(kPlayer)) out.health_after = std::min(out.health_after, pl->health);
    }
    out.creeper_gone = true;
    for (int32_t id : core.mobs().ids())
      if (core.mobs().find(id)->mob_kind().type == MobType::kCreeper) out.creeper_gone = false;
    out.crater = is_air(core.world().block_at({cx, cy - 1, cz}));
    pass({ConnectionClosed{kPlayer}});
    save_everything_recorded(core, &recorder);
    Status closed = recorder.close();
    if (!closed) throw std::runtime_error(closed.error());
  }
  out.recorded.files = std::move(output.files);
  return out;
}

TEST(ExplosionTrace, ACreeperBlastReplaysIdentically) {
  BlastSession session = record_blast();
  EXPECT_TRUE(session.creeper_gone);
  EXPECT_TRUE(session.crater);
  EXPECT_LT(session.health_after, 20.0f);
  VerifyResult result = verify_files(session.recorded.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");
}

}  // namespace
}  // namespace hz::testing
