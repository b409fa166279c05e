// The creeper (docs/rules/mobs.md §8): the swell goal and counter against a reference restated from
// SwellGoal and Creeper.tick (start within 3 blocks, +1 per tick while the target is within 7 and
// seen, -1 otherwise, explode at the fuse), the radius, its entity data and saved keys, and
// through the core: a creeper next to a survival player swells, explodes, hurts the player,
// breaks blocks and is gone.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "sim/game/core.h"
#include "sim/game/mobs/creeper.h"
#include "sim/game/mobs/mob_codec.h"
#include "sim/game/mobs/mobs.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/fake_player_connections.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using Connections = testing::FakePlayerConnections;

class RemovalTracking final : public EntityTracking {
 public:
  void add_entity(Entity&) override {}
  void remove_entity(int32_t id) override { removed.push_back(id); }
  void send_to_viewers(int32_t, const SharedBytes&) override {}
  std::vector<int32_t> removed;
};

class MeleeCount final : public PlayerDamage {
 public:
  bool hurt(ConnId, DamageCause, float) override { return true; }
  bool hurt_by_mob(ConnId, float, const MobAttacker&, DamageCause) override {
    ++melee;
    return true;
  }
  int melee = 0;
};

class DropCount final : public ItemDrops {
 public:
  void drop_from_block(const BlockPos&, const ItemStack&) override {}
  void drop_at(const Vec3&, const ItemStack&) override { ++dropped; }
  void drop_from_player(const Player&, const ItemStack&, bool, bool) override {}
  int dropped = 0;
};

struct CreeperBlast {
  Vec3 center;
  float radius;
  int32_t source;
};

struct CreeperWorld {
  testing::FakeWorld world;
  EntityIds ids;
  Rng random{5};
  Connections connections;
  RemovalTracking tracking;
  MeleeCount damage;
  DropCount drops;
  GameRules rules;
  testing::SettableTime time;
  Mobs mobs{ids, random, connections, tracking, damage, drops, rules, time};
  std::vector<CreeperBlast> blasts;
  bool wall = false;  // when set, nothing is ever in sight

  CreeperWorld() {
    world.ground(64);
    mobs.set_block_source(&world);
    mobs.set_exploder([this](const Vec3& c, float r, const MobAttacker& s) { blasts.push_back({c, r, s.entity_id}); });
    mobs.set_line_of_sight([this](const Vec3&, const Vec3&) { return !wall; });
  }
  void tick() {
    mobs.tick();
    ++time.time;
  }
};

TEST(Creeper, NextToASurvivalPlayerItSwellsThirtyTicksAndExplodesWithRadiusThree) {
  CreeperWorld w;
  w.connections.add(1, {2.5, 65.0, 0.5});
  const int32_t id = w.mobs.summon(mob_kind(MobType::kCreeper), {0.5, 65.0, 0.5}, 0.0f);
  // Reference (Creeper.tick): the swell counts the ticks the direction was +1 once the goal runs.
  int ticks = 0, first_swell = -1;
  while (w.blasts.empty() && ticks < 400) {
    w.tick();
    ++ticks;
    const Mob* m = w.mobs.find(id);
    if (m && first_swell < 0 && m->state.creeper.swell > 0) first_swell = ticks;
  }
  ASSERT_EQ(w.blasts.size(), 1u);
  ASSERT_GE(first_swell, 1);
  // The first positive swell and the explosion are exactly the fuse (30) apart: +1 every tick.
  EXPECT_EQ(ticks - first_swell, 29);
  EXPECT_FLOAT_EQ(w.blasts[0].radius, 3.0f);
  EXPECT_EQ(w.blasts[0].source, id);
  EXPECT_EQ(w.mobs.find(id), nullptr);  // removed at once
  EXPECT_EQ(w.drops.dropped, 0);        // no death loot from exploding
  EXPECT_EQ(w.damage.melee, 0);         // its melee hit never hurts
}

TEST(Creeper, ItShrinksBackWhenThePlayerIsOutOfSightAndAPoweredOneDoublesTheRadius) {
  CreeperWorld w;
  w.connections.add(1, {2.5, 65.0, 0.5});
  SummonOptions powered;
  powered.powered = true;
  powered.no_ai = false;
  const int32_t id = w.mobs.summon(mob_kind(MobType::kCreeper), {0.5, 65.0, 0.5}, 0.0f, powered);
  // Until it swells 10.
  for (int i = 0; i < 400; ++i) {
    w.tick();
    if (w.mobs.find(id)->state.creeper.swell >= 10) break;
  }
  ASSERT_EQ(w.mobs.find(id)->state.creeper.swell, 10);
  w.wall = true;  // out of sight: the direction turns to -1 and the swell falls to 0, not below
  for (int i = 0; i < 15; ++i) w.tick();
  EXPECT_EQ(w.mobs.find(id)->state.creeper.swell, 0);
  EXPECT_EQ(w.mobs.find(id)->state.creeper.swell_dir, -1);
  EXPECT_TRUE(w.blasts.empty());
  w.wall = false;
  for (int i = 0; i < 200 && w.blasts.empty(); ++i) w.tick();
  ASSERT_EQ(w.blasts.size(), 1u);
  EXPECT_FLOAT_EQ(w.blasts[0].radius, 6.0f);
}

