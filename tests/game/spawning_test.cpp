// Natural spawning and despawning (docs/rules/spawning.md): the mob caps and the categories a tick
// may spawn, Mob.checkDespawn and spawn-position acceptance against reference models restated in
// this file, the spawner on a fake world of ticking chunks (zombies at night, none in peaceful,
// animals only on creature ticks), despawning in the mob system, and a night through the core.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/mobs/spawning/natural_spawning.h"
#include "sim/game/mobs/spawning/spawn_rules.h"
#include "sim/world/biomes.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/fake_player_connections.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using spawning::MobCategory;

// --- mob caps (§2) ---

TEST(SpawningCaps, CapsScaleWithSpawnableChunksOver289) {
  // Reference: MobCategory's maxima times chunks / (17 * 17), integer division.
  const std::map<MobCategory, int> max = {{MobCategory::kMonster, 70},  {MobCategory::kCreature, 10},
                                          {MobCategory::kAmbient, 15},  {MobCategory::kAxolotls, 5},
                                          {MobCategory::kUndergroundWaterCreature, 5},
                                          {MobCategory::kWaterCreature, 5}, {MobCategory::kWaterAmbient, 20}};
  for (const auto& [category, m] : max)
    for (int chunks : {0, 1, 25, 121, 288, 289, 441, 1000}) EXPECT_EQ(spawning::mob_cap(category, chunks), m * chunks / 289);
  EXPECT_EQ(spawning::mob_cap(MobCategory::kMonster, 289), 70);
  EXPECT_EQ(spawning::mob_cap(MobCategory::kMonster, 441), 106);  // simulation distance 10
  EXPECT_EQ(spawning::mob_cap(MobCategory::kCreature, 25), 0);     // too few chunks for animals
}

// Reference: DistanceManager's naturalSpawnChunkCounter marks every chunk within chessboard
// distance 8 of a chunk holding a player; the count is how many are marked.
int marked_chunks(const std::vector<ChunkPos>& players) {
  std::set<ChunkPos> marked;
  for (ChunkPos p : players)
    for (int dx = -8; dx <= 8; ++dx)
      for (int dz = -8; dz <= 8; ++dz) marked.insert({p.x + dx, p.z + dz});
  return static_cast<int>(marked.size());
}

RC_GTEST_PROP(SpawningCaps, SpawnableChunksAreTheChunksWithinEightOfAPlayer, ()) {
  const auto coordinate = rc::gen::inRange(-40, 40);
  const auto players = *rc::gen::container<std::vector<ChunkPos>>(rc::gen::map(
      rc::gen::pair(coordinate, coordinate), [](std::pair<int, int> p) { return ChunkPos{p.first, p.second}; }));
  RC_ASSERT(spawning::natural_spawn_chunk_count(players) == marked_chunks(players));
}

TEST(SpawningCaps, SpawnableChunksOfALonePlayerAndOfTwoApart) {
  EXPECT_EQ(spawning::natural_spawn_chunk_count({}), 0);
  EXPECT_EQ(spawning::natural_spawn_chunk_count({{3, -7}}), 289);
  EXPECT_EQ(spawning::natural_spawn_chunk_count({{0, 0}, {0, 0}}), 289);
  EXPECT_EQ(spawning::natural_spawn_chunk_count({{0, 0}, {100, 100}}), 578);
  EXPECT_EQ(spawning::natural_spawn_chunk_count({{0, 0}, {1, 0}}), 17 * 18);
}

TEST(SpawningCaps, CategoriesFollowTheSwitchesAndTheCaps) {
  std::array<int, spawning::kCategoryCount> counts{};
  auto allowed = [&](bool enemies, bool persistent) {
    return spawning::spawning_categories(counts, 289, {enemies, persistent});
  };
  auto m = static_cast<size_t>(MobCategory::kMonster), c = static_cast<size_t>(MobCategory::kCreature);
  EXPECT_TRUE(allowed(true, false)[m]);
  EXPECT_FALSE(allowed(true, false)[c]);  // creatures only on every 400th tick
  EXPECT_TRUE(allowed(true, true)[c]);
  EXPECT_FALSE(allowed(false, true)[m]);  // peaceful or spawn_monsters off
  EXPECT_FALSE(allowed(true, true)[static_cast<size_t>(MobCategory::kMisc)]);
  counts[m] = 69;
  EXPECT_TRUE(allowed(true, false)[m]);
  counts[m] = 70;
  EXPECT_FALSE(allowed(true, false)[m]);
}

