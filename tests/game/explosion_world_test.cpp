// Explosions in the world (docs/rules/explosions.md §1, §3–§5): the blocks a blast breaks against a
// reference model written here (the ray walk restated over the same world with the same seeded
// generator and minecraft-data's resistances read by name), their drops with and without decay,
// the game rules, damage to a player and a mob against the formula, and the explode packet.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "sim/data/catalog.h"
#include "sim/game/explosions/explosion_world.h"
#include "sim/game/mobs/mobs.h"
#include "sim/protocol/packets.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/fake_player_connections.h"
#include "tests/game/movement_fake_world.h"

namespace hz {
namespace {

using Key = std::tuple<int, int, int>;

class NoTicks final : public BlockTickScheduler {
 public:
  bool schedule_block_tick(const BlockPos&, BlockId, int, int) override { return false; }
  bool has_block_tick(const BlockPos&, BlockId) const override { return false; }
  bool schedule_fluid_tick(const BlockPos&, uint32_t, int, int) override { return false; }
};

struct BlockDrops final : public ItemDrops {
  std::vector<std::pair<BlockPos, ItemStack>> dropped;
  void drop_from_block(const BlockPos& pos, const ItemStack& stack) override { dropped.emplace_back(pos, stack); }
  void drop_at(const Vec3&, const ItemStack&) override {}
  void drop_from_player(const Player&, const ItemStack&, bool, bool) override {}
  int count(std::string_view item) const {
    int n = 0;
    for (const auto& [pos, stack] : dropped)
      if (stack.item == *item_id(item)) n += stack.count;
    return n;
  }
};


struct ExplosionHit {
  ConnId player;
  float amount;
  bool caused;
};

class ExplosionDamage final : public PlayerDamage {
 public:
  bool hurt(ConnId, DamageCause, float) override { return true; }
  bool hurt_by_explosion(ConnId player, float amount, const MobAttacker* cause) override {
    hits.push_back({player, amount, cause != nullptr});
    return true;
  }
  std::vector<ExplosionHit> hits;
};

struct BlastWorld {
  testing::FakeWorld store;
  NoTicks ticks;
  BlockDrops drops;
  testing::NullLog log;
  Rng random{99};
  testing::FakePlayerConnections players;
  ExplosionDamage damage;
  testing::NoTracking tracking;
  testing::SettableTime time;
  GameRules rules;
  EntityIds ids;
  BlockUpdates updates{store, ticks, drops, random, log, 1000000};
  Mobs mobs{ids, random, players, tracking, damage, drops, rules, time};
  Explosions explosions{updates, drops, random, players, damage, mobs, rules};
  testing::FakeWorld mob_blocks;

