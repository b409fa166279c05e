// Scheduled ticks and block updates (docs/rules/block-ticks-and-updates.md): the tick queue's run
// order against a reference model written here from vanilla's rules (a flat list searched the
// slow way), block_ticks/fluid_ticks in chunk NBT and through a chunk file, and scenarios through
// the core: torches, doors, flowers and rails losing their support, a fence letting go of a removed
// neighbour, sand falling and landing (also after a restart), gravel breaking on a torch, water
// set by command spreading, and a flow saved mid-way resuming after a restart.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "sim/game/blocks/tilling.h"
#include "sim/data/catalog.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/directions.h"
#include "sim/game/blocks/neighbor_updater.h"
#include "sim/game/core.h"
#include "sim/game/entities/falling_blocks.h"
#include "sim/game/entities/item_entities.h"
#include "sim/game/ticks/level_ticks.h"
#include "sim/game/ticks/saved_ticks_nbt.h"
#include "sim/game/ticks/scheduled_ticks.h"
#include "sim/game/tick_rate.h"
#include "sim/world/anvil/chunk_nbt.h"
#include "sim/world/biomes.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/names.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::name_of;
using testing::RecordingLog;

using testing::packet_id_of;
using testing::StreamingServer;
using testing::TestClient;

// --- the queue against a reference model ---

// Vanilla's rules, the slow way: every waiting tick in one list. Per level tick, repeatedly take,
// among the chunks that tick, each chunk's earliest tick (time, then priority, then request
// order); of those that are due, the one with the lowest (priority, request order) runs next.
struct ModelTick {
  uint32_t type;
  BlockPos pos;
  int64_t trigger;
  int32_t priority;
  int64_t sub;
};

struct QueueModel {
  std::vector<ModelTick> ticks;
  std::vector<ChunkPos> loaded;

  static ChunkPos chunk(const BlockPos& p) { return {p.x >> 4, p.z >> 4}; }
  bool schedule(const ModelTick& t) {
    if (std::find(loaded.begin(), loaded.end(), chunk(t.pos)) == loaded.end()) return false;
    for (const ModelTick& o : ticks)
      if (o.pos == t.pos && o.type == t.type) return false;
    ticks.push_back(t);
    return true;
  }
  std::vector<std::pair<BlockPos, uint32_t>> tick(int64_t now, int max, const std::vector<ChunkPos>& ticking) {
    std::vector<std::pair<BlockPos, uint32_t>> out;
    while (static_cast<int>(out.size()) < max) {
      std::optional<size_t> best;
      for (ChunkPos c : ticking) {
        std::optional<size_t> first;
        for (size_t i = 0; i < ticks.size(); ++i) {
          if (chunk(ticks[i].pos) != c) continue;
          const ModelTick& t = ticks[i];
          if (!first || std::tie(t.trigger, t.priority, t.sub) <
                            std::tie(ticks[*first].trigger, ticks[*first].priority, ticks[*first].sub))
            first = i;
        }
        if (!first || ticks[*first].trigger > now) continue;
        const ModelTick& f = ticks[*first];
        if (!best || std::tie(f.priority, f.sub) < std::tie(ticks[*best].priority, ticks[*best].sub)) best = first;
      }
      if (!best) break;
      out.emplace_back(ticks[*best].pos, ticks[*best].type);
      ticks.erase(ticks.begin() + static_cast<std::ptrdiff_t>(*best));
    }
    return out;
  }
};

RC_GTEST_PROP(LevelTicks, RunOrderMatchesTheReferenceModel, ()) {
  const std::vector<ChunkPos> chunks{{0, 0}, {1, 0}, {0, -1}};
  LevelTicks queue;
  QueueModel model;
  for (ChunkPos c : chunks) {
    queue.add_chunk(c, {}, 0);
    model.loaded.push_back(c);
  }
  int64_t now = 0, sub = 0;
  const int steps = *rc::gen::inRange(1, 60);
  for (int step = 0; step < steps; ++step) {
    const int schedules = *rc::gen::inRange(0, 8);
    for (int i = 0; i < schedules; ++i) {
      // Positions in three loaded chunks and one that is not loaded ({2, 2}).
      const int cx = *rc::gen::element(0, 1, 0, 2), cz = cx == 2 ? 2 : (*rc::gen::inRange(0, 2) == 0 ? 0 : -1);
      const BlockPos pos{cx * 16 + *rc::gen::inRange(0, 2), *rc::gen::inRange(0, 2), cz * 16 + *rc::gen::inRange(0, 2)};
      const uint32_t type = static_cast<uint32_t>(*rc::gen::inRange(1, 3));
      const int64_t trigger = now + *rc::gen::inRange(0, 6);
      const int32_t priority = *rc::gen::inRange(-3, 4);
      const bool took = queue.schedule(ScheduledTick{type, pos, trigger, priority, sub});
      RC_ASSERT(took == model.schedule(ModelTick{type, pos, trigger, priority, sub}));
      if (took) RC_ASSERT(queue.has_scheduled(pos, type));
      ++sub;
    }
    ++now;
    const int max = *rc::gen::inRange(1, 10);
    std::vector<ChunkPos> ticking;
    for (ChunkPos c : chunks)
      if (*rc::gen::inRange(0, 4) != 0) ticking.push_back(c);
    std::vector<std::pair<BlockPos, uint32_t>> ran;
    queue.tick(
        now, max, [&](ChunkPos c) { return std::find(ticking.begin(), ticking.end(), c) != ticking.end(); },
        [&](const BlockPos& pos, uint32_t type) { ran.emplace_back(pos, type); });
    const auto expected = model.tick(now, max, ticking);
    RC_ASSERT(ran.size() == expected.size());
    for (size_t i = 0; i < ran.size(); ++i) RC_ASSERT(ran[i].first == expected[i].first && ran[i].second == expected[i].second);
    RC_ASSERT(queue.count() == model.ticks.size());
  }
}