// --- Mob.checkDespawn (§7) ---

struct RefDespawn {
  bool discard;
  bool reset;
};
// Reference restated from the rule: peaceful removes hostiles; persistent mobs reset their idle
// time; beyond 128 blocks a removable mob goes; idle over 600 ticks, a 1-in-800 draw removes one
// beyond 32 blocks; within 32 blocks the idle time resets.
RefDespawn reference_despawn(const spawning::DespawnInput& in, Rng& rng) {
  if (in.hostile && in.difficulty == Difficulty::kPeaceful) return {true, false};
  if (in.persistent) return {false, true};
  if (!in.has_player) return {false, false};
  const double d = in.distance_sqr;
  const double far = in.category == MobCategory::kWaterAmbient ? 64.0 * 64.0 : 128.0 * 128.0;
  bool discard = d > far && in.remove_when_far_away;
  bool reset = false;
  bool random_hit = false;
  if (in.no_action_time > 600) random_hit = rng.next_below(800) == 0;
  if (random_hit && d > 32.0 * 32.0 && in.remove_when_far_away) discard = true;
  else if (d < 32.0 * 32.0) reset = true;
  return {discard, reset};
}

RC_GTEST_PROP(SpawningDespawn, MatchesTheReference, ()) {
  spawning::DespawnInput in;
  in.category = *rc::gen::element(MobCategory::kMonster, MobCategory::kCreature, MobCategory::kWaterAmbient);
  in.hostile = *rc::gen::arbitrary<bool>();
  in.remove_when_far_away = *rc::gen::arbitrary<bool>();
  in.persistent = *rc::gen::arbitrary<bool>();
  in.has_player = *rc::gen::arbitrary<bool>();
  const int blocks = *rc::gen::inRange(0, 200);
  in.distance_sqr = static_cast<double>(blocks) * blocks + *rc::gen::element(-0.5, 0.0, 0.5);
  in.no_action_time = *rc::gen::inRange(590, 610);
  in.difficulty = *rc::gen::element(Difficulty::kPeaceful, Difficulty::kEasy, Difficulty::kHard);
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  Rng a(seed), b(seed);
  const spawning::DespawnOutcome got = spawning::check_despawn(in, a);
  const RefDespawn want = reference_despawn(in, b);
  RC_ASSERT(got.discard == want.discard);
  RC_ASSERT(got.reset_no_action_time == want.reset);
  RC_ASSERT(a.state_hash() == b.state_hash());  // the same draws
}

TEST(SpawningDespawn, DistancesAndTheIdleDraw) {
  Rng rng(1);
  spawning::DespawnInput zombie;
  zombie.hostile = true;
  zombie.has_player = true;
  zombie.distance_sqr = 128.0 * 128.0 + 0.01;
  EXPECT_TRUE(spawning::check_despawn(zombie, rng).discard);
  zombie.distance_sqr = 128.0 * 128.0;
  EXPECT_FALSE(spawning::check_despawn(zombie, rng).discard);  // idle time 0: no draw
  zombie.distance_sqr = 31.0 * 31.0;
  EXPECT_TRUE(spawning::check_despawn(zombie, rng).reset_no_action_time);
  // Idle and 40 blocks away: about one in 800 checks removes it.
  zombie.distance_sqr = 40.0 * 40.0;
  zombie.no_action_time = 601;
  int removed = 0;
  for (int i = 0; i < 80000; ++i) removed += spawning::check_despawn(zombie, rng).discard ? 1 : 0;
  EXPECT_GT(removed, 60);
  EXPECT_LT(removed, 140);
  spawning::DespawnInput cow = zombie;
  cow.hostile = false;
  cow.remove_when_far_away = false;
  cow.category = MobCategory::kCreature;
  cow.distance_sqr = 500.0 * 500.0;
  for (int i = 0; i < 2000; ++i) EXPECT_FALSE(spawning::check_despawn(cow, rng).discard);
}

