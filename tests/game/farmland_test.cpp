// Farmland trampling (docs/rules/random-ticks.md §7): FarmBlock.fallOn's draw against a
// restatement with the same random sequence, and turnToDirt lifting the players and mobs on it.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <tuple>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/game/blocks/farmland.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/fake_player_connections.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/names.h"

namespace hz {
namespace {

class FarmBlocks final : public BlockWorld {
 public:
  bool set_block(const BlockPos& pos, BlockStateId state) override {
    blocks[{pos.x, pos.y, pos.z}] = state;
    return true;
  }
  BlockStateId block_at(const BlockPos& pos) const override {
    auto it = blocks.find({pos.x, pos.y, pos.z});
    return it == blocks.end() ? BlockStateId{0} : it->second;
  }
  bool is_loaded(const BlockPos&) const override { return true; }
  std::map<std::tuple<int, int, int>, BlockStateId> blocks;
};

class FarmDamageIgnored final : public PlayerDamage {
 public:
  bool hurt(ConnId, DamageCause, float) override { return false; }
};

struct FarmFixture {
  explicit FarmFixture(uint64_t seed = 3) : random(seed) { blocks.set_block(field, default_state_of("farmland")); }
  const BlockPos field{0, 64, 0};
  FarmBlocks blocks;
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

RC_GTEST_PROP(FarmlandTrampling, TramplesWhenTheDrawIsBelowTheFallLessAHalf, ()) {
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  FarmFixture f(seed);
  Player& p = f.connections.add(1, Vec3{0.5, 64.9375, 0.5});
  p.crouching = *rc::gen::arbitrary<bool>();
  const double fall = *rc::gen::element(0.0625, 0.5, 0.6, 0.75, 1.0, 1.4, 1.5, 3.0);
  f.trampling.fall_on(p, f.field, f.blocks.block_at(f.field), fall);
  // Restated: one nextFloat from the same sequence; standing (0.648) and crouching (0.54) players
  // are both big enough.
  Rng reference(seed);
  const bool trampled = static_cast<double>(reference.next_float()) < fall - 0.5;
  RC_ASSERT((testing::name_of(f.blocks.block_at(f.field)) == "dirt") == trampled);
  RC_ASSERT(f.connections.teleports.size() == (trampled ? 1u : 0u));
  RC_ASSERT(f.random.next_u64() == reference.next_u64());  // exactly one draw was made
}

TEST(FarmlandTrampling, LiftsPlayersAndMobsOntoTheDirtAndLeavesOtherBlocksAlone) {
  FarmFixture f;
  Player& lander = f.connections.add(1, Vec3{0.5, 64.9375, 0.5});
  f.connections.add(2, Vec3{0.9, 64.95, 0.2});   // also on the field
  f.connections.add(3, Vec3{2.5, 65.0, 0.5});    // on the next block
  const int32_t cow = f.mobs.summon(mob_kind(MobType::kCow), Vec3{0.3, 64.9375, 0.7}, 0.0f);
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

TEST(FarmlandTrampling, OnlyBigEntitiesTrample) {
  EXPECT_TRUE(big_enough_to_trample(0.6f, 1.8f));
  EXPECT_TRUE(big_enough_to_trample(0.6f, 1.5f));
  EXPECT_FALSE(big_enough_to_trample(0.6f, 0.6f));  // swimming or gliding
  EXPECT_FALSE(big_enough_to_trample(0.4f, 0.7f));  // a chicken
}

}  // namespace
}  // namespace hz
