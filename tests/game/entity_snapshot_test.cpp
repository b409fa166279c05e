// Snapshots of the entity systems and the scheduled ticks (docs/simulation.md "Snapshots"): a
// system read back from a snapshot hashes as the original and then goes on exactly as it does,
// tick by tick; bytes that do not fit (an entity under another id) are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sim/game/entities/experience_orbs.h"
#include "sim/game/entities/falling_blocks.h"
#include "sim/game/entities/item_entities.h"
#include "sim/game/entities/lightning_bolts.h"
#include "sim/game/entities/lightning_bolt.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/snapshot/state_io.h"
#include "sim/game/tracking/entity_tracker.h"
#include "sim/game/ticks/level_ticks.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/fake_player_connections.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/names.h"
#include "tests/game/snapshot_bytes.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

// Writes `from` and reads the bytes into `into`; false when the read fails.
template <class... T, class... U>
bool copy_state(std::tuple<T&...> from, std::tuple<U&...> into) {
  const Bytes bytes = std::apply([](auto&... parts) { return testing::state_bytes(parts...); }, from);
  return std::apply([&bytes](auto&... parts) { return testing::read_into(bytes, parts...); }, into);
}

struct SnapshotItemWorld {
  testing::FakeWorld world;
  EntityIds ids;
  Rng random{7};
  testing::FakePlayerConnections connections;
  testing::RecordingTracking tracking;
  GameRules rules;
  ItemEntities items{ids, random, connections, tracking, rules};

  SnapshotItemWorld() {
    world.ground(63);  // stone whose top is y = 64
    items.set_block_source(&world);
  }
  auto state() { return std::tie(ids, random, items); }
};

TEST(EntitySnapshot, ItemsComeBackAndFallSlideAndMergeAlike) {
  SnapshotItemWorld a;
  // Items in the air and on the ground, moving and at rest, some close enough to merge later.
  for (int i = 0; i < 12; ++i) {
    const double x = 0.5 + (i % 4) * 0.4, z = 0.5 + (i / 4) * 0.3;
    a.items.spawn(ItemStack{*item_id(i % 2 ? "stone" : "dirt"), 1 + i},
                  item_spawns::Spawn{{x, 64.0 + i * 0.7, z}, {0.05 * (i % 3), 0.1, -0.03 * (i % 2)}, i % 3});
  }
  for (int i = 0; i < 5; ++i) a.items.tick();
  SnapshotItemWorld b;
  ASSERT_NE(b.items.hash(), a.items.hash());
  ASSERT_TRUE(copy_state(a.state(), b.state()));
  ASSERT_EQ(b.items.hash(), a.items.hash());
  for (int i = 0; i < 300; ++i) {
    a.items.tick(), b.items.tick();
    ASSERT_EQ(b.items.hash(), a.items.hash()) << "tick " << i;
  }
  EXPECT_LT(a.items.size(), 12u) << "some merged after the snapshot, through the restored grid";
  EXPECT_EQ(b.items.ids(), a.items.ids());
}

struct SnapshotOrbWorld {
  testing::FakeWorld world;
  EntityIds ids;
  Rng random{11};
  testing::FakePlayerConnections connections;
  testing::RecordingTracking tracking;
  ExperienceOrbs orbs{ids, random, connections, tracking};

  SnapshotOrbWorld() {
    world.ground(63);
    orbs.set_block_source(&world);
  }
  auto state() { return std::tie(ids, random, orbs); }
};

TEST(EntitySnapshot, OrbsComeBackAndGoOnAlike) {
  SnapshotOrbWorld a;
  for (int i = 0; i < 10; ++i) a.orbs.spawn({0.5 + i * 0.2, 64.0 + i, 0.5}, 1 + i);
  for (int i = 0; i < 3; ++i) a.orbs.tick();
  SnapshotOrbWorld b;
  ASSERT_TRUE(copy_state(a.state(), b.state()));
  ASSERT_EQ(b.orbs.hash(), a.orbs.hash());
  for (int i = 0; i < 200; ++i) {
    a.orbs.tick(), b.orbs.tick();
    ASSERT_EQ(b.orbs.hash(), a.orbs.hash()) << "tick " << i;
  }
}