TEST(LevelTicks, OneTickPerPositionAndTypeAndNoneInUnloadedChunks) {
  LevelTicks queue;
  queue.add_chunk({0, 0}, {}, 0);
  EXPECT_TRUE(queue.schedule(ScheduledTick{7, {1, 2, 3}, 5, 0, 0}));
  EXPECT_FALSE(queue.schedule(ScheduledTick{7, {1, 2, 3}, 1, -3, 1}));  // already waiting
  EXPECT_TRUE(queue.schedule(ScheduledTick{8, {1, 2, 3}, 1, 0, 2}));    // another type
  EXPECT_FALSE(queue.schedule(ScheduledTick{7, {17, 2, 3}, 1, 0, 3}));  // chunk 1,0 not loaded
  EXPECT_EQ(queue.count(), 2u);
}

TEST(LevelTicks, AtMostTheLimitRunsPerTickAndTheRestWaits) {
  LevelTicks queue;
  queue.add_chunk({0, 0}, {}, 0);
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(queue.schedule(ScheduledTick{1, {i, 0, 0}, 1, 0, i}));
  int ran = 0;
  queue.tick(1, 4, [](ChunkPos) { return true; }, [&](const BlockPos&, uint32_t) { ++ran; });
  EXPECT_EQ(ran, 4);
  queue.tick(2, 100, [](ChunkPos) { return true; }, [&](const BlockPos&, uint32_t) { ++ran; });
  EXPECT_EQ(ran, 10);
}

TEST(LevelTicks, RestoredTicksKeepTheirDelaysAndRunBeforeNewOnes) {
  LevelTicks queue;
  queue.add_chunk({0, 0}, {SavedTick{1, {0, 0, 0}, 3, 0}, SavedTick{2, {1, 0, 0}, 3, 0}}, 100);
  queue.schedule(ScheduledTick{3, {2, 0, 0}, 103, 0, 0});
  std::vector<uint32_t> order;
  queue.tick(102, 100, [](ChunkPos) { return true; }, [&](const BlockPos&, uint32_t t) { order.push_back(t); });
  EXPECT_TRUE(order.empty());
  queue.tick(103, 100, [](ChunkPos) { return true; }, [&](const BlockPos&, uint32_t t) { order.push_back(t); });
  EXPECT_EQ(order, (std::vector<uint32_t>{1, 2, 3}));
}

// --- NBT ---

RC_GTEST_PROP(SavedTicksNbt, RoundTripKeepsEveryTick, ()) {
  const ChunkPos chunk{*rc::gen::inRange(-5, 5), *rc::gen::inRange(-5, 5)};
  std::vector<SavedTick> ticks;
  const int n = *rc::gen::inRange(0, 20);
  for (int i = 0; i < n; ++i) {
    SavedTick t;
    t.type = static_cast<uint32_t>(*rc::gen::inRange(0, static_cast<int>(block_count())));
    t.pos = BlockPos{chunk.x * 16 + *rc::gen::inRange(0, 16), *rc::gen::inRange(-64, 320), chunk.z * 16 + *rc::gen::inRange(0, 16)};
    t.delay = *rc::gen::inRange(-1000, 1000);
    t.priority = *rc::gen::inRange(-3, 4);
    ticks.push_back(t);
  }
  const nbt::List list = saved_ticks_to_nbt(ticks, block_tick_names());
  Result<DecodedTicks> back = saved_ticks_from_nbt(nbt::Tag(list), block_tick_names(), chunk);
  RC_ASSERT(back.ok());
  RC_ASSERT(back->skipped == 0);
  RC_ASSERT(back->ticks == ticks);
}

TEST(SavedTicksNbt, VanillasKeysAndNames) {
  const nbt::List list = saved_ticks_to_nbt({SavedTick{*block_by_name("sand"), {1, 70, -2}, 2, -1}}, block_tick_names());
  ASSERT_EQ(list.items.size(), 1u);
  const auto& c = *list.items[0].as<nbt::Compound>();
  EXPECT_EQ(*c.find("i")->as<std::string>(), "minecraft:sand");
  EXPECT_EQ(*c.find("x")->as<int32_t>(), 1);
  EXPECT_EQ(*c.find("y")->as<int32_t>(), 70);
  EXPECT_EQ(*c.find("z")->as<int32_t>(), -2);
  EXPECT_EQ(*c.find("t")->as<int32_t>(), 2);
  EXPECT_EQ(*c.find("p")->as<int32_t>(), -1);
  const nbt::List fluids = saved_ticks_to_nbt({SavedTick{2, {0, 0, 0}, 5, 0}}, fluid_tick_names());
  EXPECT_EQ(*fluids.items[0].as<nbt::Compound>()->find("i")->as<std::string>(), "minecraft:water");
}

