// A player who has a file joins, is placed from it, and leaves (their file is written again),
// recorded through the real recorder: the file's bytes enter only as the read job's result, so
// the replay, which reads no files, must be identical.
#include <gtest/gtest.h>

#include "sim/core/effect_buffer.h"
#include "sim/data/catalog.h"
#include "sim/game/player_data.h"
#include "sim/game/player_identity.h"
#include "sim/game/sessions.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz::testing {
namespace {

struct PlayerFileSession {
  RecordedSession recorded;
  std::optional<Player> placed;  // the player as the join placed them
  Bytes written;                 // the file written when they left
};

PlayerFileSession record_player_file_session(const Bytes& file) {
  SteppingClock clock(3);
  EffectBuffer effects;
  MemoryOutput output;
  CoreConfig config = test_config();
  TraceHeader header = live_trace_header(config);
  header.session = "player-file";
  SimulatedJobs jobs(2, 9);
  const std::string path = player_data_path(offline_player_uuid("Returner"));
  jobs.player_files[path] = file;
  PlayerFileSession out;
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
    pass({ConnectionOpened{kPlayer, "127.0.0.1:50002"}});
    pass({BytesReceived{kPlayer, join_stream("Returner", 256, "help")}});
    for (int i = 0; i < 20 && !core.sessions().player(kPlayer); ++i) pass({});
    if (const Player* p = core.sessions().player(kPlayer)) out.placed = *p;
    for (int i = 0; i < 10; ++i) pass({});
    jobs.player_files.erase(path);  // what the player's leaving writes lands here
    pass({ConnectionClosed{kPlayer}});
    if (jobs.player_files.contains(path)) out.written = jobs.player_files[path];
    save_everything_recorded(core, &recorder);
    Status closed = recorder.close();
    if (!closed) throw std::runtime_error(closed.error());
  }
  out.recorded.files = std::move(output.files);
  return out;
}

TEST(PlayerFileTrace, AJoinFromAPlayerFileReplaysIdentically) {
  Player saved;
  saved.uuid = offline_player_uuid("Returner");
  saved.position = {3.5, 90.25, -4.5};
  saved.yaw = 45.0f;
  saved.game_mode = GameMode::kCreative;
  saved.health = 7.0f;
  // Hungry enough that natural regeneration leaves the saved health alone during the session.
  saved.food_level = 10;
  saved.saturation = 0.0f;
  saved.inventory[kFirstHotbarSlot + 1] = ItemStack{*item_id("glass"), 9};
  const Bytes file = encode_player_file(player_to_nbt(saved, PlayerSaveContext{}));
  PlayerFileSession session = record_player_file_session(file);
  // The file really placed the player, and leaving wrote it again.
  ASSERT_TRUE(session.placed.has_value());
  EXPECT_EQ(session.placed->position, saved.position);
  EXPECT_EQ(session.placed->game_mode, GameMode::kCreative);
  EXPECT_EQ(session.placed->health, 7.0f);
  EXPECT_EQ(session.placed->inventory[kFirstHotbarSlot + 1], (ItemStack{*item_id("glass"), 9}));
  ASSERT_FALSE(session.written.empty());
  auto again = decode_player_file(session.written);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(saved_player_from_nbt(*again).health, 7.0f);
  VerifyResult result = verify_files(session.recorded.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");
}

}  // namespace
}  // namespace hz::testing
