// Fire on players (docs/rules/burning.md): the blocks a box is inside, igniting with Fire
// Protection's burning time, and through the core: lava hurts and sets alight, burning hurts every
// 20 ticks, fire takes 20 ticks to catch, water puts it out, creative players never burn, the
// fire_damage rule, the on-fire flag and the death message.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <string>

#include "sim/data/catalog.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/equipment.h"
#include "sim/game/survival/burning.h"
#include "sim/game/survival/survival_system.h"
#include "sim/protocol/packets.h"
#include "tests/game/movement_client.h"

namespace hz {
namespace {

using testing::join;
using testing::JoinedPlayer;
using testing::logged;
using testing::MovementServer;
using testing::sent_to;
namespace cb = packet::play_cb;

Aabb player_box_at(double x, double y, double z) { return Aabb{x - 0.3, y, z - 0.3, x + 0.3, y + 1.8, z + 0.3}; }

TEST(Burning, TheBoxIsInsideFireCellsAndTheFluidsShapes) {
  testing::FakeWorld world;
  world.set(0, 64, 0, "fire");
  world.set(5, 64, 0, "soul_fire");
  world.set(10, 64, 0, "lava");
  world.set(15, 64, 0, "water");
  const burning::Inside fire = burning::inside_blocks(world, player_box_at(0.5, 64.0, 0.5));
  EXPECT_TRUE(fire.fire);
  EXPECT_EQ(fire.fire_damage, 1.0f);
  EXPECT_EQ(burning::inside_blocks(world, player_box_at(5.5, 64.0, 0.5)).fire_damage, 2.0f);
  // Standing on the fire's block from above touches nothing (the box shrinks by 1e-5 for cells).
  EXPECT_FALSE(burning::inside_blocks(world, player_box_at(0.5, 65.0, 0.5)).fire);
  // Lava fills 8/9 of its block: a box resting at 64.9 is above it, one at 64.8 is in it.
  EXPECT_TRUE(burning::inside_blocks(world, player_box_at(10.5, 64.8, 0.5)).lava);
  EXPECT_FALSE(burning::inside_blocks(world, player_box_at(10.5, 64.9, 0.5)).lava);
  // A box beside the lava, its side touching the block's face, is not in it.
  EXPECT_FALSE(burning::inside_blocks(world, player_box_at(11.3, 64.0, 0.5)).lava);
  EXPECT_TRUE(burning::inside_blocks(world, player_box_at(15.5, 64.5, 0.5)).water);
}

// igniteForTicks with burning_time: ceil(ticks × time), and only ever more than what remains.
RC_GTEST_PROP(Burning, IgnitingMatchesTheRestatement, ()) {
  const int remaining = *rc::gen::inRange(-20, 400);
  const int ticks = *rc::gen::element(160, 300);
  const double time = static_cast<double>(*rc::gen::inRange(0, 101)) / 100.0;
  const int scaled = static_cast<int>(std::ceil(ticks * time));
  RC_ASSERT(burning::ignite(remaining, ticks, time) == std::max(remaining, scaled));
  const int extra = *rc::gen::inRange(1, 3);
  const int counted = remaining < 0 ? remaining + 1 : remaining + extra;
  RC_ASSERT(burning::fire_ignite(remaining, extra, time) ==
            (counted >= 0 ? std::max(counted, static_cast<int>(std::ceil(160 * time))) : counted));
}

// --- through the core ---

struct Burner {
  MovementServer s;
  JoinedPlayer p;
  Rng random{5};
  BlockPos feet;
  Burner() : p(join(s, 1, "Probe")) {
    s.h.core.survival().set_fire(&s.world, &random, [](const BlockPos&) { return false; });
    s.tick({p.loaded().confirm(1).take()});
    s.tick({ConsoleLine{"gamerule natural_health_regeneration false"}});
    feet = BlockPos{java_floor(p.spawn.x), java_floor(p.spawn.y), java_floor(p.spawn.z)};
    s.h.sink.clear();
  }
  Player& player() { return *s.h.core.sessions().player(1); }
  void put(std::string_view block) { s.world.set(feet.x, feet.y, feet.z, block); }
  // The on-fire bit of the shared flags in the metadata the player's own client was sent.
  std::vector<bool> fire_flags() {
    std::vector<bool> out;
    for (const cb::EntityMetadata& m : sent_to<cb::EntityMetadata>(s.h.sink, 1))
      if (m.entity_id == p.entity_id && m.metadata.size() >= 4 && m.metadata[0] == 0) out.push_back((m.metadata[2] & 1) != 0);
    return out;
  }
};

TEST(BurningScenario, LavaInLavaOnlyLavaHurts) {
  Burner b;
  b.put("lava");
  for (int i = 0; i < 11; ++i) b.s.tick();
  // 4 each time the window lets a full hit through (every 10 ticks); burning adds nothing.
  EXPECT_EQ(b.player().health, 12.0f);
  EXPECT_EQ(b.player().remaining_fire_ticks, burning::kLavaIgniteTicks);  // relit each tick
}

TEST(BurningScenario, LavaHurtsAndSetsAlightThenTheFireBurnsOnAfterwards) {
  Burner b;
  EXPECT_EQ(b.player().remaining_fire_ticks, -burning::kPlayerFireImmuneTicks);  // at rest out of fire
  b.put("lava");
  b.s.tick();
  EXPECT_EQ(b.player().health, 16.0f);
  EXPECT_EQ(b.player().remaining_fire_ticks, burning::kLavaIgniteTicks);
  b.put("air");
  b.s.tick();
  // The first burning tick (300 remaining) falls inside the lava hit's window: no damage.
  EXPECT_EQ(b.player().health, 16.0f);
  EXPECT_EQ(b.player().remaining_fire_ticks, burning::kLavaIgniteTicks - 1);
  // Out of the lava: 1 burning damage each time the remaining ticks are a multiple of 20.
  float health = b.player().health;
  int hits = 0, ticks = 0;
  while (b.player().remaining_fire_ticks > 0 && ticks < 400) {
    const bool due = b.player().remaining_fire_ticks % 20 == 0;
    b.s.tick();
    ++ticks;
    if (due) {
      EXPECT_EQ(b.player().health, health - 1.0f) << ticks;
      ++hits;
    }
    health = b.player().health;
  }
  EXPECT_EQ(hits, (burning::kLavaIgniteTicks - 1) / 20);
  EXPECT_EQ(ticks, burning::kLavaIgniteTicks - 1);
  b.s.tick();
  EXPECT_EQ(b.player().remaining_fire_ticks, -burning::kPlayerFireImmuneTicks);
  const std::vector<bool> flags = b.fire_flags();
  ASSERT_EQ(flags.size(), 2u);  // lit, then out
  EXPECT_TRUE(flags[0]);
  EXPECT_FALSE(flags[1]);
}

TEST(BurningScenario, AFireBlockTakesTwentyTicksToCatchThenBurnsEightSeconds) {
  Burner b;
  b.put("fire");
  int ticks = 0;
  while (b.player().remaining_fire_ticks <= 0 && ticks < 40) b.s.tick(), ++ticks;
  EXPECT_EQ(ticks, burning::kPlayerFireImmuneTicks);
  EXPECT_EQ(b.player().remaining_fire_ticks, burning::kFireIgniteTicks);
  // in_fire hurts 1 through the window: every 10 ticks.
  EXPECT_EQ(b.player().health, 18.0f);
}

TEST(BurningScenario, WaterPutsTheFireOut) {
  Burner b;
  b.put("lava");
  b.s.tick();
  b.put("water");
  b.s.tick();
  EXPECT_EQ(b.player().remaining_fire_ticks, -burning::kPlayerFireImmuneTicks);
  EXPECT_TRUE(b.player().on_fire);  // the flag follows at the next tick's start
  b.s.tick();
  EXPECT_FALSE(b.player().on_fire);
}

TEST(BurningScenario, CreativePlayersNeverBurnAndTheGameRuleSparesSurvivalOnes) {
  Burner b;
  b.s.tick({ConsoleLine{"gamemode creative Probe"}});
  b.put("lava");
  for (int i = 0; i < 30; ++i) b.s.tick();
  EXPECT_EQ(b.player().health, 20.0f);
  EXPECT_LE(b.player().remaining_fire_ticks, 1);
  EXPECT_FALSE(b.player().on_fire);

  b.s.tick({ConsoleLine{"gamemode survival Probe"}, ConsoleLine{"gamerule fire_damage false"}});
  for (int i = 0; i < 30; ++i) b.s.tick();
  EXPECT_EQ(b.player().health, 20.0f);
  EXPECT_EQ(b.player().remaining_fire_ticks, burning::kLavaIgniteTicks);  // alight, unhurt
  EXPECT_TRUE(b.player().on_fire);
}

TEST(BurningScenario, FireProtectionShortensTheFireAndSoftensTheLava) {
  Burner b;
  ItemStack boots{*item_id("iron_boots"), 1};
  set_enchantment(boots, *enchantment_id("fire_protection"), 4);
  b.player().inventory[static_cast<size_t>(armour_menu_slot(EquipSlot::kFeet))] = boots;
  b.s.tick();  // the equipment check
  b.put("lava");
  b.s.tick();
  const double burning_time = 1.0 + static_cast<double>(-0.15f + -0.15f * 3.0f);
  EXPECT_EQ(b.player().remaining_fire_ticks, static_cast<int>(std::ceil(300.0 * burning_time)));

  const float after_armour = 4.0f * (1.0f - std::clamp(2.0f - 4.0f / 2.0f, 2.0f * 0.2f, 20.0f) / 25.0f);
  EXPECT_EQ(b.player().health, 20.0f - after_armour * (1.0f - 8.0f / 25.0f));
}

TEST(BurningScenario, DyingInLavaSaysSo) {
  Burner b;
  b.put("lava");
  for (int i = 0; i < 60 && !b.player().dead; ++i) b.s.tick();
  ASSERT_TRUE(b.player().dead);
  EXPECT_TRUE(logged(b.s.h.sink, "Probe tried to swim in lava"));
  // Death puts the fire out; the same tick's block effects then find it out and unlit (-20).
  EXPECT_EQ(b.player().remaining_fire_ticks, -burning::kPlayerFireImmuneTicks);
  EXPECT_FALSE(b.player().on_fire);
}

}  // namespace
}  // namespace hz