TEST(SavedTicksNbt, BadEntriesAreSkippedAndANonListFails) {
  nbt::List list;
  nbt::Compound unknown;
  unknown.put("i", "minecraft:no_such_block").put("x", int32_t{0}).put("y", int32_t{0}).put("z", int32_t{0});
  unknown.put("t", int32_t{1}).put("p", int32_t{0});
  nbt::Compound elsewhere = unknown;
  elsewhere.put("i", "minecraft:stone").put("x", int32_t{40});  // chunk 2,0
  nbt::Compound clamped = unknown;
  clamped.put("i", "minecraft:stone").put("p", int32_t{9});
  list.items = {unknown, elsewhere, clamped};
  Result<DecodedTicks> decoded = saved_ticks_from_nbt(nbt::Tag(list), block_tick_names(), {0, 0});
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(decoded->skipped, 2);
  ASSERT_EQ(decoded->ticks.size(), 1u);
  EXPECT_EQ(decoded->ticks[0].priority, 3);  // TickPriority.byValue: past the end is the last
  EXPECT_FALSE(saved_ticks_from_nbt(nbt::Tag(int32_t{3}), block_tick_names(), {0, 0}).ok());
}

// A fake clock of game time for the tick system.
struct FixedTime final : public GameTime {
  int64_t now = 1000;
  int64_t game_time() const override { return now; }
};
struct NoClock final : public Clock {
  int64_t now_nanos() override { return 0; }
};
struct NoListener final : public TickRateListener {
  void on_ticking_state(float, bool) override {}
  void on_ticking_step(int) override {}
  void on_sprint_report(int, const std::string&) override {}
  void on_tick_rate_changed() override {}
};

TEST(ScheduledTicks, BlockTicksSurviveAChunkFileRoundTrip) {
  FixedTime time;
  RecordingLog log;
  NoClock clock;
  NoListener listener;
  TickRateManager rate(clock, listener);
  ScheduledTicks ticks(time, rate, log);
  const ChunkPos pos{2, -3};
  ticks.on_chunk_ready(pos, nullptr);
  const BlockId sand = *block_by_name("sand"), button = *block_by_name("stone_button");
  ASSERT_TRUE(ticks.schedule_block_tick({33, 70, -45}, sand, 2));
  ASSERT_TRUE(ticks.schedule_block_tick({34, 71, -40}, button, 20, -1));
  ASSERT_TRUE(ticks.schedule_fluid_tick({35, 60, -41}, 2, 5));
  time.now = 1001;  // saved one tick later: the delays shrink by one

  ChunkColumn column(pos, plains_biome_id());
  column.set_status(ChunkStatus::kFull);
  anvil::ChunkExtras extras;
  ticks.on_chunk_saving(pos, extras, time.now);
  const Bytes file = anvil::encode_chunk(column, extras);
  Result<anvil::LoadedChunk> loaded = anvil::decode_chunk(std::span<const uint8_t>(file.data(), file.size()), pos);
  ASSERT_TRUE(loaded.ok()) << loaded.error();

  time.now = 5000;  // restored later: the delays count from the load
  ScheduledTicks restored(time, rate, log);
  restored.on_chunk_ready(pos, &loaded->extras);
  EXPECT_TRUE(log.lines.empty());
  const std::vector<SavedTick> blocks = restored.block_ticks().saved(pos, 5000);
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0], (SavedTick{sand, {33, 70, -45}, 1, 0}));
  EXPECT_EQ(blocks[1], (SavedTick{button, {34, 71, -40}, 19, -1}));
  const std::vector<SavedTick> fluids = restored.fluid_ticks().saved(pos, 5000);
  ASSERT_EQ(fluids.size(), 1u);
  EXPECT_EQ(fluids[0], (SavedTick{2, {35, 60, -41}, 4, 0}));
  EXPECT_TRUE(restored.has_block_tick({33, 70, -45}, sand));
  restored.on_chunk_unloaded(pos);
  EXPECT_FALSE(restored.has_block_tick({33, 70, -45}, sand));
}

// --- the collecting neighbour updater ---

// Records what the updater asks for; a neighbour change at `chain_at` asks for the six neighbours
// of that position in turn (a chain), once.
struct RecordingTarget final : public NeighborUpdater::Target {
  NeighborUpdater* updater = nullptr;
  std::vector<BlockPos> changed;
  std::optional<BlockPos> chain_at;
  bool endless = false;
  void neighbor_changed(const BlockPos& pos, BlockId source) override {
    changed.push_back(pos);
    if (endless || (chain_at && pos == *chain_at)) {
      chain_at.reset();
      updater->update_neighbors_at(pos, source);
    }
  }
  void shape_update(Dir, BlockStateId, const BlockPos& pos, const BlockPos&, int, int) override { changed.push_back(pos); }
};

TEST(NeighborUpdater, ChainedUpdatesRunBeforeTheRestOfTheirParentInVanillasOrder) {
  RecordingTarget target;
  RecordingLog log;
  NeighborUpdater updater(target, log, 1000000);
  target.updater = &updater;
  const BlockPos p{0, 0, 0};
  const BlockPos west{-1, 0, 0};
  target.chain_at = west;
  updater.update_neighbors_at(p, 1);
  // West first; its own six (west, east, down, up, north, south of it) before p's east.
  const std::vector<BlockPos> expected{west,       {-2, 0, 0}, {0, 0, 0}, {-1, -1, 0}, {-1, 1, 0}, {-1, 0, -1},
                                       {-1, 0, 1}, {1, 0, 0},  {0, -1, 0}, {0, 1, 0},  {0, 0, -1}, {0, 0, 1}};
  EXPECT_EQ(target.changed, expected);
  EXPECT_EQ(updater.chained(), 0);
}