TEST(Creeper, AnIgnitedCreeperExplodesAfterItsFuseWithoutATarget) {
  CreeperWorld w;
  SummonOptions options;
  options.ignited = true;
  options.fuse = 12;
  options.explosion_radius = 5;
  options.no_ai = true;  // the swell is in Creeper.tick, not in its AI
  w.mobs.summon(mob_kind(MobType::kCreeper), {0.5, 65.0, 0.5}, 0.0f, options);
  int ticks = 0;
  while (w.blasts.empty() && ticks < 100) w.tick(), ++ticks;
  EXPECT_EQ(ticks, 12);
  ASSERT_EQ(w.blasts.size(), 1u);
  EXPECT_FLOAT_EQ(w.blasts[0].radius, 5.0f);
}

TEST(Creeper, EntityDataCarriesTheSwellDirectionAndFlags) {
  Mob creeper(3, Uuid{1, 2}, mob_kind(MobType::kCreeper));
  creeper.state.creeper.powered = true;
  const Bytes data = creeper.synched_data();
  // Shared flags (index 0, byte 0), living flags (8, byte 0), health (9, float 20), mob flags (15,
  // byte 0), then 16: int -1 (varint 0xFFFFFFFF0F), 17: boolean true, end.
  const Bytes expected = {0, 0, 0, 8, 0, 0, 9, 3, 0x41, 0xA0, 0, 0, 15, 0, 0,
                          16, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 17, 8, 1, 0xFF};
  EXPECT_EQ(data, expected);
  creeper::set_swell_dir(creeper, 1);
  EXPECT_TRUE(creeper.data_dirty);
}

TEST(Creeper, SavedKeysRoundTrip) {
  Mob creeper(3, Uuid{0x0123456789abcdefull, 0xfedcba9876543210ull}, mob_kind(MobType::kCreeper));
  creeper.position = Vec3{1.5, 70.0, -2.5};
  creeper.state.creeper.powered = true;
  creeper.state.creeper.max_swell = 40;
  creeper.state.creeper.explosion_radius = 4;
  const nbt::Compound c = mob_codec::save(creeper);
  ASSERT_NE(c.find("Fuse"), nullptr);
  EXPECT_EQ(*c.find("Fuse"), nbt::Tag(int16_t{40}));
  EXPECT_EQ(*c.find("ExplosionRadius"), nbt::Tag(int8_t{4}));
  EXPECT_EQ(*c.find("powered"), nbt::Tag(int8_t{1}));
  EXPECT_EQ(*c.find("ignited"), nbt::Tag(int8_t{0}));
  EXPECT_EQ(c.find("Age"), nullptr);  // a monster, not ageable
  const std::optional<mob_codec::Loaded> loaded = mob_codec::load(c);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->kind->type, MobType::kCreeper);
  EXPECT_TRUE(loaded->creeper.powered);
  EXPECT_EQ(loaded->creeper.max_swell, 40);
  EXPECT_EQ(loaded->creeper.explosion_radius, 4);
  EXPECT_FALSE(loaded->creeper.ignited);
}

// Through the core: /summon next to a survival player in the generated world.
TEST(Creeper, ASummonedCreeperBlowsUpNextToASurvivalPlayer) {
  testing::StreamingServer s{3};
  s.prepare_spawn();
  testing::TestClient alice = s.join_loaded(1, "Alice", 3);
  for (int i = 0; i < 40; ++i) s.pass();
  Player& player = *s.h.core.sessions().player(1);
  player.game_mode = GameMode::kSurvival;
  const Vec3 at = player.position;
  const int gx = static_cast<int>(std::floor(at.x)) + 1, gy = static_cast<int>(std::floor(at.y)),
            gz = static_cast<int>(std::floor(at.z));
  auto solid_blocks = [&] {
    int n = 0;
    for (int x = gx - 2; x <= gx + 2; ++x)
      for (int y = gy - 3; y < gy; ++y)
        for (int z = gz - 2; z <= gz + 2; ++z) n += !is_air(s.world().block_at({x, y, z}));
    return n;
  };
  const int before = solid_blocks();
  const std::vector<int32_t> earlier = s.h.core.mobs().ids();  // mobs that spawned on their own
  s.pass({ConsoleLine{"summon creeper " + std::to_string(at.x + 1.5) + " " + std::to_string(at.y) + " " +
                      std::to_string(at.z)}});
  int32_t creeper = -1;
  for (int32_t id : s.h.core.mobs().ids())
    if (std::find(earlier.begin(), earlier.end(), id) == earlier.end()) creeper = id;
  ASSERT_NE(creeper, -1);
  ASSERT_EQ(s.h.core.mobs().find(creeper)->mob_kind().type, MobType::kCreeper);
  float lowest = player.health;
  for (int i = 0; i < 300 && s.h.core.mobs().find(creeper) != nullptr; ++i) {
    s.pass();
    lowest = std::min(lowest, s.h.core.sessions().player(1)->health);
  }
  EXPECT_EQ(s.h.core.mobs().find(creeper), nullptr);  // gone with its blast
  EXPECT_LT(lowest, 20.0f);               // hurt (or killed) by it
  EXPECT_LT(solid_blocks(), before);      // a crater under it
  (void)alice;
}

}  // namespace
}  // namespace hz