// --- spawn-position acceptance (§4, §5) against a reference model ---

// A few blocks of each kind the rule tells apart, by name.
const std::vector<std::string>& palette() {
  static const std::vector<std::string> names = {"air",   "stone", "grass_block", "glass", "water",       "oak_leaves",
                                                 "rail",  "oak_slab", "short_grass", "torch", "glowstone", "barrier"};
  return names;
}

// The reference's block classes, restated by name from §4.
bool ref_floor(const std::string& n) { return n == "stone" || n == "grass_block"; }
bool ref_empty(const std::string& n) { return n == "air" || n == "short_grass" || n == "torch"; }

struct SpawnSpotWorld final : spawning::SpawnView {
  std::map<std::tuple<int, int, int>, std::string> blocks;
  std::map<std::tuple<int, int, int>, std::pair<int, int>> light;  // sky, block
  std::string name(const BlockPos& p) const {
    auto it = blocks.find({p.x, p.y, p.z});
    return it == blocks.end() ? "air" : it->second;
  }
  BlockStateId block(const BlockPos& p) const override { return default_state_of(name(p)); }
  int sky_light(const BlockPos& p) const override {
    auto it = light.find({p.x, p.y, p.z});
    return it == light.end() ? 15 : it->second.first;
  }
  int block_light(const BlockPos& p) const override {
    auto it = light.find({p.x, p.y, p.z});
    return it == light.end() ? 0 : it->second.second;
  }
};

bool reference_accepts(const SpawnSpotWorld& w, bool monster, const BlockPos& p, int darken, bool thunder,
                       Difficulty difficulty, double dist_sqr, Rng& rng) {
  if (monster && dist_sqr > 128.0 * 128.0) return false;
  const BlockPos below{p.x, p.y - 1, p.z}, above{p.x, p.y + 1, p.z};
  if (!ref_floor(w.name(below)) || !ref_empty(w.name(p)) || !ref_empty(w.name(above))) return false;
  const int sky = w.sky_light(p), block = w.block_light(p);
  if (!monster) return w.name(below) == "grass_block" && std::max(sky, block) > 8;
  if (difficulty == Difficulty::kPeaceful) return false;
  if (sky > static_cast<int>(rng.next_below(32))) return false;
  if (block > 0) return false;
  const int d = thunder ? 10 : darken;
  return std::max(sky - d, block) <= static_cast<int>(rng.next_below(8));
}

RC_GTEST_PROP(SpawningPosition, AcceptanceMatchesTheReferenceOnRandomSmallWorlds, ()) {
  SpawnSpotWorld w;
  const auto& names = palette();
  for (int x = 0; x < 2; ++x)
    for (int y = 0; y < 4; ++y)
      for (int z = 0; z < 2; ++z) {
        w.blocks[{x, y, z}] = names[*rc::gen::inRange<size_t>(0, names.size())];
        w.light[{x, y, z}] = {*rc::gen::inRange(0, 16), *rc::gen::element(0, 0, 0, 1, 7, 15)};
      }
  const BlockPos p{*rc::gen::inRange(0, 2), *rc::gen::inRange(1, 3), *rc::gen::inRange(0, 2)};
  const bool monster = *rc::gen::arbitrary<bool>();
  const MobKind& kind = monster ? mob_kind(MobType::kZombie)
                                : mob_kind(*rc::gen::element(MobType::kCow, MobType::kPig, MobType::kSheep, MobType::kChicken));
  spawning::SpawnLevel level;
  level.sky_darken = *rc::gen::inRange(0, 12);
  level.thundering = *rc::gen::arbitrary<bool>();
  level.difficulty = *rc::gen::element(Difficulty::kPeaceful, Difficulty::kEasy, Difficulty::kNormal);
  const double dist = *rc::gen::element(25.0 * 25.0, 100.0 * 100.0, 128.0 * 128.0, 129.0 * 129.0);
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  Rng a(seed), b(seed);
  const bool got = spawning::spawn_position_ok(kind, w, p, level, dist, a);
  const bool want = reference_accepts(w, monster, p, level.sky_darken, level.thundering, level.difficulty, dist, b);
  RC_ASSERT(got == want);
  RC_ASSERT(a.state_hash() == b.state_hash());
}