TEST(NeighborUpdater, AChainStopsAtTheLimitWithOneErrorLine) {
  RecordingTarget target;
  RecordingLog log;
  NeighborUpdater updater(target, log, 50);
  target.updater = &updater;
  target.endless = true;  // every change asks for six more: without the limit this never ends
  updater.update_neighbors_at({0, 0, 0}, 1);
  // 50 requests are taken; each "six neighbours" request is one of them.
  EXPECT_GT(target.changed.size(), 0u);
  EXPECT_LE(target.changed.size(), 50u * 6u);
  ASSERT_EQ(log.lines.size(), 1u);
  EXPECT_TRUE(log.lines[0].starts_with("Too many chained neighbor updates. Skipping the rest."));
  // The next chain starts counting from zero.
  target.endless = false;
  target.changed.clear();
  updater.update_neighbors_at({5, 5, 5}, 1);
  EXPECT_EQ(target.changed.size(), 6u);
}

// --- falling physics against a reference model ---

// FallingBlockEntity.tick's movement over flat stone whose top is y = 64, written from vanilla's
// rules: velocity.y -= 0.04, move (stopped by the floor), then × 0.98; on landing the block
// is at the floor's top. Returns the tick on which it lands and the heights before it.
struct FallModel {
  int landing_tick = 0;
  std::vector<double> heights;
};
FallModel fall_model(double start_y) {
  FallModel m;
  double y = start_y, vy = 0.0;
  for (int tick = 1; tick <= 600; ++tick) {
    vy -= 0.04;
    if (y + vy <= 64.0) {
      m.landing_tick = tick;
      m.heights.push_back(64.0);
      return m;
    }
    y += vy;
    m.heights.push_back(y);
    vy *= 0.98;
  }
  return m;
}

RC_GTEST_PROP(FallingPhysics, AFallOverFlatGroundMatchesTheReferenceModel, ()) {
  testing::FakeWorld world;
  world.ground(63);
  const int start = 65 + *rc::gen::inRange(0, 60);
  FallingBlock block(1, Uuid{}, default_state_of("sand"), BlockPos{0, start, 0});
  block.position = Vec3{0.5, static_cast<double>(start), 0.5};
  const FallModel model = fall_model(start);
  RC_ASSERT(model.landing_tick > 0);
  for (int tick = 1; tick <= model.landing_tick; ++tick) {
    block.velocity.y -= FallingBlocks::kGravity;
    FallingBlocks::move(block, world);
    RC_ASSERT(block.position.y == model.heights[static_cast<size_t>(tick - 1)]);
    RC_ASSERT(block.on_ground == (tick == model.landing_tick));
    block.velocity = Vec3{block.velocity.x * FallingBlocks::kDrag, block.velocity.y * FallingBlocks::kDrag,
                          block.velocity.z * FallingBlocks::kDrag};
  }
  RC_ASSERT(block.position.x == 0.5 && block.position.z == 0.5);
}

// --- scenarios through the core ---

struct LivingWorld {
  StreamingServer s;
  TestClient alice{1};
  TestClient bob{2};
  BlockPos below;
  int32_t sequence = 0;

  explicit LivingWorld(std::map<ChunkPos, Bytes> stored = {}) : s(3, "", std::move(stored)) {
    s.prepare_spawn();
    s.pass({ConsoleLine{"gamerule respawn_radius 0"}});
    alice = s.join_loaded(1, "Alice", 3);
    bob = s.join_loaded(2, "Bob", 3);
    for (int i = 0; i < 200 && !(s.world().is_chunk_tracked(1, {0, 0}) && s.world().is_chunk_tracked(2, {0, 0})); ++i)
      s.pass();
    const Vec3 spawn = s.world().spawn_point();
    below = BlockPos{static_cast<int>(std::floor(spawn.x)), static_cast<int>(std::floor(spawn.y)) - 1,
                     static_cast<int>(std::floor(spawn.z))};
    for (auto [conn, client] : {std::pair{ConnId{1}, &alice}, std::pair{ConnId{2}, &bob}}) {
      client->packet(packet::play_sb::TeleportConfirm{s.h.core.sessions().player(conn)->awaiting_teleport_id});
      s.pass({client->take()});
    }
    s.pass({ConsoleLine{"gamemode creative Alice"}});
  }

  // Stone at `ground`, air in the four blocks above (set directly, without updates).
  void clear_column(const BlockPos& ground) {
    ASSERT_TRUE(s.world().set_block(ground, default_state_of("stone")));
    for (int dy = 1; dy <= 4; ++dy) ASSERT_TRUE(s.world().set_block({ground.x, ground.y + dy, ground.z}, default_state_of("air")));
  }
  void hold(std::string_view item) {
    packet::play_sb::SetCreativeSlot set;
    set.slot = kFirstHotbarSlot;
    set.count = 1;
    set.item_id = *item_id(item);
    alice.packet(set);
    s.pass({alice.take()});
  }
  void use_on(const BlockPos& pos, Dir face, float cx = 0.5f, float cy = 0.5f, float cz = 0.5f) {
    packet::play_sb::BlockPlace use;
    use.location = pos;
    use.direction = static_cast<int32_t>(face);
    use.cursor_x = cx, use.cursor_y = cy, use.cursor_z = cz;
    use.sequence = ++sequence;
    alice.packet(use);
    s.pass({alice.take()});
  }
  void dig(const BlockPos& pos) {
    alice.packet(packet::play_sb::BlockDig{packet::play_sb::BlockDig::kStartDestroy, pos, 1, ++sequence});
    s.pass({alice.take()});
  }
  BlockStateId at(const BlockPos& p) { return s.world().block_at(p); }
  // Item entities of an item, by name.
  int items_named(std::string_view name) {
    int n = 0;
    for (int32_t id : s.h.core.items().ids())
      if (item_name(s.h.core.items().find(id)->stack().item) == name) ++n;
    return n;
  }
};

