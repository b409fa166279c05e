// Sessions that change the world, recorded through the real recorder and verified by replay: a
// creative builder, and a survival life (digging by hand, pickup, inventory clicks, death and
// respawn), water and lava flowing. Each replay must be identical.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "sim/data/catalog.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {


// Records a session on a floor (± 4 around the spawn) where `name` joined on the spawn block and
// has loaded; then `script` plays, the player leaves and everything is saved.
RecordedSession record_on_floor(const std::string& name, const std::function<void(Floor&)>& script) {
  LiveSession session({.name = name, .clock_seed = 3, .jobs_seed = 5});
  Floor floor = lay_floor(session, 4);
  session.join(name);
  script(floor);
  return session.finish();
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
    dug_after = f.core().world().block_at({f.at.x, f.ground, f.at.z});
    placed_after = f.core().world().block_at({f.at.x + 2, f.ground + 1, f.at.z});
    filled_after = f.core().world().block_at({f.at.x - 1, f.ground + 3, f.at.z - 1});
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
    const Vec3 feet = f.core().sessions().player(kPlayer)->position;
    f.send(packet::play_sb::Position{feet.x, feet.y, feet.z, 1});
    using packet::play_sb::BlockDig;
    f.send(BlockDig{BlockDig::kStartDestroy, dirt, 1, 1});
    for (int i = 0; i < 20; ++i) f.pass({});  // dirt by hand: 1/15 a tick
    f.send(BlockDig{BlockDig::kStopDestroy, dirt, 1, 2});
    for (int i = 0; i < 40; ++i) f.pass({});  // the drop's pickup delay, then the pickup
    ASSERT_NE(f.core().sessions().player(kPlayer), nullptr);
    const Player& p = *f.core().sessions().player(kPlayer);
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
    ASSERT_NE(f.core().sessions().player(kPlayer), nullptr);
    died = f.core().sessions().player(kPlayer)->dead;
    f.send(packet::play_sb::ClientCommand{packet::play_sb::ClientCommand::kPerformRespawn});
    for (int i = 0; i < 5; ++i) f.pass({});
    ASSERT_NE(f.core().sessions().player(kPlayer), nullptr);
    respawned_whole = !f.core().sessions().player(kPlayer)->dead && f.core().sessions().player(kPlayer)->health == 20.0f;
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
    water_beside = f.core().world().block_at({water.x + 1, water.y, water.z});
    for (int dx = -3; dx <= 3; ++dx)
      for (int dy = -2; dy <= 0; ++dy)
        for (int dz = -3; dz <= 3; ++dz)
          if (block_info(block_of_state(f.core().world().block_at({lava.x + dx, lava.y + dy, lava.z + dz}))).name == "lava")
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
