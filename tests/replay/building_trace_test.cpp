// Sessions that change the world, recorded through the real recorder and verified by replay: a
// creative builder, and a survival life (digging by hand, pickup, inventory clicks, death and
// respawn), water and lava flowing. Each replay must be identical.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <utility>

#include "sim/core/effect_buffer.h"
#include "sim/data/catalog.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz::testing {
namespace {


constexpr int32_t kThreshold = 256;

// What a script on the floor sees: the core, one pass of the live loop, the spawn block (the
// player's feet) and the floor's y.
struct Floor {
  Core& core;
  std::function<void(std::vector<Input>)> pass;
  BlockPos at;
  int ground = 0;
  // One client frame per packet, in one BytesReceived.
  template <class... Packets>
  void send(const Packets&... packets) {
    Bytes bytes;
    (append(bytes, client_frame(packets, kThreshold)), ...);
    pass({BytesReceived{kPlayer, bytes}});
  }
  std::string at_offset(int dx, int dy, int dz) const {
    return std::to_string(at.x + dx) + " " + std::to_string(at.y + dy) + " " + std::to_string(at.z + dz);
  }
};

// Records a session through the real recorder with the world's jobs run inline (their results
// enter as recorded inputs): the spawn area is generated, a flat stone floor with room above is
// laid around the spawn (it is on a forest floor), `name` joins on the spawn block and has
// loaded; then `script` plays, the player leaves and everything is saved.
RecordedSession record_on_floor(const std::string& name, const std::function<void(Floor&)>& script) {
  SteppingClock clock(3);
  EffectBuffer effects;
  MemoryOutput output;
  CoreConfig config = test_config();
  TraceHeader header = live_trace_header(config);
  header.session = name;
  SimulatedJobs jobs(2, 5);
  {
    Recorder recorder(clock, effects, std::make_unique<TraceWriter>(header, output, RotationPolicy{}, FrameLimits{}));
    Core core(config, recorder.clock(), recorder.sink());
    core.start();
    recorder.started();
    Bytes answers;
    auto pass = [&](std::vector<Input> inputs) {
      std::vector<Input> all;
      for (JobCompleted& done : jobs.finish(64)) all.push_back(std::move(done));
      if (!answers.empty()) all.push_back(BytesReceived{kPlayer, std::exchange(answers, {})});
      for (Input& in : inputs) all.push_back(std::move(in));
      run_recorded_iteration(core, all, &recorder);
      jobs.take_jobs(effects.effects);
      // The player's client answers keep-alives in the next pass, as a real one does.
      for (const Effect& e : effects.effects)
        if (auto* sent = std::get_if<SendPacket>(&e); sent && sent->conn == kPlayer)
          if (auto keep_alive = decode_packet<packet::play_cb::KeepAlive>(*sent->body))
            append(answers, client_frame(packet::play_sb::KeepAlive{keep_alive->id}, kThreshold));
      effects.clear();
      clock.wait_until(core.next_tick_nanos());
    };
    pass({});  // the spawn area's jobs were submitted at start
    for (int i = 0; i < 2000 && core.world().spawn_area_progress().first < core.world().spawn_area_progress().second; ++i)
      pass({});
    Floor floor{core, pass, core.world().spawn_block(), core.world().spawn_block().y - 1};
    auto box = [&](int dy0, int dy1, const char* block) {
      return "fill " + floor.at_offset(-4, dy0, -4) + " " + floor.at_offset(4, dy1, 4) + " " + block;
    };
    pass({ConsoleLine{box(-1, -1, "stone")}, ConsoleLine{box(0, 4, "air")}});
    pass({ConsoleLine{"gamerule respawn_radius 0"}});  // the player joins on the spawn block itself
    pass({ConnectionOpened{kPlayer, "127.0.0.1:50001"}});
    pass({BytesReceived{kPlayer, join_stream(name, kThreshold, "help")}});
    for (int i = 0; i < 40; ++i) pass({});
    floor.send(packet::play_sb::TeleportConfirm{core.sessions().player(kPlayer)->awaiting_teleport_id},
               packet::play_sb::PlayerLoaded{});
    script(floor);
    pass({ConnectionClosed{kPlayer}});
    save_everything_recorded(core, &recorder);
    Status closed = recorder.close();
    if (!closed) throw std::runtime_error(closed.error());
  }
  return RecordedSession{std::move(output.files), {}};
}

void expect_identical(const RecordedSession& session) {
  VerifyResult result = verify_files(session.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");
}

// A creative player digs, fills a hotbar slot and places, and the console runs /fill.
TEST(BuildingTrace, DiggingPlacingAndFillingReplayIdentically) {
  BlockStateId dug_after = 0, placed_after = 0, filled_after = 0;
  RecordedSession session = record_on_floor("Builder", [&](Floor& f) {
    f.pass({ConsoleLine{"gamemode creative Builder"}});
    packet::play_sb::SetCreativeSlot slot;
    slot.slot = kFirstHotbarSlot;
    slot.count = 1;
    slot.item_id = *item_id("stone");
    slot.components_added = slot.components_removed = 0;
    packet::play_sb::BlockPlace use;
    use.location = BlockPos{f.at.x + 2, f.ground, f.at.z};
    use.direction = 1;
    use.cursor_x = use.cursor_y = use.cursor_z = 0.5f;
    use.sequence = 2;
    f.send(packet::play_sb::BlockDig{0, BlockPos{f.at.x, f.ground, f.at.z}, 1, 1}, slot, use);
    f.pass({ConsoleLine{"fill " + f.at_offset(-2, 2, -2) + " " + f.at_offset(-1, 2, -1) + " glass"}});
    dug_after = f.core.world().block_at({f.at.x, f.ground, f.at.z});
    placed_after = f.core.world().block_at({f.at.x + 2, f.ground + 1, f.at.z});
    filled_after = f.core.world().block_at({f.at.x - 1, f.ground + 3, f.at.z - 1});
  });
  // The session really changed the world.
  EXPECT_TRUE(is_air(dug_after));
  EXPECT_EQ(block_info(block_of_state(placed_after)).name, "stone");
  EXPECT_EQ(block_info(block_of_state(filled_after)).name, "glass");
  expect_identical(session);
}

// A survival player digs dirt by hand until it breaks, picks up the drop, moves it in the
// inventory with two clicks, throws it with Q, then is killed and respawns.
TEST(BuildingTrace, ASurvivalLifeWithDropsClicksDeathAndRespawnReplaysIdentically) {
  int dirt_after_pickup = 0, dirt_after_clicks = 0, dirt_after_throw = -1;
  bool died = false, respawned_whole = false;
  RecordedSession session = record_on_floor("Miner", [&](Floor& f) {
    // A block beside the feet, walled in so that its drop stays on the floor within pickup reach.
    const BlockPos dirt{f.at.x + 1, f.at.y, f.at.z};
    f.pass({ConsoleLine{"fill " + f.at_offset(1, 0, -1) + " " + f.at_offset(2, 1, 1) + " stone"},
            ConsoleLine{"setblock " + f.at_offset(1, 0, 0) + " dirt"}});
    // Standing on the floor, as the client says (digging in the air is five times slower).
    const Vec3 feet = f.core.sessions().player(kPlayer)->position;
    f.send(packet::play_sb::Position{feet.x, feet.y, feet.z, 1});
    using packet::play_sb::BlockDig;
    f.send(BlockDig{BlockDig::kStartDestroy, dirt, 1, 1});
    for (int i = 0; i < 20; ++i) f.pass({});  // dirt by hand: 1/15 a tick
    f.send(BlockDig{BlockDig::kStopDestroy, dirt, 1, 2});
    for (int i = 0; i < 40; ++i) f.pass({});  // the drop's pickup delay, then the pickup
    ASSERT_NE(f.core.sessions().player(kPlayer), nullptr);
    const Player& p = *f.core.sessions().player(kPlayer);
    auto count_dirt = [&] {
      int n = 0;
      for (const ItemStack& s : p.inventory)
        if (!s.empty() && s.item == *item_id("dirt")) n += s.count;
      return n;
    };
    dirt_after_pickup = count_dirt();
    // Pick the stack up from the first hotbar slot and put it in the main inventory's first slot.
    auto click = [&](int16_t slot) {
      packet::play_sb::WindowClick c;
      c.window_id = 0;
      c.state_id = p.inventory_state_id;
      c.slot = slot;
      return c;
    };
    f.send(click(static_cast<int16_t>(kFirstHotbarSlot)));
    f.send(click(9));
    dirt_after_clicks = p.inventory[9].empty() ? 0 : p.inventory[9].count;
    // Back to the selected hotbar slot, and thrown with Q (block_dig action 4: drop one).
    f.send(click(9));
    f.send(click(static_cast<int16_t>(kFirstHotbarSlot)));
    f.send(packet::play_sb::HeldItemSlot{0}, BlockDig{4, BlockPos{0, 0, 0}, 0, 0});
    dirt_after_throw = count_dirt();
    f.pass({ConsoleLine{"kill Miner"}});
    ASSERT_NE(f.core.sessions().player(kPlayer), nullptr);
    died = f.core.sessions().player(kPlayer)->dead;
    f.send(packet::play_sb::ClientCommand{packet::play_sb::ClientCommand::kPerformRespawn});
    for (int i = 0; i < 5; ++i) f.pass({});
    ASSERT_NE(f.core.sessions().player(kPlayer), nullptr);
    respawned_whole = !f.core.sessions().player(kPlayer)->dead && f.core.sessions().player(kPlayer)->health == 20.0f;
  });
  EXPECT_EQ(dirt_after_pickup, 1);
  EXPECT_EQ(dirt_after_clicks, 1);
  EXPECT_EQ(dirt_after_throw, 0);
  EXPECT_TRUE(died);
  EXPECT_TRUE(respawned_whole);
  expect_identical(session);
}

// Water and lava set by command flow for a while.
TEST(BuildingTrace, FlowingWaterAndLavaReplayIdentically) {
  BlockStateId water_beside = 0;
  int lava_blocks = 0;  // lava around the lava source, the source included
  RecordedSession session = record_on_floor("Plumber", [&](Floor& f) {
    const BlockPos water{f.at.x - 3, f.at.y, f.at.z + 3}, lava{f.at.x + 3, f.at.y, f.at.z - 3};
    f.pass({ConsoleLine{"setblock " + f.at_offset(-3, 0, 3) + " water"},
            ConsoleLine{"setblock " + f.at_offset(3, 0, -3) + " lava"}});
    for (int i = 0; i < 70; ++i) f.pass({});
    water_beside = f.core.world().block_at({water.x + 1, water.y, water.z});
    for (int dx = -3; dx <= 3; ++dx)
      for (int dy = -2; dy <= 0; ++dy)
        for (int dz = -3; dz <= 3; ++dz)
          if (block_info(block_of_state(f.core.world().block_at({lava.x + dx, lava.y + dy, lava.z + dz}))).name == "lava")
            ++lava_blocks;
  });
  // Both fluids really flowed: water one block out at level 1, lava (30-tick steps, toward the
  // floor's nearest edge) out of its source.
  EXPECT_EQ(block_info(block_of_state(water_beside)).name, "water");
  EXPECT_EQ(state_property(water_beside, "level"), "1");
  EXPECT_GT(lava_blocks, 1);
  expect_identical(session);
}

}  // namespace
}  // namespace hz::testing