TEST(BlockUpdatesScenario, ATorchPopsOffWhenItsBlockIsDug) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  const BlockPos support{ground.x, ground.y + 1, ground.z}, torch{ground.x, ground.y + 2, ground.z};
  ASSERT_TRUE(w.s.world().set_block(support, default_state_of("stone")));
  ASSERT_TRUE(w.s.world().set_block(torch, default_state_of("torch")));
  w.s.pass();
  w.dig(support);
  EXPECT_TRUE(is_air(w.at(support)));
  EXPECT_TRUE(is_air(w.at(torch)));
  // Even a creative break pops the neighbour with its loot (only the broken block drops nothing).
  EXPECT_EQ(w.items_named("torch"), 1);
  EXPECT_EQ(w.items_named("stone"), 0);
}

TEST(BlockUpdatesScenario, AWallTorchPopsOffItsWallButNotOffAnotherNeighbour) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  w.clear_column({ground.x + 1, ground.y, ground.z});
  const BlockPos wall{ground.x, ground.y + 1, ground.z}, torch{ground.x + 1, ground.y + 1, ground.z};
  ASSERT_TRUE(w.s.world().set_block(wall, default_state_of("stone")));
  ASSERT_TRUE(w.s.world().set_block(torch, with_value(default_state_of("wall_torch"), "facing", "east")));
  w.s.pass();
  w.dig({ground.x + 1, ground.y, ground.z});  // the block under a wall torch does not hold it
  EXPECT_EQ(name_of(w.at(torch)), "wall_torch");
  w.dig(wall);
  EXPECT_TRUE(is_air(w.at(torch)));
  EXPECT_EQ(w.items_named("torch"), 1);
}

TEST(BlockUpdatesScenario, ADoorLosesBothHalvesWithItsFloorAndDropsOnce) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  w.s.pass();
  w.hold("oak_door");
  w.use_on(ground, Dir::kUp, 0.5f, 1.0f, 0.5f);
  const BlockPos lower{ground.x, ground.y + 1, ground.z}, upper{ground.x, ground.y + 2, ground.z};
  ASSERT_EQ(name_of(w.at(upper)), "oak_door");
  w.dig(ground);
  EXPECT_TRUE(is_air(w.at(lower)));
  EXPECT_TRUE(is_air(w.at(upper)));
  EXPECT_EQ(w.items_named("oak_door"), 1);  // only the lower half has loot
}

TEST(BlockUpdatesScenario, AFlowerPopsOffWhenItsSoilGoesButStaysOnAnyOtherChange) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  const BlockPos soil{ground.x, ground.y + 1, ground.z}, flower{ground.x, ground.y + 2, ground.z};
  ASSERT_TRUE(w.s.world().set_block(soil, default_state_of("grass_block")));
  ASSERT_TRUE(w.s.world().set_block(flower, default_state_of("poppy")));
  w.s.pass();
  w.s.pass({ConsoleLine{"setblock " + std::to_string(soil.x) + " " + std::to_string(soil.y) + " " + std::to_string(soil.z) + " dirt"}});
  EXPECT_EQ(name_of(w.at(flower)), "poppy");  // dirt holds plants too
  w.s.pass({ConsoleLine{"setblock " + std::to_string(soil.x) + " " + std::to_string(soil.y) + " " + std::to_string(soil.z) + " stone"}});
  EXPECT_TRUE(is_air(w.at(flower)));
  EXPECT_EQ(w.items_named("poppy"), 1);
}

TEST(BlockUpdatesScenario, ARailHearsItsSupportGoAndDrops) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  const BlockPos support{ground.x, ground.y + 1, ground.z}, rail{ground.x, ground.y + 2, ground.z};
  ASSERT_TRUE(w.s.world().set_block(support, default_state_of("stone")));
  ASSERT_TRUE(w.s.world().set_block(rail, default_state_of("rail")));
  w.s.pass();
  w.dig(support);
  EXPECT_TRUE(is_air(w.at(rail)));
  EXPECT_EQ(w.items_named("rail"), 1);
}

TEST(BlockUpdatesScenario, ADugWaterloggedSlabLeavesItsWater) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  const BlockPos slab{ground.x, ground.y + 1, ground.z};
  ASSERT_TRUE(w.s.world().set_block(slab, with_value(default_state_of("oak_slab"), "waterlogged", "true")));
  w.s.pass();
  w.dig(slab);
  EXPECT_EQ(w.at(slab), default_state_of("water"));
}