TEST(EntitySnapshot, AnEntityFiledUnderAnotherIdIsRefused) {
  std::map<int32_t, std::unique_ptr<LightningBolt>> bolts;
  bolts[5] = std::make_unique<LightningBolt>(6, Uuid{1, 2}, 0, false);
  StateWriter writer;
  writer(bolts);
  const Bytes bytes = writer.take();
  std::map<int32_t, std::unique_ptr<LightningBolt>> read;
  StateReader reader(bytes);
  entity_map_fields(reader, read);
  EXPECT_FALSE(reader.ok());

  bolts[5] = std::make_unique<LightningBolt>(5, Uuid{1, 2}, 3, true);
  StateWriter good;
  good(bolts);
  const Bytes good_bytes = good.take();
  StateReader again(good_bytes);
  entity_map_fields(again, read);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(read.at(5)->uuid(), (Uuid{1, 2}));
  EXPECT_EQ(read.at(5)->flashes, 3);
  EXPECT_TRUE(read.at(5)->visual_only);
}

TEST(EntitySnapshot, ScheduledTicksRunInTheSameOrderAfterARestore) {
  LevelTicks a;
  for (int cx = 0; cx < 3; ++cx) a.add_chunk({cx, 0}, {}, 0);
  int64_t sub_tick = 0;
  for (int i = 0; i < 60; ++i) {
    const BlockPos pos{(i * 7) % 48, 60 + i % 5, i % 16};
    a.schedule(ScheduledTick{static_cast<uint32_t>(i % 4), pos, 1 + (i * 13) % 9, (i % 3) - 1, sub_tick++});
  }
  LevelTicks b;
  ASSERT_TRUE(copy_state(std::tie(a), std::tie(b)));
  ASSERT_EQ(b.hash(), a.hash());
  ASSERT_EQ(b.count(), a.count());
  // The positions' index came back: the same tick cannot be scheduled twice.
  const ScheduledTick again{0, BlockPos{0, 60, 0}, 5, 0, sub_tick};
  EXPECT_EQ(b.schedule(again), a.schedule(again));
  EXPECT_FALSE(b.has_scheduled({1, 2, 3}, 0));
  EXPECT_EQ(b.has_scheduled({7, 61, 1}, 1), a.has_scheduled({7, 61, 1}, 1));
  auto drain = [](LevelTicks& ticks) {
    std::vector<std::pair<int32_t, uint32_t>> order;
    for (int64_t now = 0; now < 12; ++now)
      ticks.tick(now, 7, [](ChunkPos) { return true; },
                 [&order](const BlockPos& pos, uint32_t type) { order.emplace_back(pos.x * 1000 + pos.y, type); });
    return order;
  };
  const auto ran = drain(a);
  EXPECT_EQ(ran.size(), 60u);
  EXPECT_EQ(drain(b), ran);
}

TEST(EntitySnapshot, TwoTicksOfOneTypeAtOnePositionAreRefused) {
  // The queue never holds two ticks of one type at one position: bytes that say so are damaged.
  LevelTicks two;
  two.add_chunk({0, 0}, {}, 0);
  two.schedule(ScheduledTick{1, BlockPos{1, 60, 1}, 5, 0, 0});
  two.schedule(ScheduledTick{1, BlockPos{2, 60, 1}, 6, 0, 1});
  StateWriter writer;
  writer(two);
  const Bytes bytes = writer.take();
  // The second tick's type, x, y and z are the VarLongs 1, 2, 60, 1; move it onto the first.
  const uint8_t second[] = {1, 2, 60, 1};
  Bytes damaged = bytes;
  auto at = std::search(damaged.begin(), damaged.end(), std::begin(second), std::end(second));
  ASSERT_NE(at, damaged.end());
  at[1] = 1;
  LevelTicks read;
  StateReader reader(damaged);
  reader(read);
  EXPECT_FALSE(reader.ok());
  StateReader fine(bytes);
  fine(read);
  EXPECT_TRUE(fine.ok());
  EXPECT_EQ(read.hash(), two.hash());
}