TEST(SpawningPosition, PlayerAndSpawnPointDistance) {
  const BlockPos spawn{0, 64, 0};
  EXPECT_FALSE(spawning::right_distance(24.0 * 24.0, spawn, {100, 64, 100}));
  EXPECT_TRUE(spawning::right_distance(24.0 * 24.0 + 0.1, spawn, {100, 64, 100}));
  // (x + 0.5, y, z + 0.5) against the spawn block's centre (0.5, 64.5, 0.5).
  EXPECT_FALSE(spawning::right_distance(1e6, spawn, {23, 64, 0}));
  EXPECT_TRUE(spawning::right_distance(1e6, spawn, {24, 64, 0}));
}

TEST(SpawningLists, HorizonKindsInTheBiomeLists) {
  auto weight_of = [](BiomeKind b, MobCategory c, std::string_view name) {
    for (const auto& e : spawning::spawn_list(b, c))
      if (e.name == name) return e.weight;
    return 0;
  };
  // BiomeDefaultFeatures: plains and snowy plains have zombie horses (commonSpawnWithZombieHorse,
  // snowySpawns(true)), oceans commonSpawns and then drowned 5.
  EXPECT_EQ(weight_of(BiomeKind::kPlains, MobCategory::kMonster, "zombie"), 90);
  EXPECT_EQ(weight_of(BiomeKind::kPlains, MobCategory::kMonster, "zombie_horse"), 5);
  EXPECT_EQ(weight_of(BiomeKind::kSnowyPlains, MobCategory::kMonster, "zombie"), 90);
  EXPECT_EQ(weight_of(BiomeKind::kSnowyPlains, MobCategory::kMonster, "zombie_horse"), 5);
  EXPECT_EQ(weight_of(BiomeKind::kForest, MobCategory::kMonster, "zombie"), 95);
  EXPECT_EQ(weight_of(BiomeKind::kForest, MobCategory::kMonster, "zombie_horse"), 0);
  EXPECT_EQ(weight_of(BiomeKind::kDesert, MobCategory::kMonster, "zombie"), 19);
  EXPECT_EQ(weight_of(BiomeKind::kOcean, MobCategory::kMonster, "zombie"), 95);
  EXPECT_EQ(weight_of(BiomeKind::kOcean, MobCategory::kMonster, "drowned"), 5);
  EXPECT_EQ(weight_of(BiomeKind::kFrozenOcean, MobCategory::kCreature, "polar_bear"), 1);
  EXPECT_EQ(weight_of(BiomeKind::kPlains, MobCategory::kCreature, "cow"), 8);
  EXPECT_EQ(weight_of(BiomeKind::kForest, MobCategory::kCreature, "sheep"), 12);
  EXPECT_EQ(weight_of(BiomeKind::kDesert, MobCategory::kCreature, "cow"), 0);
  for (const auto& e : spawning::spawn_list(BiomeKind::kPlains, MobCategory::kMonster))
    EXPECT_EQ(e.kind != nullptr, e.name == "zombie" || e.name == "creeper" || e.name == "skeleton" || e.name == "spider") << e.name;
  EXPECT_EQ(weight_of(BiomeKind::kPlains, MobCategory::kMonster, "creeper"), 100);
}

// --- the spawner on a fake world of ticking chunks ---

