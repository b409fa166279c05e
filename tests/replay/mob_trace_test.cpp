// A session with a summoned zombie chasing a survival player (and a skeleton shooting at it), recorded through the real recorder
// and verified by replay: the mob's AI draws from the core's Rng and its path, moves and hits
// must come out bit-exactly the same.
#include <gtest/gtest.h>

#include "sim/core/effect_buffer.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz::testing {
namespace {

struct ChaseSession {
  RecordedSession recorded;
  float health_after = 20.0f;
  double zombie_start_distance = 0, zombie_closest = 1e9;
  int left_at = -1;
};

ChaseSession record_chase() {
  SteppingClock clock(5);
  EffectBuffer effects;
  MemoryOutput output;
  CoreConfig config = test_config();
  TraceHeader header = live_trace_header(config);
  header.session = "chase";
  SimulatedJobs jobs(2, 9);
  ChaseSession out;
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
    // A flat stone floor with room above it around the spawn, for the chase.
    const BlockPos at = core.world().spawn_block();
    auto box = [&](int dy0, int dy1, const char* block) {
      return "fill " + std::to_string(at.x - 8) + " " + std::to_string(at.y + dy0) + " " + std::to_string(at.z - 8) +
             " " + std::to_string(at.x + 8) + " " + std::to_string(at.y + dy1) + " " + std::to_string(at.z + 8) +
             " " + block;
    };
    pass({ConsoleLine{box(-1, -1, "stone")}, ConsoleLine{box(0, 4, "air")}, ConsoleLine{"gamerule respawn_radius 0"}});
    const int32_t threshold = 256;
    pass({ConnectionOpened{kPlayer, "127.0.0.1:50001"}});
    pass({BytesReceived{kPlayer, join_stream("Runner", threshold, "help")}});
    for (int i = 0; i < 40; ++i) pass({});
    if (!core.sessions().player(kPlayer)) throw std::runtime_error("the player did not join");
    Bytes play = client_frame(
        packet::play_sb::TeleportConfirm{core.sessions().player(kPlayer)->awaiting_teleport_id}, threshold);
    append(play, client_frame(packet::play_sb::PlayerLoaded{}, threshold));
    pass({BytesReceived{kPlayer, play}, ConsoleLine{"gamemode survival Runner"}});
    const std::string zombie_at = std::to_string(at.x + 6) + " " + std::to_string(at.y) + " " + std::to_string(at.z + 3);
    pass({ConsoleLine{"summon zombie " + zombie_at}, ConsoleLine{"summon cow " + std::to_string(at.x - 5) + " " +
                                                                 std::to_string(at.y) + " " + std::to_string(at.z - 5)},
          // A skeleton on the far side: its arrows (launch draws, flight, hits) are in the trace too.
          ConsoleLine{"summon skeleton " + std::to_string(at.x - 6) + " " + std::to_string(at.y) + " " +
                      std::to_string(at.z + 3)}});
    const Vec3 player_at = core.sessions().player(kPlayer)->position;
    const Mob* zombie = nullptr;
    // The summoned one: the zombie nearest where it was summoned (the night may spawn others).
    double nearest = 1e18;
    for (int32_t id : core.mobs().ids()) {
      const Mob* m = core.mobs().find(id);
      const double dx = m->position.x - (at.x + 6.5), dz = m->position.z - (at.z + 3.5);
      if (m->mob_kind().type == MobType::kZombie && dx * dx + dz * dz < nearest) nearest = dx * dx + dz * dz, zombie = m;
    }
    if (!zombie) throw std::runtime_error("no zombie");
    const int32_t zombie_id = zombie->id();
    auto distance = [&] {
      const Mob* z = core.mobs().find(zombie_id);
      const double dx = z->position.x - player_at.x, dz = z->position.z - player_at.z;
      return std::sqrt(dx * dx + dz * dz);
    };
    out.zombie_start_distance = distance();
    // 120 ticks: the scripted client answers no keep-alive, so it must stay short of the timeout.
    for (int i = 0; i < 120 && core.sessions().player(kPlayer); ++i) {
      pass({});
      if (core.mobs().find(zombie_id)) out.zombie_closest = std::min(out.zombie_closest, distance());
      if (const Player* p = core.sessions().player(kPlayer)) out.health_after = p->health;
      else out.left_at = i;
    }
    pass({ConnectionClosed{kPlayer}});
    save_everything_recorded(core, &recorder);
    Status closed = recorder.close();
    if (!closed) throw std::runtime_error(closed.error());
  }
  out.recorded.files = std::move(output.files);
  return out;
}

TEST(MobTrace, AZombieChasingAPlayerReplaysIdentically) {
  ChaseSession session = record_chase();
  // The session really had a chase: the zombie came close and hurt the player.
  EXPECT_LT(session.zombie_closest, 1.6);
  EXPECT_GT(session.zombie_start_distance, 6.0);
  EXPECT_LT(session.health_after, 20.0f);
  EXPECT_EQ(session.left_at, -1);
  VerifyResult result = verify_files(session.recorded.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");
}

}  // namespace
}  // namespace hz::testing