  BlastWorld() { mobs.set_block_source(&mob_blocks); }
  void put(int x, int y, int z, std::string_view name) { store.set_block({x, y, z}, default_state_of(name)); }
  ExplosionOutcome boom(const Vec3& at, float radius) {
    return explosions.explode(ExplosionParams{at, radius, ExplosionInteraction::kMob, std::nullopt});
  }
};

// The reference ray walk: the 16-cube's surface cells in x, y, z order, one float per ray from a
// generator seeded as the blast's, each block's resistance read from minecraft-data by name.
std::set<Key> reference_exploded(const testing::FakeWorld& world, const Vec3& center, float radius, Rng random) {
  std::set<Key> out;
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b < 16; ++b)
      for (int c = 0; c < 16; ++c) {
        auto edge = [](int v) { return v == 0 || v == 15; };
        if (!edge(a) && !edge(b) && !edge(c)) continue;
        auto component = [](int v) { return static_cast<double>(static_cast<float>(v) / 15.0f * 2.0f - 1.0f); };
        const double n = std::sqrt(component(a) * component(a) + component(b) * component(b) + component(c) * component(c));
        const double dx = component(a) / n, dy = component(b) / n, dz = component(c) / n;
        float power = radius * (0.7f + random.next_float() * 0.6f);
        double x = center.x, y = center.y, z = center.z;
        while (power > 0.0f) {
          const BlockPos p{static_cast<int>(std::floor(x)), static_cast<int>(std::floor(y)), static_cast<int>(std::floor(z))};
          if (p.y < -64 || p.y > 319) break;
          const BlockStateId s = world.block_at(p);
          const std::string_view name = block_info(block_of_state(s)).name;
          if (name != "air") power -= (block_info(*block_by_name(name)).resistance + 0.3f) * 0.3f;
          if (power > 0.0f) out.insert({p.x, p.y, p.z});
          x += dx * static_cast<double>(0.3f);
          y += dy * static_cast<double>(0.3f);
          z += dz * static_cast<double>(0.3f);
          power -= 0.22500001f;
        }
      }
  return out;
}

void set_rule(GameRules& rules, std::string_view id, int32_t value) { rules.set(*rules.find(id), value); }

// A patch of ground: dirt on top of stone, an obsidian pillar and a water pool.
void build_ground(BlastWorld& b) {
  for (int x = -6; x <= 6; ++x)
    for (int z = -6; z <= 6; ++z) {
      for (int y = 60; y <= 62; ++y) b.put(x, y, z, "stone");
      b.put(x, 63, z, "dirt");
    }
  for (int y = 64; y <= 66; ++y) b.put(2, y, 0, "obsidian");
  b.put(-2, 63, -2, "water");
  b.put(-1, 63, -2, "water");
}

TEST(ExplosionWorld, BreaksExactlyTheBlocksTheReferenceRayWalkReaches) {
  BlastWorld b;
  build_ground(b);
  set_rule(b.rules, "mob_explosion_drop_decay", 0);
  const Vec3 center{0.5, 64.0, 0.5};
  const testing::FakeWorld before = b.store;
  const std::set<Key> expected_exploded = reference_exploded(before, center, 3.0f, b.random);
  const ExplosionOutcome out = b.boom(center, 3.0f);
  std::set<Key> exploded;
  for (const BlockPos& p : out.exploded) exploded.insert({p.x, p.y, p.z});
  EXPECT_EQ(exploded, expected_exploded);
  // Broken: the reached positions that held a block; everything else is as it was.
  std::set<Key> expected_broken;
  for (const Key& k : expected_exploded)
    if (before.placed().contains(k)) expected_broken.insert(k);
  std::set<Key> broken;
  for (const BlockPos& p : out.destroyed) broken.insert({p.x, p.y, p.z});
  EXPECT_EQ(broken, expected_broken);
  EXPECT_FALSE(broken.empty());
  for (const auto& [k, state] : before.placed()) {
    const auto [x, y, z] = k;
    const BlockStateId now = b.store.block_at({x, y, z});
    if (expected_broken.contains(k)) {
      EXPECT_EQ(now, default_state_of("air"));
    } else if (block_info(block_of_state(state)).name != "water") {
      EXPECT_EQ(now, state);
    }
  }
  // The obsidian pillar stands.
  EXPECT_EQ(b.store.block_at({2, 64, 0}), default_state_of("obsidian"));
  // Without decay every broken dirt drops dirt and every broken stone drops cobblestone.
  int dirt = 0, stone = 0;
  for (const Key& k : expected_broken) {
    const std::string_view name = block_info(block_of_state(before.placed().at(k))).name;
    dirt += name == "dirt";
    stone += name == "stone";
  }
  EXPECT_EQ(b.drops.count("dirt"), dirt);
  EXPECT_EQ(b.drops.count("cobblestone"), stone);
  // Merged into stacks of at most 16.
  for (const auto& [pos, stack] : b.drops.dropped) EXPECT_LE(stack.count, 16);
}

TEST(ExplosionWorld, DropDecayKeepsAboutOneInRadiusAndMobGriefingOffKeepsEveryBlock) {
  BlastWorld decayed;
  build_ground(decayed);
  const ExplosionOutcome out = decayed.boom({0.5, 64.0, 0.5}, 4.0f);
  ASSERT_GT(out.destroyed.size(), 20u);
  const int kept = decayed.drops.count("dirt") + decayed.drops.count("cobblestone");
  EXPECT_GT(kept, 0);
  EXPECT_LT(kept, static_cast<int>(out.destroyed.size()) / 2);  // about a quarter survive

  BlastWorld kept_blocks;
  build_ground(kept_blocks);
  set_rule(kept_blocks.rules, "mob_griefing", 0);
  const testing::FakeWorld before = kept_blocks.store;
  const ExplosionOutcome calm = kept_blocks.boom({0.5, 64.0, 0.5}, 3.0f);
  EXPECT_EQ(calm.blocks, ExplosionBlocks::kKeep);
  EXPECT_FALSE(calm.exploded.empty());  // the rays still count positions (the packet's blockCount)
  EXPECT_TRUE(calm.destroyed.empty());
  EXPECT_EQ(kept_blocks.store.placed(), before.placed());
  EXPECT_TRUE(kept_blocks.drops.dropped.empty());
}

TEST(ExplosionWorld, TheGameRulesPickTheBlockInteraction) {
  GameRules rules;
  EXPECT_EQ(explosion_blocks(ExplosionInteraction::kMob, rules), ExplosionBlocks::kDestroyWithDecay);
  EXPECT_EQ(explosion_blocks(ExplosionInteraction::kTnt, rules), ExplosionBlocks::kDestroy);
  EXPECT_EQ(explosion_blocks(ExplosionInteraction::kBlock, rules), ExplosionBlocks::kDestroyWithDecay);
  EXPECT_EQ(explosion_blocks(ExplosionInteraction::kNone, rules), ExplosionBlocks::kKeep);
  set_rule(rules, "tnt_explosion_drop_decay", 1);
  EXPECT_EQ(explosion_blocks(ExplosionInteraction::kTnt, rules), ExplosionBlocks::kDestroyWithDecay);
  set_rule(rules, "mob_griefing", 0);
  EXPECT_EQ(explosion_blocks(ExplosionInteraction::kMob, rules), ExplosionBlocks::kKeep);
}

// ExplosionDamageCalculator's formula restated: impact = (1 - d / 2r) * exposure.
float reference_damage(float radius, double d, double exposure) {
  const double impact = (1.0 - d / (2.0 * radius)) * exposure;
  return static_cast<float>((impact * impact + impact) / 2.0 * 7.0 * (2.0 * radius) + 1.0);
}

TEST(ExplosionWorld, APlayerAndAMobInTheOpenAreHurtAsTheFormulaSaysAndPushedAway) {
  BlastWorld b;
  for (int x = -10; x <= 10; ++x)
    for (int z = -10; z <= 10; ++z) b.put(x, 63, z, "obsidian");  // nothing breaks, nothing hides
  // Half a block up: the sample rays run clear of the floor's top face.
  b.players.add(1, {2.5, 64.5, 0.5});
  b.players.add(2, {100.5, 64.5, 0.5});  // beyond 64 blocks: no packet
  const int32_t cow_id = b.mobs.summon(mob_kind(MobType::kCow), {0.5, 64.5, 5.5}, 0.0f);
  const Vec3 center{0.5, 64.5, 0.5};
  const ExplosionOutcome out =
      b.explosions.explode(ExplosionParams{center, 3.0f, ExplosionInteraction::kMob,
                                           MobAttacker{77, "creeper", "Creeper", center}});
  ASSERT_EQ(b.damage.hits.size(), 1u);
  EXPECT_EQ(b.damage.hits[0].player, 1u);
  EXPECT_TRUE(b.damage.hits[0].caused);
  EXPECT_FLOAT_EQ(b.damage.hits[0].amount, reference_damage(3.0f, 2.0, 1.0));
  const Mob& cow = *b.mobs.find(cow_id);
  EXPECT_FLOAT_EQ(cow.state.health, 10.0f - reference_damage(3.0f, 5.0, 1.0));
  EXPECT_GT(cow.velocity.z, 0.0);  // pushed away from the centre
  // The packet: only the near player, carrying its knockback (1 - 2/6) along the centre-to-eyes line.
  EXPECT_EQ(out.players_told, 1);
  ASSERT_EQ(b.players.sent.size(), 1u);
  EXPECT_EQ(b.players.sent[0].first, 1u);
  packet::play_cb::Explosion expected;
  expected.center = {center.x, center.y, center.z};
  expected.radius = 3.0f;
  expected.block_count = static_cast<int32_t>(out.exploded.size());
  const double dy = (64.5 + 1.62) - 64.5, dx = 2.0, len = std::sqrt(dx * dx + dy * dy), power = 1.0 - 2.0 / 6.0;
  expected.player_knockback = packet::play_cb::DoublePosition{dx / len * power, dy / len * power, 0.0};
  expected.particle = 22;  // explosion_emitter: radius 3 destroying blocks is not small
  expected.sound = 698;    // entity.generic.explode (697) as a registry reference
  expected.block_particles = {{59, 0.5f, 1.0f, 1}, {62, 1.0f, 1.0f, 1}};
  EXPECT_EQ(b.players.sent[0].second, encode_packet(expected));
}

// Blast Protection's explosion_knockback_resistance scales the push the packet carries.
TEST(ExplosionWorld, BlastProtectionShortensAPlayersPush) {
  BlastWorld b;
  for (int x = -10; x <= 10; ++x)
    for (int z = -10; z <= 10; ++z) b.put(x, 63, z, "obsidian");
  b.players.add(1, {2.5, 64.5, 0.5});
  const double resistance = static_cast<double>(0.15f + 0.15f * 3.0f);  // one piece at level IV
  b.explosions.set_knockback_resistance([&](ConnId) { return resistance; });
  b.boom({0.5, 64.5, 0.5}, 3.0f);
  ASSERT_EQ(b.players.sent.size(), 1u);
  const auto packet = decode_packet<packet::play_cb::Explosion>(b.players.sent[0].second);
  ASSERT_TRUE(packet && packet->player_knockback);
  const double dy = (64.5 + 1.62) - 64.5, dx = 2.0, len = std::sqrt(dx * dx + dy * dy);
  const double power = (1.0 - 2.0 / 6.0) * (1.0 - resistance);  // 0.4 of the bare push
  EXPECT_NEAR(packet->player_knockback->x, dx / len * power, 1e-12);
  EXPECT_NEAR(packet->player_knockback->y, dy / len * power, 1e-12);
  EXPECT_LT(packet->player_knockback->x, dx / len * (1.0 - 2.0 / 6.0) * 0.5);
}

TEST(ExplosionWorld, AWallHidesAPlayerFromTheBlast) {
  BlastWorld b;
  for (int y = 60; y <= 70; ++y)
    for (int z = -4; z <= 4; ++z) b.put(2, y, z, "obsidian");
  b.players.add(1, {3.5, 64.5, 0.5});
  b.boom({0.5, 64.5, 0.5}, 3.0f);
  ASSERT_EQ(b.damage.hits.size(), 1u);
  EXPECT_FLOAT_EQ(b.damage.hits[0].amount, reference_damage(3.0f, 3.0, 0.0));  // exposure 0: 1 damage
}

}  // namespace
}  // namespace hz
