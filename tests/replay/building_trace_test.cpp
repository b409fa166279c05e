// A building session recorded through the real recorder and verified by replay: the world's jobs
// run inline (their results enter as recorded inputs), a creative player digs, fills a hotbar slot
// and places, and the console runs /fill; in the second case water and lava are set and flow for
// a while. The replay must be identical.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/core/effect_buffer.h"
#include "sim/data/catalog.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz::testing {
namespace {

struct BuildingSession {
  RecordedSession recorded;
  BlockStateId dug_after = 0, placed_after = 0, filled_after = 0, water_beside = 0;
  int lava_blocks = 0;  // lava around the lava source, the source included
};

BuildingSession record_building(bool fluids = false) {
  SteppingClock clock(3);
  EffectBuffer effects;
  MemoryOutput output;
  CoreConfig config = test_config();
  TraceHeader header = live_trace_header(config);
  header.session = "building";
  SimulatedJobs jobs(2, 5);
  BuildingSession out;
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
    pass({});  // the spawn area's jobs were submitted at start
    for (int i = 0; i < 2000 && core.world().spawn_area_progress().first < core.world().spawn_area_progress().second; ++i)
      pass({});
    // The spawn is on the forest floor: a flat stone floor with room above around it to build on.
    const BlockPos at = core.world().spawn_block();
    const int ground = at.y - 1;
    auto box = [&](int dy0, int dy1, const char* block) {
      return "fill " + std::to_string(at.x - 4) + " " + std::to_string(at.y + dy0) + " " + std::to_string(at.z - 4) +
             " " + std::to_string(at.x + 4) + " " + std::to_string(at.y + dy1) + " " + std::to_string(at.z + 4) +
             " " + block;
    };
    pass({ConsoleLine{box(-1, -1, "stone")}, ConsoleLine{box(0, 4, "air")}});
    const int32_t threshold = 256;
    pass({ConsoleLine{"gamerule respawn_radius 0"}});  // the builder joins on the spawn block itself
    pass({ConnectionOpened{kPlayer, "127.0.0.1:50001"}});
    pass({BytesReceived{kPlayer, join_stream("Builder", threshold, "help")}});
    for (int i = 0; i < 40; ++i) pass({});
    Bytes play = client_frame(
        packet::play_sb::TeleportConfirm{core.sessions().player(kPlayer)->awaiting_teleport_id}, threshold);
    append(play, client_frame(packet::play_sb::PlayerLoaded{}, threshold));
    pass({BytesReceived{kPlayer, play}, ConsoleLine{"gamemode creative Builder"}});
    packet::play_sb::SetCreativeSlot slot;
    slot.slot = kFirstHotbarSlot;
    slot.count = 1;
    slot.item_id = *item_id("stone");
    slot.components_added = slot.components_removed = 0;
    packet::play_sb::BlockPlace use;
    use.location = BlockPos{at.x + 2, ground, at.z};
    use.direction = 1;
    use.cursor_x = use.cursor_y = use.cursor_z = 0.5f;
    use.sequence = 2;
    Bytes build = client_frame(packet::play_sb::BlockDig{0, BlockPos{at.x, ground, at.z}, 1, 1}, threshold);
    append(build, client_frame(slot, threshold));
    append(build, client_frame(use, threshold));
    pass({BytesReceived{kPlayer, build}});
    pass({ConsoleLine{"fill " + std::to_string(at.x - 2) + " " + std::to_string(ground + 3) + " " + std::to_string(at.z - 2) +
                      " " + std::to_string(at.x - 1) + " " + std::to_string(ground + 3) + " " + std::to_string(at.z - 1) +
                      " glass"}});
    const BlockPos water{at.x - 3, ground + 1, at.z + 3}, lava{at.x + 3, ground + 1, at.z - 3};
    if (fluids) {
      auto set = [](const BlockPos& p, const char* block) {
        return "setblock " + std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z) + " " + block;
      };
      pass({ConsoleLine{set(water, "water")}, ConsoleLine{set(lava, "lava")}});
      for (int i = 0; i < 70; ++i) pass({});
    }
    pass({ConnectionClosed{kPlayer}});
    out.water_beside = core.world().block_at({water.x + 1, water.y, water.z});
    for (int dx = -3; dx <= 3; ++dx)
      for (int dy = -2; dy <= 0; ++dy)
        for (int dz = -3; dz <= 3; ++dz)
          if (block_info(block_of_state(core.world().block_at({lava.x + dx, lava.y + dy, lava.z + dz}))).name == "lava")
            ++out.lava_blocks;
    out.dug_after = core.world().block_at({at.x, ground, at.z});
    out.placed_after = core.world().block_at({at.x + 2, ground + 1, at.z});
    out.filled_after = core.world().block_at({at.x - 1, ground + 3, at.z - 1});
    save_everything_recorded(core, &recorder);
    Status closed = recorder.close();
    if (!closed) throw std::runtime_error(closed.error());
  }
  out.recorded.files = std::move(output.files);
  return out;
}

TEST(BuildingTrace, DiggingPlacingAndFillingReplayIdentically) {
  BuildingSession session = record_building();
  // The session really changed the world.
  EXPECT_TRUE(is_air(session.dug_after));
  EXPECT_EQ(block_info(block_of_state(session.placed_after)).name, "stone");
  EXPECT_EQ(block_info(block_of_state(session.filled_after)).name, "glass");
  VerifyResult result = verify_files(session.recorded.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");
}

TEST(BuildingTrace, FlowingWaterAndLavaReplayIdentically) {
  BuildingSession session = record_building(true);
  // Both fluids really flowed: water one block out at level 1, lava (30-tick steps, toward the
  // floor's nearest edge) out of its source.
  EXPECT_EQ(block_info(block_of_state(session.water_beside)).name, "water");
  EXPECT_EQ(state_property(session.water_beside, "level"), "1");
  EXPECT_GT(session.lava_blocks, 1);
  VerifyResult result = verify_files(session.recorded.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");
}

}  // namespace
}  // namespace hz::testing