// --- through the core: the declared parts of a core with entities of every kind in flight ---

std::map<std::string, uint64_t> part_hashes_of(const Core& core) {
  std::map<std::string, uint64_t> out;
  for (const Core::StatePart& part : core.state_parts())
    out.emplace(part.name, part.hash);
  return out;
}

TEST(EntitySnapshot, ACoreWithEntitiesInFlightComesBackPartByPart) {
  testing::StreamingServer a{2};
  a.prepare_spawn();
  a.pass({ConsoleLine{"gamerule spawn_mobs false"}});  // the three summoned are the only new mobs
  a.join(1, "Alice", 2);
  for (int i = 0; i < 60; ++i) a.pass();
  const Vec3 spawn = a.world().spawn_point();
  const int x = static_cast<int>(spawn.x), y = static_cast<int>(spawn.y), z = static_cast<int>(spawn.z);
  a.pass({ConsoleLine{"setblock " + std::to_string(x + 2) + " " + std::to_string(y + 12) + " " + std::to_string(z) + " sand"}});
  a.h.core.items().spawn(ItemStack{*item_id("dirt"), 3}, item_spawns::Spawn{{spawn.x, spawn.y + 4, spawn.z}, {0.1, 0.2, 0}, 10});
  a.h.core.experience_orbs().spawn({spawn.x + 1, spawn.y + 3, spawn.z}, 7);
  const int mobs_before = static_cast<int>(a.h.core.mobs().size());
  for (const char* kind : {"zombie", "skeleton", "creeper"})
    a.pass({ConsoleLine{std::string("summon ") + kind + " " + std::to_string(x + 4) + " " + std::to_string(y + 1) + " " + std::to_string(z + 4)}});
  for (int i = 0; i < 4; ++i) a.pass();
  // A bolt lives at least three ticks (two of life, then a flash), however its draws fall.
  a.h.core.lightning().strike({spawn.x + 8, spawn.y, spawn.z + 8}, true);
  a.pass();
  ASSERT_EQ(a.h.core.falling_blocks().size(), 1u);
  ASSERT_GE(a.h.core.items().size(), 1u);
  ASSERT_GE(a.h.core.experience_orbs().size(), 1u);
  ASSERT_EQ(a.h.core.lightning().size(), 1u);
  ASSERT_EQ(static_cast<int>(a.h.core.mobs().size()), mobs_before + 3);

  testing::StreamingServer b{2};
  const auto wanted = part_hashes_of(a.h.core);
  for (const char* part : {"items", "orbs", "falling", "lightning", "scheduled_ticks", "saved_entities", "mobs",
                           "tracker", "sessions", "movement"}) {
    ASSERT_TRUE(wanted.contains(part)) << part << " is declared";
    EXPECT_NE(part_hashes_of(b.h.core).at(part), wanted.at(part)) << part;
  }
  const Bytes snapshot = a.h.core.write_snapshot_parts();
  ASSERT_TRUE(b.h.core.read_snapshot_parts(snapshot));
  EXPECT_EQ(part_hashes_of(b.h.core), wanted);
  EXPECT_EQ(b.h.core.write_snapshot_parts(), snapshot);
  EXPECT_EQ(b.h.core.falling_blocks().ids(), a.h.core.falling_blocks().ids());
  EXPECT_EQ(b.h.core.lightning().ids(), a.h.core.lightning().ids());
  EXPECT_EQ(b.h.core.mobs().size(), a.h.core.mobs().size());
  // Alice's viewers and what she sees came back with the tracker, pointing at the restored ones.
  EXPECT_EQ(b.h.core.tracking().seen_by(1), a.h.core.tracking().seen_by(1));
  EXPECT_FALSE(a.h.core.tracking().seen_by(1).empty());
}

}  // namespace
}  // namespace hz