using FakeConnections = testing::FakePlayerConnections;
class NoDamage final : public PlayerDamage {
 public:
  bool hurt(ConnId, DamageCause, float) override { return false; }
  bool hurt_by_mob(ConnId, float, const MobAttacker&, DamageCause) override { return false; }
};
// Chunks -r..r around the origin, each a one-block floor at y = 64 under open sky.
class FlatChunks final : public TickingChunks {
 public:
  FlatChunks(int r, std::string_view floor) {
    const BlockStateId state = default_state_of(floor);
    for (int x = -r; x <= r; ++x)
      for (int z = -r; z <= r; ++z) {
        auto column = std::make_unique<ChunkColumn>(ChunkPos{x, z}, plains_biome_id());
        for (int i = 0; i < 16; ++i)
          for (int k = 0; k < 16; ++k) column->set_block(i, 64, k, state);
        list_.push_back({x, z});
        columns_.emplace(std::make_pair(x, z), std::move(column));
      }
  }
  bool is_ticking(ChunkPos pos) const override { return columns_.contains({pos.x, pos.z}); }
  const std::vector<ChunkPos>& ticking_chunks() const override { return list_; }
  const ChunkColumn* column(ChunkPos pos) const override {
    auto it = columns_.find({pos.x, pos.z});
    return it == columns_.end() ? nullptr : it->second.get();
  }
  uint8_t sky_light_at(const BlockPos& pos) const override { return pos.y > 64 ? 15 : 0; }
  uint8_t block_light_at(const BlockPos&) const override { return 0; }

 private:
  std::vector<ChunkPos> list_;
  std::map<std::pair<int, int>, std::unique_ptr<ChunkColumn>> columns_;
};

struct SpawnerFixture {
  FlatChunks chunks;
  EntityIds ids;
  Rng random{5};
  FakeConnections players;
  testing::NoTracking tracking;
  NoDamage damage;
  testing::NoDrops drops;
  GameRules rules;
  testing::SettableTime time;
  Mobs mobs{ids, random, players, tracking, damage, drops, rules, time};
  NaturalSpawning spawner;
  int darken = 11;

  SpawnerFixture(int r, std::string_view floor, Difficulty difficulty)
      : chunks(r, floor), spawner(chunks, mobs, players, rules, random, difficulty) {
    players.add(1, Vec3{8.5, 65.0, 8.5});
    spawner.set_spawn_point([] { return BlockPos{8, 65, 8}; });
    spawner.set_level([this] { return spawning::SpawnLevel{darken, false}; });
    mobs.set_difficulty(difficulty);
  }
  void tick() {
    spawner.tick(time.time, true);
    ++time.time;
  }
  int count(MobType type) const {
    int n = 0;
    for (int32_t id : mobs.ids()) n += mobs.find(id)->mob_kind().type == type ? 1 : 0;
    return n;
  }
  // Every mob stands on the floor, at a block centre, more than 24 blocks from the player.
  void expect_well_placed() const {
    for (int32_t id : mobs.ids()) {
      const Mob& m = *mobs.find(id);
      EXPECT_EQ(m.position.y, 65.0);
      EXPECT_EQ(m.position.x - std::floor(m.position.x), 0.5);
      const double dx = m.position.x - 8.5, dz = m.position.z - 8.5;
      EXPECT_GT(dx * dx + dz * dz, 24.0 * 24.0);
    }
  }
};

TEST(NaturalSpawningSystem, ZombiesAppearAtNightOnDarkGroundUpToTheCap) {
  SpawnerFixture f(8, "stone", Difficulty::kNormal);  // 17 x 17 chunks: the monster cap is 70
  int ticks = 0;
  while (f.count(MobType::kZombie) == 0 && ticks < 3000) f.tick(), ++ticks;
  EXPECT_GT(f.count(MobType::kZombie), 0);
  for (int i = 0; i < 400; ++i) f.tick();
  EXPECT_LE(static_cast<int>(f.mobs.size()), 70 + 3);  // a tick's last pack may pass the cap by 3
  EXPECT_EQ(f.count(MobType::kCow) + f.count(MobType::kPig), 0);  // stone is no place for animals
  f.expect_well_placed();
}