TEST(BlockUpdatesScenario, AFenceLetsGoOfARemovedNeighbour) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  w.clear_column({ground.x, ground.y, ground.z + 1});
  w.s.pass();
  w.hold("oak_fence");
  w.use_on(ground, Dir::kUp, 0.5f, 1.0f, 0.5f);
  const BlockPos fence{ground.x, ground.y + 1, ground.z}, side{ground.x, ground.y + 1, ground.z + 1};
  ASSERT_EQ(name_of(w.at(fence)), "oak_fence");
  EXPECT_EQ(state_property(w.at(fence), "south"), "false");
  w.hold("stone");
  w.use_on({ground.x, ground.y, ground.z + 1}, Dir::kUp, 0.5f, 1.0f, 0.5f);
  ASSERT_EQ(name_of(w.at(side)), "stone");
  EXPECT_EQ(state_property(w.at(fence), "south"), "true");
  w.dig(side);
  EXPECT_TRUE(is_air(w.at(side)));
  EXPECT_EQ(state_property(w.at(fence), "south"), "false");
}

// HoeItem's TILLABLES restated: grass, dirt and paths to farmland and coarse dirt to dirt, only
// from a face other than the bottom and with air above; anything else passes.
TEST(Tilling, TheHoeFollowsItsTable) {
  const std::vector<std::string> blocks = {"grass_block", "dirt", "dirt_path", "coarse_dirt", "rooted_dirt",
                                           "stone", "farmland", "podzol", "mycelium"};
  const std::vector<std::string> aboves = {"air", "cave_air", "short_grass", "stone", "water", "torch"};
  for (const std::string& block : blocks)
    for (const std::string& above : aboves)
      for (int face = 0; face < 6; ++face) {
        const bool open = face != 0 && (above == "air" || above == "cave_air");
        std::optional<std::string> want;
        if (open && (block == "grass_block" || block == "dirt" || block == "dirt_path")) want = "farmland";
        if (open && block == "coarse_dirt") want = "dirt";
        const std::optional<BlockStateId> got =
            tilled_state(default_state_of(block), default_state_of(above), static_cast<Dir>(face));
        ASSERT_EQ(got.has_value(), want.has_value()) << block << " under " << above << " face " << face;
        if (got) {
          EXPECT_EQ(*got, default_state_of(*want));
        }
      }
}

TEST(BlockUpdatesScenario, AHoeTillsGrassIntoDryFarmland) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  ASSERT_TRUE(w.s.world().set_block(ground, default_state_of("grass_block")));
  w.hold("stone_hoe");
  w.use_on(ground, Dir::kDown);  // from below: nothing
  EXPECT_EQ(name_of(w.at(ground)), "grass_block");
  w.use_on(ground, Dir::kUp);
  EXPECT_EQ(w.at(ground), default_state_of("farmland"));
  EXPECT_EQ(state_property(w.at(ground), "moisture"), "0");
  // Creative tilling wears nothing; a survival player's hoe loses a point a block.
  const Player* alice = w.s.h.core.sessions().player(1);
  EXPECT_EQ(alice->main_hand().damage, 0);
  w.s.pass({ConsoleLine{"gamemode survival Alice"}});
  const BlockPos next{ground.x, ground.y, ground.z + 1};
  w.clear_column(next);
  ASSERT_TRUE(w.s.world().set_block(next, default_state_of("dirt")));
  w.use_on(next, Dir::kUp);
  EXPECT_EQ(w.at(next), default_state_of("farmland"));
  EXPECT_EQ(alice->main_hand().damage, 1);
}

// FarmBlock.updateShape and tick: a solid block set on farmland turns it to dirt a tick later; a
// fence gate does not.
TEST(BlockUpdatesScenario, ASolidBlockOnFarmlandTurnsItToDirt) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  for (const char* cover : {"wheat", "oak_fence_gate", "stone"}) {
    w.clear_column(ground);
    ASSERT_TRUE(w.s.world().set_block(ground, default_state_of("farmland")));
    w.s.pass({ConsoleLine{"setblock " + std::to_string(ground.x) + " " + std::to_string(ground.y + 1) + " " +
                          std::to_string(ground.z) + " " + cover}});
    w.s.pass();
    w.s.pass();
    EXPECT_EQ(name_of(w.at(ground)), std::string(cover) == "stone" ? "dirt" : "farmland") << cover;
    EXPECT_EQ(name_of(w.at({ground.x, ground.y + 1, ground.z})), std::string(cover) == "stone" ? "stone" : cover) << cover;
  }
}

TEST(BlockUpdatesScenario, SeedsPlantedOnFarmlandPopOffWhenItTurnsToDirt) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  ASSERT_TRUE(w.s.world().set_block(ground, default_state_of("farmland")));
  const BlockPos crop{ground.x, ground.y + 1, ground.z};
  w.hold("wheat_seeds");
  w.use_on(ground, Dir::kUp);
  ASSERT_EQ(w.at(crop), default_state_of("wheat"));  // age 0 (the spawn is in daylight)
  w.s.pass({ConsoleLine{"setblock " + std::to_string(ground.x) + " " + std::to_string(ground.y) + " " +
                        std::to_string(ground.z) + " dirt"}});
  EXPECT_TRUE(is_air(w.at(crop)));
  EXPECT_EQ(w.items_named("wheat_seeds"), 1);
}

