// Thunder and lightning (docs/rules/time-and-weather.md, "Thunder and lightning"): where a bolt
// lands and whether it rains there, against a reference written here; the per-chunk chance over
// many ticks against the same reference drawing from the same seed; and a bolt through the core:
// seen by a player as a lightning_bolt entity, fire at its foot on normal difficulty (none with the
// fire radius rule at 0), gone after its flashes.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <map>
#include <optional>
#include <tuple>

#include "sim/data/catalog.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/core.h"
#include "sim/game/entities/lightning_bolts.h"
#include "sim/game/ticking/random_tick_pos.h"
#include "sim/game/ticking/thunder.h"
#include "tests/game/client_bytes.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::packet_id_of;
using testing::StreamingServer;
using testing::TestClient;

// Columns of a fixed height; sky light 15 at and above the top, 0 below.
struct SkyWorld final : PrecipitationWorld {
  std::map<std::pair<int, int>, int> tops;
  BiomeKind kind = BiomeKind::kPlains;
  int top_of(int x, int z) const {
    auto it = tops.find({x, z});
    return it == tops.end() ? 64 : it->second;
  }
  BlockStateId block(const BlockPos&) const override { return default_state_of("air"); }
  uint8_t sky_light(const BlockPos& p) const override { return p.y >= top_of(p.x, p.z) ? 15 : 0; }
  uint8_t block_light(const BlockPos&) const override { return 0; }
  void set_block(const BlockPos&, BlockStateId) override {}
  void drop_loot(const BlockPos&, BlockStateId) override {}
  int motion_blocking_top(int x, int z) const override { return top_of(x, z); }
  BiomeKind biome(const BlockPos&) const override { return kind; }
  bool snow_can_survive(const BlockPos&) const override { return true; }
};

// The reference, from the page.
std::optional<BlockPos> ref_strike(const SkyWorld& w, int min_x, int min_z, const std::vector<BlockPos>& living, Rng& rng) {
  if (rng.next_below(100000) != 0) return std::nullopt;
  const SectionOffset o = random_tick_offset(random_tick_draw(rng));
  BlockPos target{min_x + o.x, w.top_of(min_x + o.x, min_z + o.z), min_z + o.z};
  std::vector<BlockPos> near;
  for (const BlockPos& p : living)
    if (std::abs(p.x - target.x) <= 3 && std::abs(p.z - target.z) <= 3 && p.y >= target.y - 3 && p.y >= w.top_of(p.x, p.z))
      near.push_back(p);
  if (!near.empty()) target = near[rng.next_below(static_cast<uint32_t>(near.size()))];
  // It must rain there: open sky, nothing above, a biome where it rains (not snows).
  if (target.y < w.top_of(target.x, target.z)) return std::nullopt;
  if (w.kind == BiomeKind::kDesert || cold_enough_to_snow(w.kind, target.y)) return std::nullopt;
  return target;
}

TEST(Thunder, NothingIsDrawnWithoutAThunderstorm) {
  SkyWorld w;
  Rng a(1), b(1);
  auto nobody = [] { return std::vector<BlockPos>{}; };
  for (int i = 0; i < 1000; ++i) {
    EXPECT_FALSE(thunder_strike(w, 0, 0, true, false, nobody, a).has_value());
    EXPECT_FALSE(thunder_strike(w, 0, 0, false, true, nobody, a).has_value());
  }
  EXPECT_EQ(a.next_u64(), b.next_u64());
}

TEST(Thunder, StrikesOverManyTicksMatchTheReference) {
  for (BiomeKind kind : {BiomeKind::kPlains, BiomeKind::kSnowyPlains, BiomeKind::kDesert}) {
    SkyWorld w;
    w.kind = kind;
    for (int x = 0; x < 16; ++x)
      for (int z = 0; z < 16; ++z) w.tops[{x, z}] = 60 + (x * 7 + z * 3) % 9;
    // A player in the open near the middle of the chunk, one under a roof at its edge.
    const std::vector<BlockPos> living{{8, 70, 8}, {15, 40, 15}};
    Rng a(42), b(42);
    int strikes = 0;
    for (int tick = 0; tick < 1000000; ++tick) {
      const auto got = thunder_strike(w, 0, 0, true, true, [&] { return living; }, a);
      const auto want = ref_strike(w, 0, 0, living, b);
      ASSERT_EQ(got.has_value(), want.has_value()) << "tick " << tick;
      if (got) {
        ++strikes;
        EXPECT_EQ(*got, *want);
      }
    }
    EXPECT_EQ(a.next_u64(), b.next_u64());
    if (kind == BiomeKind::kPlains) {
      EXPECT_GT(strikes, 0);
    } else {
      EXPECT_EQ(strikes, 0);
    }
  }
}

