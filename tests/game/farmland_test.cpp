// Farmland trampling (docs/rules/random-ticks.md §7): FarmBlock.fallOn's draw against a
// restatement with the same random sequence, and turnToDirt lifting the players and mobs on it.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/game/blocks/farmland.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/fake_player_connections.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/names.h"

namespace hz {
namespace {

class FarmDamageIgnored final : public PlayerDamage {
 public:
  bool hurt(ConnId, DamageCause, float) override { return false; }
};

struct FarmFixture {
  explicit FarmFixture(uint64_t seed = 3) : random(seed) { blocks.set_block(field, default_state_of("farmland")); }
  const BlockPos field{0, 64, 0};
  testing::FakeWorld blocks;
  EntityIds ids;
  Rng random;
  testing::FakePlayerConnections connections;
  testing::RecordingTracking tracking;
  FarmDamageIgnored damage;
  testing::NoDrops drops;
  GameRules rules;
  testing::SettableTime time;
  Mobs mobs{ids, random, connections, tracking, damage, drops, rules, time};
  FarmlandTrampling trampling{blocks, random, connections, mobs};
};

// Landers: a standing and a crouching player, a cow and a chicken, each allowed or not to trample.
RC_GTEST_PROP(FarmlandTrampling, TramplesWhenTheDrawIsBelowTheFallLessAHalf, ()) {
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  FarmFixture f(seed);
  f.connections.add(1, Vec3{0.5, 64.9375, 0.5});
  const auto [width, height] = *rc::gen::element(std::pair{0.6f, 1.8f}, std::pair{0.6f, 1.5f}, std::pair{0.9f, 1.4f},
                                                 std::pair{0.4f, 0.7f});
  const Lander lander{width, height, *rc::gen::arbitrary<bool>()};
  const double fall = *rc::gen::element(0.0625, 0.5, 0.6, 0.75, 1.0, 1.4, 1.5, 3.0);
  f.trampling.fall_on(lander, f.field, f.blocks.block_at(f.field), fall);
  // Restated: one nextFloat from the same sequence, then the permission, then w × w × h > 0.512
  // (the chicken's 0.112 is too small).
  Rng reference(seed);
  const bool drawn = static_cast<double>(reference.next_float()) < fall - 0.5;
  const bool trampled = drawn && lander.may_trample && width * width * height > 0.512f;
  RC_ASSERT((testing::name_of(f.blocks.block_at(f.field)) == "dirt") == trampled);
  RC_ASSERT(f.connections.teleports.size() == (trampled ? 1u : 0u));
  RC_ASSERT(f.random.next_u64() == reference.next_u64());  // exactly one draw was made
}

TEST(FarmlandTrampling, LiftsPlayersAndMobsOntoTheDirtAndLeavesOtherBlocksAlone) {
  FarmFixture f;
  f.connections.add(1, Vec3{0.5, 64.9375, 0.5});
  f.connections.add(2, Vec3{0.9, 64.95, 0.2});   // also on the field
  f.connections.add(3, Vec3{2.5, 65.0, 0.5});    // on the next block
  const int32_t cow = f.mobs.summon(mob_kind(MobType::kCow), Vec3{0.3, 64.9375, 0.7}, 0.0f);
  const Lander lander{0.6f, 1.8f, true};
  f.trampling.fall_on(lander, f.field, f.blocks.block_at(f.field), 3.0);  // nextFloat < 2.5 always
  EXPECT_EQ(f.blocks.block_at(f.field), default_state_of("dirt"));
  ASSERT_EQ(f.connections.teleports.size(), 2u);
  EXPECT_EQ(f.connections.teleports[0].first, ConnId{1});
  EXPECT_EQ(f.connections.teleports[0].second.y, 65.0);
  EXPECT_EQ(f.connections.teleports[1].first, ConnId{2});
  EXPECT_EQ(f.connections.teleports[1].second.x, 0.9);
  EXPECT_EQ(f.mobs.find(cow)->position.y, 65.0);
  // Landing on anything else draws nothing and changes nothing.
  const BlockPos stone{5, 64, 5};
  f.blocks.set_block(stone, default_state_of("stone"));
  Rng copy = f.random;
  f.trampling.fall_on(lander, stone, default_state_of("stone"), 3.0);
  EXPECT_EQ(f.random.next_u64(), copy.next_u64());
  EXPECT_EQ(f.blocks.block_at(stone), default_state_of("stone"));
}

// A mob's landing goes through the same fallOn: three blocks onto a field (the draw, under 2.5,
// always passes), trampling one block when mob_griefing is on and the mob is big enough.
TEST(FarmlandTrampling, AFallingMobTramplesWhileMobGriefingIsOn) {
  for (const bool griefing : {true, false})
    for (const MobType type : {MobType::kCow, MobType::kChicken}) {
      FarmFixture f;
      f.rules.set(*f.rules.find("mob_griefing"), griefing ? 1 : 0);
      f.blocks.ground(63);
      for (int x = -4; x <= 4; ++x)
        for (int z = -4; z <= 4; ++z) f.blocks.set(x, 64, z, "farmland");
      f.mobs.set_block_source(&f.blocks);
      f.mobs.set_fall_on(&f.trampling);
      const int32_t id = f.mobs.summon(mob_kind(type), Vec3{0.5, 67.9375, 0.5}, 0.0f);
      for (int tick = 0; tick < 40; ++tick) f.mobs.tick();
      int dirt = 0;
      for (int x = -4; x <= 4; ++x)
        for (int z = -4; z <= 4; ++z) dirt += testing::name_of(f.blocks.block_at({x, 64, z})) == "dirt";
      const bool tramples = griefing && type == MobType::kCow;
      EXPECT_EQ(dirt, tramples ? 1 : 0) << griefing << " " << mob_kind(type).name;
      EXPECT_EQ(f.mobs.find(id)->position.y, tramples ? 65.0 : 64.9375);
    }
}

TEST(FarmlandTrampling, OnlyBigEntitiesTrample) {
  EXPECT_TRUE(big_enough_to_trample(0.6f, 1.8f));
  EXPECT_TRUE(big_enough_to_trample(0.6f, 1.5f));
  EXPECT_FALSE(big_enough_to_trample(0.6f, 0.6f));  // swimming or gliding
  EXPECT_FALSE(big_enough_to_trample(0.4f, 0.7f));  // a chicken
}

}  // namespace
}  // namespace hz