TEST(FallingBlocksScenario, SandPlacedOverAirFallsAndLands) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  w.clear_column({ground.x + 1, ground.y, ground.z});
  const BlockPos holder{ground.x, ground.y + 3, ground.z};
  ASSERT_TRUE(w.s.world().set_block(holder, default_state_of("stone")));
  w.s.pass();
  w.hold("sand");
  w.use_on(holder, Dir::kEast, 1.0f, 0.5f, 0.5f);
  const BlockPos placed{ground.x + 1, ground.y + 3, ground.z}, landed{ground.x + 1, ground.y + 1, ground.z};
  ASSERT_EQ(name_of(w.at(placed)), "sand");
  bool bob_saw_it = false;
  int falling_seen = 0;
  for (int i = 0; i < 60 && name_of(w.at(landed)) != "sand"; ++i) {
    w.s.pass();
    falling_seen = std::max(falling_seen, static_cast<int>(w.s.h.core.falling_blocks().size()));
    for (const Bytes& body : w.bob.received(w.s.h.sink)) {
      if (packet_id_of(body) != packet::play_cb::SpawnEntity::kId) continue;
      auto spawn = decode_packet<packet::play_cb::SpawnEntity>(body);
      if (spawn->type == *entity_type_id("falling_block")) {
        bob_saw_it = true;
        EXPECT_EQ(spawn->data, static_cast<int32_t>(default_state_of("sand")));
        EXPECT_EQ(spawn->x, placed.x + 0.5);
        EXPECT_EQ(spawn->y, static_cast<double>(placed.y));
      }
    }
  }
  EXPECT_EQ(name_of(w.at(landed)), "sand");
  EXPECT_TRUE(is_air(w.at(placed)));
  EXPECT_TRUE(is_air(w.at({placed.x, placed.y - 1, placed.z})));
  EXPECT_EQ(falling_seen, 1);
  EXPECT_EQ(w.s.h.core.falling_blocks().size(), 0u);
  EXPECT_TRUE(bob_saw_it);
  EXPECT_EQ(w.items_named("sand"), 0);
}

TEST(FallingBlocksScenario, GravelOnATorchDropsAsAnItem) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  const BlockPos torch{ground.x, ground.y + 1, ground.z}, top{ground.x, ground.y + 4, ground.z};
  ASSERT_TRUE(w.s.world().set_block(torch, default_state_of("torch")));
  w.s.pass();
  w.s.pass({ConsoleLine{"setblock " + std::to_string(top.x) + " " + std::to_string(top.y) + " " + std::to_string(top.z) + " gravel"}});
  ASSERT_EQ(name_of(w.at(top)), "gravel");
  for (int i = 0; i < 60 && w.items_named("gravel") == 0; ++i) w.s.pass();
  EXPECT_EQ(w.items_named("gravel"), 1);
  EXPECT_EQ(name_of(w.at(torch)), "torch");
  EXPECT_TRUE(is_air(w.at(top)));
  EXPECT_EQ(w.s.h.core.falling_blocks().size(), 0u);
}

TEST(FallingBlocksScenario, ASavedFallResumesAfterARestart) {
  std::map<ChunkPos, Bytes> files;
  BlockPos ground, top;
  {
    LivingWorld w;
    ground = BlockPos{w.below.x + 2, w.below.y, w.below.z};
    top = BlockPos{ground.x, ground.y + 3, ground.z};
    w.clear_column(ground);
    w.s.pass();
    // The sand's tick is two ticks away when the world is saved (and the server stops there).
    w.s.pass({ConsoleLine{"setblock " + std::to_string(top.x) + " " + std::to_string(top.y) + " " + std::to_string(top.z) + " sand"},
              ConsoleLine{"save-all"}});
    ASSERT_EQ(name_of(w.at(top)), "sand");
    const ChunkPos chunk{top.x >> 4, top.z >> 4};
    ASSERT_TRUE(w.s.jobs.stored.contains(chunk));
    const Bytes& file = w.s.jobs.stored.at(chunk);
    Result<anvil::LoadedChunk> saved = anvil::decode_chunk(std::span<const uint8_t>(file.data(), file.size()), chunk);
    ASSERT_TRUE(saved.ok()) << saved.error();
    Result<DecodedTicks> ticks = saved_ticks_from_nbt(*saved->extras.carried.find("block_ticks"), block_tick_names(), chunk);
    ASSERT_TRUE(ticks.ok());
    ASSERT_EQ(ticks->ticks.size(), 1u);
    EXPECT_EQ(ticks->ticks[0], (SavedTick{*block_by_name("sand"), top, 2, 0}));
    files = w.s.jobs.stored;
  }
  // A new server on the saved files: nothing but the restored tick makes the sand fall.
  LivingWorld w(files);
  for (int i = 0; i < 60 && name_of(w.at({ground.x, ground.y + 1, ground.z})) != "sand"; ++i) w.s.pass();
  EXPECT_EQ(name_of(w.at({ground.x, ground.y + 1, ground.z})), "sand");
  EXPECT_TRUE(is_air(w.at(top)));
}

TEST(FallingBlocksScenario, NothingFallsWhileTheGameIsFrozen) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  const BlockPos top{ground.x, ground.y + 3, ground.z}, landed{ground.x, ground.y + 1, ground.z};
  w.s.pass({ConsoleLine{"tick freeze"}});
  w.s.pass({ConsoleLine{"setblock " + std::to_string(top.x) + " " + std::to_string(top.y) + " " + std::to_string(top.z) + " sand"}});
  for (int i = 0; i < 30; ++i) w.s.pass();
  EXPECT_EQ(name_of(w.at(top)), "sand");
  EXPECT_EQ(w.s.h.core.falling_blocks().size(), 0u);
  w.s.pass({ConsoleLine{"tick unfreeze"}});
  for (int i = 0; i < 60 && name_of(w.at(landed)) != "sand"; ++i) w.s.pass();
  EXPECT_EQ(name_of(w.at(landed)), "sand");
}