TEST(Thunder, ABoltSeeksOutTheLivingUnderOpenSky) {
  SkyWorld w;
  Rng rng(3);
  // Only the player in the open within 3 blocks of the column counts.
  const BlockPos open{2, 80, 1}, roofed{1, 50, 1}, far{9, 80, 9};
  EXPECT_EQ(lightning_target(w, {0, 5, 0}, {roofed, open, far}, rng), open);
  EXPECT_EQ(lightning_target(w, {0, 5, 0}, {roofed, far}, rng), (BlockPos{0, 64, 0}));
  EXPECT_TRUE(raining_at(w, {0, 64, 0}, true));
  EXPECT_FALSE(raining_at(w, {0, 63, 0}, true));
  EXPECT_FALSE(raining_at(w, {0, 64, 0}, false));
}

// --- through the core ---

struct StormWorld {
  StreamingServer s;
  TestClient alice{1};
  BlockPos ground;
  explicit StormWorld(int fire_radius = 128) : s([] {
    ServerProperties p = testing::properties_with_view_distance(3);
    p.difficulty = Difficulty::kNormal;
    return p;
  }()) {
    s.prepare_spawn();
    s.pass({ConsoleLine{"gamerule random_tick_speed 0"}, ConsoleLine{"gamerule fire_spread_radius_around_player " + std::to_string(fire_radius)}});
    alice = s.join_loaded(1, "Alice", 3);
    for (int i = 0; i < 200 && !s.world().is_chunk_tracked(1, {0, 0}); ++i) s.pass();
    const Vec3 spawn = s.world().spawn_point();
    ground = BlockPos{static_cast<int>(std::floor(spawn.x)) + 4, static_cast<int>(std::floor(spawn.y)) + 5,
                      static_cast<int>(std::floor(spawn.z)) + 4};
    // A stone floor with air above, away from Alice.
    for (int dx = -1; dx <= 1; ++dx)
      for (int dz = -1; dz <= 1; ++dz) {
        EXPECT_TRUE(s.world().set_block({ground.x + dx, ground.y, ground.z + dz}, default_state_of("stone")));
        for (int dy = 1; dy <= 2; ++dy) EXPECT_TRUE(s.world().set_block({ground.x + dx, ground.y + dy, ground.z + dz}, default_state_of("air")));
      }
    s.pass();
  }
};

TEST(LightningScenario, ABoltIsSeenSetsFireAndGoes) {
  StormWorld w;
  const Vec3 at{w.ground.x + 0.5, w.ground.y + 1.0, w.ground.z + 0.5};
  const int32_t id = w.s.h.core.lightning().strike(at, false);
  bool spawned = false, removed = false;
  for (int i = 0; i < 40 && !removed; ++i) {
    if (i > 0) w.s.pass();  // the strike's own packets are in the sink before the first pass
    for (const Bytes& body : w.alice.received(w.s.h.sink)) {
      if (packet_id_of(body) == packet::play_cb::SpawnEntity::kId) {
        auto spawn = decode_packet<packet::play_cb::SpawnEntity>(body);
        if (spawn->type == *entity_type_id("lightning_bolt")) {
          spawned = true;
          EXPECT_EQ(spawn->entity_id, id);
          EXPECT_EQ(spawn->x, at.x);
          EXPECT_EQ(spawn->y, at.y);
        }
      }
    }
    removed = w.s.h.core.lightning().find(id) == nullptr;
  }
  EXPECT_TRUE(spawned);
  EXPECT_TRUE(removed);
  // The first flash set the block it struck alight (stone below: fire survives there).
  EXPECT_EQ(block_info(block_of_state(w.s.world().block_at({w.ground.x, w.ground.y + 1, w.ground.z}))).name, "fire");
  EXPECT_GE(w.s.h.core.lightning().fires_set(), 1u);
}

TEST(LightningScenario, NoFireBeyondTheFireRadius) {
  StormWorld w(0);  // fire_spread_radius_around_player 0: no player is close enough anywhere
  w.s.h.core.lightning().strike(Vec3{w.ground.x + 0.5, w.ground.y + 1.0, w.ground.z + 0.5}, false);
  for (int i = 0; i < 40; ++i) w.s.pass();
  EXPECT_EQ(w.s.h.core.lightning().size(), 0u);
  EXPECT_EQ(w.s.h.core.lightning().fires_set(), 0u);
  EXPECT_TRUE(is_air(w.s.world().block_at({w.ground.x, w.ground.y + 1, w.ground.z})));
}

}  // namespace
}  // namespace hz