// The cap counts the chunks within 8 of the player (289), not the ticking ones: 21 x 21 ticking
// chunks (simulation distance 10) would make it 106.
TEST(NaturalSpawningSystem, TheCapDoesNotGrowWithTheSimulationDistance) {
  SpawnerFixture f(10, "stone", Difficulty::kNormal);
  for (int i = 0; i < 3000; ++i) f.tick();
  EXPECT_GE(static_cast<int>(f.mobs.size()), 60);
  EXPECT_LE(static_cast<int>(f.mobs.size()), 70 + 3);
}

// tickSpawningChunk (thunder first) visits the ticking chunks whose centre is within 128 blocks of
// a player, horizontally, every tick and in shuffled order, even when nothing may spawn.
TEST(NaturalSpawningSystem, EverySpawningChunkIsVisitedEvenWithSpawningOff) {
  SpawnerFixture f(10, "stone", Difficulty::kNormal);
  f.rules.set(*f.rules.find("spawn_mobs"), 0);
  std::vector<ChunkPos> visited;
  f.spawner.set_chunk_hook([&](ChunkPos pos) { visited.push_back(pos); });
  f.tick();
  std::vector<ChunkPos> near;
  for (ChunkPos pos : f.chunks.ticking_chunks()) {
    const double dx = pos.x * 16 + 8 - 8.5, dz = pos.z * 16 + 8 - 8.5;
    if (dx * dx + dz * dz < 128.0 * 128.0) near.push_back(pos);
  }
  std::vector<ChunkPos> sorted = visited;
  std::sort(sorted.begin(), sorted.end());
  std::sort(near.begin(), near.end());
  EXPECT_EQ(sorted, near);
  EXPECT_LT(near.size(), f.chunks.ticking_chunks().size());
  EXPECT_FALSE(std::is_sorted(visited.begin(), visited.end()));  // shuffled
  EXPECT_EQ(f.mobs.size(), 0u);
}

TEST(NaturalSpawningSystem, NoneInPeacefulOrByDayOrWithTheRuleOff) {
  SpawnerFixture peaceful(8, "stone", Difficulty::kPeaceful);
  for (int i = 0; i < 600; ++i) peaceful.tick();
  EXPECT_EQ(peaceful.mobs.size(), 0u);
  SpawnerFixture day(8, "stone", Difficulty::kNormal);
  day.darken = 0;
  for (int i = 0; i < 600; ++i) day.tick();
  EXPECT_EQ(day.mobs.size(), 0u);  // sky light 15 never passes the 0..7 test
  SpawnerFixture off(8, "stone", Difficulty::kNormal);
  off.rules.set(*off.rules.find("spawn_mobs"), 0);
  for (int i = 0; i < 600; ++i) off.tick();
  EXPECT_EQ(off.mobs.size(), 0u);
}

TEST(NaturalSpawningSystem, AnimalsAppearOnGrassOnlyOnCreatureTicks) {
  SpawnerFixture f(8, "grass_block", Difficulty::kNormal);
  f.darken = 0;
  f.time.time = 1;
  for (int i = 0; i < 399; ++i) f.tick();  // game times 1..399: no creature tick
  EXPECT_EQ(f.mobs.size(), 0u);
  int creature_ticks = 0;
  while (f.mobs.size() == 0 && creature_ticks < 400) {
    f.tick();  // a multiple of 400
    ++creature_ticks;
    f.time.time += 399;
  }
  ASSERT_GT(f.mobs.size(), 0u);
  for (int32_t id : f.mobs.ids()) EXPECT_FALSE(f.mobs.find(id)->mob_kind().hostile);
  f.expect_well_placed();
}

// --- despawning in the mob system ---

struct DespawnFixture {
  testing::FakeWorld world;
  EntityIds ids;
  Rng random{3};
  FakeConnections players;
  testing::NoTracking tracking;
  NoDamage damage;
  testing::NoDrops drops;
  GameRules rules;
  testing::SettableTime time;
  Mobs mobs{ids, random, players, tracking, damage, drops, rules, time};
  DespawnFixture() {
    world.ground(64);
    mobs.set_block_source(&world);
    players.add(1, Vec3{0.5, 65.0, 0.5});
  }
};