TEST(FallingBlocksScenario, ConcretePowderSetsInWater) {
  LivingWorld w;
  const BlockPos ground{w.below.x + 2, w.below.y, w.below.z};
  w.clear_column(ground);
  const BlockPos water{ground.x, ground.y + 1, ground.z}, top{ground.x, ground.y + 3, ground.z};
  ASSERT_TRUE(w.s.world().set_block(water, default_state_of("water")));
  w.s.pass();
  w.s.pass({ConsoleLine{"setblock " + std::to_string(top.x) + " " + std::to_string(top.y) + " " + std::to_string(top.z) + " white_concrete_powder"}});
  for (int i = 0; i < 60 && name_of(w.at(water)) != "white_concrete"; ++i) w.s.pass();
  EXPECT_EQ(name_of(w.at(water)), "white_concrete");
  EXPECT_TRUE(is_air(w.at(top)));
}


// --- fluids through the core (docs/rules/fluids.md) ---

// A stone basin 17x17 high above the spawn: a floor, a rim, and air inside.
BlockPos build_basin(LivingWorld& w) {
  const BlockPos centre{w.below.x, w.below.y + 20, w.below.z};
  for (int dx = -8; dx <= 8; ++dx)
    for (int dz = -8; dz <= 8; ++dz) {
      const bool rim = std::max(std::abs(dx), std::abs(dz)) == 8;
      EXPECT_TRUE(w.s.world().set_block({centre.x + dx, centre.y - 1, centre.z + dz}, default_state_of("stone")));
      EXPECT_TRUE(w.s.world().set_block({centre.x + dx, centre.y, centre.z + dz}, default_state_of(rim ? "stone" : "air")));
      EXPECT_TRUE(w.s.world().set_block({centre.x + dx, centre.y + 1, centre.z + dz}, default_state_of("air")));
    }
  return centre;
}

// The water levels inside the basin (-1 where there is no water).
std::vector<int> basin_water(LivingWorld& w, const BlockPos& centre) {
  std::vector<int> out;
  for (int dx = -7; dx <= 7; ++dx)
    for (int dz = -7; dz <= 7; ++dz) {
      const BlockStateId s = w.at({centre.x + dx, centre.y, centre.z + dz});
      out.push_back(name_of(s) == "water" ? std::stoi(std::string(state_property(s, "level"))) : -1);
    }
  return out;
}

std::string setblock_line(const BlockPos& p, std::string_view block) {
  return "setblock " + std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z) + " " + std::string(block);
}

TEST(FluidsScenario, WaterSetByCommandSpreadsIntoADiamond) {
  LivingWorld w;
  const BlockPos centre = build_basin(w);
  w.s.pass({ConsoleLine{setblock_line(centre, "water")}});
  for (int i = 0; i < 60; ++i) w.s.pass();
  const std::vector<int> levels = basin_water(w, centre);
  size_t i = 0;
  for (int dx = -7; dx <= 7; ++dx)
    for (int dz = -7; dz <= 7; ++dz, ++i) {
      const int d = std::abs(dx) + std::abs(dz);
      EXPECT_EQ(levels[i], d <= 7 ? d : -1) << dx << "," << dz;
    }
}

TEST(FluidsScenario, ASavedFlowResumesAsAnUninterruptedRun) {
  std::map<ChunkPos, Bytes> files;
  BlockPos centre;
  std::vector<int> uninterrupted, at_save;
  {
    LivingWorld w;
    centre = build_basin(w);
    w.s.pass({ConsoleLine{setblock_line(centre, "water")}});
    for (int i = 0; i < 11; ++i) w.s.pass();
    // Two rings have spread; the next ticks wait in the queue when the world is saved.
    w.s.pass({ConsoleLine{"save-all"}});
    at_save = basin_water(w, centre);
    const ChunkPos chunk{centre.x >> 4, centre.z >> 4};
    ASSERT_TRUE(w.s.jobs.stored.contains(chunk));
    const Bytes& file = w.s.jobs.stored.at(chunk);
    Result<anvil::LoadedChunk> saved = anvil::decode_chunk(std::span<const uint8_t>(file.data(), file.size()), chunk);
    ASSERT_TRUE(saved.ok()) << saved.error();
    const nbt::Tag* fluid_tag = saved->extras.carried.find("fluid_ticks");
    ASSERT_NE(fluid_tag, nullptr);
    Result<DecodedTicks> ticks = saved_ticks_from_nbt(*fluid_tag, fluid_tick_names(), chunk);
    ASSERT_TRUE(ticks.ok());
    EXPECT_FALSE(ticks->ticks.empty());
    files = w.s.jobs.stored;
    for (int i = 0; i < 80; ++i) w.s.pass();
    uninterrupted = basin_water(w, centre);
  }
  // Nothing but the restored ticks can carry the flow on in a new server on the saved files.
  LivingWorld w(files);
  for (int i = 0; i < 80; ++i) w.s.pass();
  EXPECT_NE(at_save, uninterrupted);
  EXPECT_EQ(basin_water(w, centre), uninterrupted);
}

}  // namespace
}  // namespace hz