TEST(MobDespawn, FarZombiesGoAtOnceFarAnimalsAndPersistentZombiesStay) {
  DespawnFixture f;
  const int32_t far = f.mobs.summon(mob_kind(MobType::kZombie), Vec3{140.5, 65.0, 0.5}, 0.0f);
  const int32_t near = f.mobs.summon(mob_kind(MobType::kZombie), Vec3{100.5, 65.0, 0.5}, 0.0f);
  const int32_t cow = f.mobs.summon(mob_kind(MobType::kCow), Vec3{300.5, 65.0, 0.5}, 0.0f);
  SummonOptions keep;
  keep.persistence_required = true;
  const int32_t kept = f.mobs.summon(mob_kind(MobType::kZombie), Vec3{0.5, 65.0, 200.5}, 0.0f, keep);
  f.mobs.tick();
  EXPECT_EQ(f.mobs.find(far), nullptr);
  EXPECT_NE(f.mobs.find(near), nullptr);
  EXPECT_NE(f.mobs.find(cow), nullptr);
  EXPECT_NE(f.mobs.find(kept), nullptr);
}

TEST(MobDespawn, PeacefulRemovesZombiesButNotAnimals) {
  DespawnFixture f;
  f.mobs.set_difficulty(Difficulty::kPeaceful);
  SummonOptions keep;
  keep.persistence_required = true;
  f.mobs.summon(mob_kind(MobType::kZombie), Vec3{3.5, 65.0, 0.5}, 0.0f, keep);
  const int32_t cow = f.mobs.summon(mob_kind(MobType::kCow), Vec3{5.5, 65.0, 0.5}, 0.0f);
  f.mobs.tick();
  EXPECT_EQ(f.mobs.ids(), (std::vector<int32_t>{cow}));
}

// --- a night through the core ---

struct NightWorld {
  testing::StreamingServer s;
  testing::TestClient alice;
  explicit NightWorld(Difficulty difficulty)
      : s([&] {
          ServerProperties p = testing::properties_with_view_distance(4);
          p.simulation_distance = 4;
          p.difficulty = difficulty;
          return p;
        }()),
        alice((s.prepare_spawn(), s.join_loaded(1, "Alice", 4))) {
    s.h.core.sessions().player(1)->game_mode = GameMode::kSurvival;
  }
  void ticks(int n) {
    for (int i = 0; i < n; ++i) {
      alice.packet(packet::play_sb::ChunkBatchReceived{64.0f});
      s.pass({alice.take()});
    }
  }
  int zombies() {
    int n = 0;
    Mobs& mobs = s.h.core.mobs();
    for (int32_t id : mobs.ids()) n += mobs.find(id)->mob_kind().type == MobType::kZombie ? 1 : 0;
    return n;
  }
};

TEST(NaturalSpawningCore, ZombiesAppearAroundASurvivalPlayerAtMidnight) {
  NightWorld w(Difficulty::kNormal);
  w.s.pass({ConsoleLine{"time set midnight"}});
  int ticks = 0;
  while (w.zombies() == 0 && ticks < 2000) w.ticks(1), ++ticks;
  EXPECT_GT(w.zombies(), 0) << "after " << ticks << " ticks";
  EXPECT_GT(w.s.h.core.natural_spawning().spawned(), 0u);
}

TEST(NaturalSpawningCore, PeacefulSpawnsNoZombiesAndRemovesSummonedOnes) {
  NightWorld w(Difficulty::kPeaceful);
  w.s.pass({ConsoleLine{"time set midnight"}});
  const Vec3 at = w.s.h.core.sessions().player(1)->position;
  w.s.pass({ConsoleLine{"summon zombie " + std::to_string(at.x + 3) + " " + std::to_string(at.y) + " " +
                        std::to_string(at.z) + " {PersistenceRequired:1b}"}});
  w.ticks(2);
  EXPECT_EQ(w.zombies(), 0);
  w.ticks(600);
  EXPECT_EQ(w.zombies(), 0);
}

}  // namespace
}  // namespace hz
