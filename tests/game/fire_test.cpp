// Fire (docs/rules/fire.md): the faces fire clings to and where it can stay, and fire's tick and
// lava's random tick through BlockUpdates against a reference model written here from vanilla's
// FireBlock and LavaFluid for small worlds of stone, air, burnable full blocks and the infiniburn
// blocks, drawing from an Rng with the same seed: the worlds and the draws used must come out equal.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "sim/data/flammability.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/block_updates.h"
#include "sim/game/blocks/fire_rules.h"
#include "sim/game/blocks/fire_ticks.h"
#include "tests/game/entity_fakes.h"

namespace hz {
namespace {

constexpr int kSize = 7;

bool inside_fire_box(const BlockPos& p) { return p.x >= 0 && p.x < kSize && p.y >= 0 && p.y < kSize && p.z >= 0 && p.z < kSize; }
size_t index(const BlockPos& p) { return static_cast<size_t>((p.y * kSize + p.z) * kSize + p.x); }

// A 7x7x7 world; outside it is unloaded (stone to readers, refusing changes).
class FireBox final : public BlockWorld {
 public:
  FireBox() { cells_.fill(default_state_of("air")); }
  bool set_block(const BlockPos& p, BlockStateId state) override {
    if (!inside_fire_box(p)) return false;
    cells_[index(p)] = state;
    return true;
  }
  BlockStateId block_at(const BlockPos& p) const override {
    static const BlockStateId stone = default_state_of("stone");
    return inside_fire_box(p) ? cells_[index(p)] : stone;
  }
  bool is_loaded(const BlockPos& p) const override { return inside_fire_box(p); }

 private:
  std::array<BlockStateId, kSize * kSize * kSize> cells_{};
};

// Remembers which positions asked for a fire tick (one per position, as the queue keeps).
struct TickRequests final : public BlockTickScheduler {
  std::set<std::tuple<int, int, int>> asked;
  bool schedule_block_tick(const BlockPos& p, BlockId, int, int) override {
    if (!inside_fire_box(p)) return false;
    return asked.insert({p.x, p.y, p.z}).second;
  }
  bool has_block_tick(const BlockPos& p, BlockId) const override { return asked.count({p.x, p.y, p.z}) > 0; }
  bool schedule_fluid_tick(const BlockPos&, uint32_t, int, int) override { return false; }
};

// The weather both sides see: rain reaches a column when (x + 2z) % 3 == 0.
bool rain_reaches(bool raining, const BlockPos& p) { return raining && ((p.x + 2 * p.z) % 3 + 3) % 3 == 0; }

struct Setting {
  uint64_t seed = 1;
  bool raining = false;
  bool increased_burnout = false;
  Difficulty difficulty = Difficulty::kNormal;
};

// --- the system under test ---

struct System {
  FireBox store;
  testing::NoDrops drops;
  testing::NullLog log;
  TickRequests ticks;
  Rng rng;
  BlockUpdates updates;
  FireTicks fire;

  explicit System(const Setting& s)
      : rng(s.seed), updates(store, ticks, drops, rng, log, 1000000), fire(updates, ticks, rng) {
    fire.set_surroundings(FireSurroundings{[](const BlockPos&) { return true; }, [s] { return s.raining; },
                                           [s](const BlockPos& p) { return rain_reaches(s.raining, p); },
                                           [s](const BlockPos&) { return s.increased_burnout; },
                                           [s] { return s.difficulty; }});
  }
};

// --- the reference model ---

// A cell: a block, and for fire its age and the sides (N, E, S, W, up) it clings to.
struct FireCell {
  BlockId block = 0;
  int age = 0;
  int faces = 0;
  bool operator==(const FireCell&) const = default;
};

BlockId id_of(std::string_view name) { return *block_by_name(name); }

struct FireModel {
  std::map<std::tuple<int, int, int>, FireCell> cells;
  Rng rng;
  Setting s;
  std::set<std::tuple<int, int, int>> asked;
  BlockId air = id_of("air"), stone = id_of("stone"), fire = id_of("fire"), lava_block = id_of("lava");
  // minecraft:infiniburn_overworld, written out here rather than read from the tag table.
  BlockId netherrack = id_of("netherrack"), magma = id_of("magma_block");

  explicit FireModel(const Setting& setting) : rng(setting.seed), s(setting) {}

  FireCell at(const BlockPos& p) const {
    if (!inside_fire_box(p)) return FireCell{stone};
    auto it = cells.find({p.x, p.y, p.z});
    return it == cells.end() ? FireCell{air} : it->second;
  }
  int ignite(BlockId b) const { return flammability(b).ignite; }
  bool burns(BlockId b) const { return ignite(b) > 0; }
  // Every other block of these worlds is a full cube.
  bool sturdy(BlockId b) const { return b != air && b != fire && b != lava_block; }
  static BlockPos at_offset(const BlockPos& p, int dx, int dy, int dz) { return {p.x + dx, p.y + dy, p.z + dz}; }
  bool beside_burnable(const BlockPos& p) const {
    for (auto [dx, dy, dz] : {std::tuple{0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}, {-1, 0, 0}, {1, 0, 0}})
      if (burns(at(at_offset(p, dx, dy, dz)).block)) return true;
    return false;
  }
  bool survives(const BlockPos& p) const { return sturdy(at(at_offset(p, 0, -1, 0)).block) || beside_burnable(p); }
  FireCell fire_cell(const BlockPos& p, int age) const {
    FireCell c{fire, age, 0};
    const BlockId below = at(at_offset(p, 0, -1, 0)).block;
    if (burns(below) || sturdy(below)) return c;
    const std::array<BlockPos, 5> sides = {at_offset(p, 0, 0, -1), at_offset(p, 1, 0, 0), at_offset(p, 0, 0, 1),
                                           at_offset(p, -1, 0, 0), at_offset(p, 0, 1, 0)};
    for (int i = 0; i < 5; ++i)
      if (burns(at(sides[i]).block)) c.faces |= 1 << i;
    return c;
  }

  // Level.setBlock with the updates that matter here: onPlace, then shape updates W, E, N, S, D, U.
  bool set(const BlockPos& p, const FireCell& cell, int limit = 512) {
    if (!inside_fire_box(p)) return false;
    const FireCell old = at(p);
    cells[{p.x, p.y, p.z}] = cell;
    if (old == cell) return true;
    if (cell.block == fire) {
      if (old.block != fire && !survives(p)) set(p, FireCell{air});
      rng.next_below(10);  // the next tick's delay
      asked.insert({p.x, p.y, p.z});
    }
    if (!(at(p) == cell) || limit <= 0) return true;
    for (auto [dx, dy, dz] : {std::tuple{-1, 0, 0}, {1, 0, 0}, {0, 0, -1}, {0, 0, 1}, {0, -1, 0}, {0, 1, 0}})
      shape(at_offset(p, dx, dy, dz), limit - 1);
    return true;
  }
  void shape(const BlockPos& p, int limit) {
    if (!inside_fire_box(p)) return;
    const FireCell c = at(p);
    if (c.block != fire) return;
    const FireCell next = survives(p) ? fire_cell(p, c.age) : FireCell{air};
    if (!(next == c)) set(p, next, limit);
  }
  bool near_rain(const BlockPos& p) const {
    for (auto [dx, dz] : {std::pair{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}})
      if (rain_reaches(s.raining, at_offset(p, dx, 0, dz))) return true;
    return false;
  }
  void burn_out(const BlockPos& p, int chance, int age) {
    const BlockId b = at(p).block;
    const int odds = flammability(b).burn;
    if (static_cast<int>(rng.next_below(chance)) >= odds) return;
    if (rng.next_below(age + 10) < 5 && !rain_reaches(s.raining, p)) {
      set(p, fire_cell(p, std::min(age + static_cast<int>(rng.next_below(5)) / 4, 15)));
    } else {
      set(p, FireCell{air});
    }
  }
  // FireBlock.tick, restated.
  void tick(const BlockPos& p) {
    FireCell c = at(p);
    rng.next_below(10);
    asked.insert({p.x, p.y, p.z});
    if (!survives(p)) set(p, FireCell{air});
    const BlockId below = at(at_offset(p, 0, -1, 0)).block;
    const bool infiniburn = below == netherrack || below == magma;
    const int age = c.age;
    if (!infiniburn && s.raining && near_rain(p) && rng.next_float() < 0.2f + age * 0.03f) {
      set(p, FireCell{air});
      return;
    }
    const int new_age = std::min(15, age + static_cast<int>(rng.next_below(3)) / 2);
    if (new_age != age) {
      c.age = new_age;
      set(p, c);
    }
    if (!infiniburn && !beside_burnable(p)) {
      if (!sturdy(below) || age > 3) set(p, FireCell{air});
      return;
    }
    if (!infiniburn && age == 15 && rng.next_below(4) == 0 && !burns(below)) {
      set(p, FireCell{air});
      return;
    }
    const int extra = s.increased_burnout ? -50 : 0;
    burn_out(at_offset(p, 1, 0, 0), 300 + extra, age);
    burn_out(at_offset(p, -1, 0, 0), 300 + extra, age);
    burn_out(at_offset(p, 0, -1, 0), 250 + extra, age);
    burn_out(at_offset(p, 0, 1, 0), 250 + extra, age);
    burn_out(at_offset(p, 0, 0, -1), 300 + extra, age);
    burn_out(at_offset(p, 0, 0, 1), 300 + extra, age);
    for (int dx = -1; dx <= 1; ++dx)
      for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 4; ++dy) {
          if (dx == 0 && dy == 0 && dz == 0) continue;
          const BlockPos t = at_offset(p, dx, dy, dz);
          if (at(t).block != air) continue;
          int best = 0;
          for (auto [ex, ey, ez] : {std::tuple{0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}, {-1, 0, 0}, {1, 0, 0}})
            best = std::max(best, ignite(at(at_offset(t, ex, ey, ez)).block));
          if (best == 0) continue;
          int odds = (best + 40 + static_cast<int>(s.difficulty) * 7) / (age + 30);
          if (s.increased_burnout) odds /= 2;
          const int rate = dy > 1 ? 100 + (dy - 1) * 100 : 100;
          if (odds > 0 && static_cast<int>(rng.next_below(rate)) <= odds && !(s.raining && near_rain(t)))
            set(t, fire_cell(t, std::min(15, age + static_cast<int>(rng.next_below(5)) / 4)));
        }
  }
  // LavaFluid.randomTick, restated (lava is not in these worlds' burnable lists).
  void lava(const BlockPos& p) {
    const int passes = static_cast<int>(rng.next_below(3));
    if (passes > 0) {
      BlockPos t = p;
      for (int i = 0; i < passes; ++i) {
        const int dx = static_cast<int>(rng.next_below(3)) - 1;
        const int dz = static_cast<int>(rng.next_below(3)) - 1;
        t = at_offset(t, dx, 1, dz);
        if (!inside_fire_box(t)) return;
        const BlockId b = at(t).block;
        if (b == air) {
          bool beside = false;
          for (auto [ex, ey, ez] : {std::tuple{0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}, {-1, 0, 0}, {1, 0, 0}})
            beside = beside || ignited_by_lava(at(at_offset(t, ex, ey, ez)).block);
          if (beside) {
            set(t, fire_cell(t, 0));
            return;
          }
        } else if (b != fire) {
          return;  // every other block of these worlds blocks motion
        }
      }
      return;
    }
    for (int i = 0; i < 3; ++i) {
      const int dx = static_cast<int>(rng.next_below(3)) - 1;
      const int dz = static_cast<int>(rng.next_below(3)) - 1;
      const BlockPos t = at_offset(p, dx, 0, dz);
      if (!inside_fire_box(t)) return;
      if (at(at_offset(t, 0, 1, 0)).block == air && ignited_by_lava(at(t).block))
        set(at_offset(t, 0, 1, 0), fire_cell(t, 0));
    }
  }
};

// --- comparing the two ---

FireCell cell_of(BlockStateId state) {
  FireCell c{block_of_state(state)};
  if (!fire_rules::is_fire(state)) return c;
  c.age = fire_rules::age_of(state);
  const std::array<std::string_view, 5> names = {"north", "east", "south", "west", "up"};
  for (int i = 0; i < 5; ++i)
    if (state_property(state, names[i]) == "true") c.faces |= 1 << i;
  return c;
}

BlockStateId state_of(const FireCell& c) {
  BlockStateId s = block_info(c.block).default_state;
  if (!fire_rules::is_fire(s)) return s;
  s = with_value(s, "age", std::to_string(c.age));
  const std::array<std::string_view, 5> names = {"north", "east", "south", "west", "up"};
  for (int i = 0; i < 5; ++i) s = with_value(s, names[i], (c.faces >> i) & 1 ? "true" : "false");
  return s;
}

void expect_same(const System& sys, const FireModel& model) {
  for (int y = 0; y < kSize; ++y)
    for (int z = 0; z < kSize; ++z)
      for (int x = 0; x < kSize; ++x) {
        const BlockPos p{x, y, z};
        const FireCell want = model.at(p), got = cell_of(sys.store.block_at(p));
        RC_ASSERT(got.block == want.block);
        RC_ASSERT(got.age == want.age);
        RC_ASSERT(got.faces == want.faces);
      }
  RC_ASSERT(sys.rng.state_hash() == model.rng.state_hash());
  RC_ASSERT(sys.ticks.asked == model.asked);
}

// A random world: a floor of stone and netherrack, then air, stone, burnable and infiniburn
// blocks, and fires where fire can stay.
void build(System& sys, FireModel& model, const std::vector<int>& picks, const std::vector<bool>& fires) {
  const std::array<std::string_view, 11> palette = {"air",       "air",       "air",        "stone",
                                                    "oak_planks", "oak_log",   "white_wool", "hay_block",
                                                    "bookshelf",  "netherrack", "magma_block"};
  size_t i = 0;
  for (int y = 0; y < kSize; ++y)
    for (int z = 0; z < kSize; ++z)
      for (int x = 0; x < kSize; ++x, ++i) {
        const size_t pick = static_cast<size_t>(picks[i]);
        const std::string_view name = y > 0 ? palette[pick % palette.size()] : pick % 4 == 0 ? "netherrack" : "stone";
        const FireCell c{id_of(name)};
        if (c.block != model.air) model.cells[{x, y, z}] = c;
        sys.store.set_block({x, y, z}, block_info(c.block).default_state);
      }
  i = 0;
  for (int y = 1; y < kSize; ++y)
    for (int z = 0; z < kSize; ++z)
      for (int x = 0; x < kSize; ++x, ++i) {
        const BlockPos p{x, y, z};
        if (!fires[i % fires.size()] || model.at(p).block != model.air || !model.survives(p)) continue;
        const FireCell c = model.fire_cell(p, static_cast<int>(i % 16));
        model.cells[{x, y, z}] = c;
        sys.store.set_block(p, state_of(c));
      }
}

std::vector<BlockPos> fires_in(const FireModel& model) {
  std::vector<BlockPos> out;
  for (const auto& [k, c] : model.cells)
    if (c.block == model.fire) out.push_back({std::get<0>(k), std::get<1>(k), std::get<2>(k)});
  return out;
}

Setting any_setting() {
  Setting s;
  s.seed = *rc::gen::arbitrary<uint64_t>();
  s.raining = *rc::gen::arbitrary<bool>();
  s.increased_burnout = *rc::gen::arbitrary<bool>();
  s.difficulty = static_cast<Difficulty>(*rc::gen::inRange(0, 4));
  return s;
}

RC_GTEST_PROP(FireModel, FireTicksBurnAndSpreadAsTheReferenceDoes, ()) {
  const Setting s = any_setting();
  const auto picks = *rc::gen::container<std::vector<int>>(kSize * kSize * kSize, rc::gen::inRange(0, 11));
  const auto fires = *rc::gen::nonEmpty(rc::gen::container<std::vector<bool>>(rc::gen::arbitrary<bool>()));
  System sys(s);
  FireModel model(s);
  build(sys, model, picks, fires);
  // Rounds of ticks over the fires of the moment, in position order on both sides.
  for (int round = 0; round < 4; ++round) {
    for (const BlockPos& p : fires_in(model)) {
      if (model.at(p).block != model.fire) continue;
      RC_ASSERT(fire_rules::is_fire(sys.store.block_at(p)));
      sys.fire.tick(p, sys.store.block_at(p));
      model.tick(p);
    }
    expect_same(sys, model);
  }
}

RC_GTEST_PROP(FireModel, LavaSetsFireAsTheReferenceDoes, ()) {
  const Setting s = any_setting();
  const auto picks = *rc::gen::container<std::vector<int>>(kSize * kSize * kSize, rc::gen::inRange(0, 11));
  System sys(s);
  FireModel model(s);
  build(sys, model, picks, {false});
  const BlockPos lava{*rc::gen::inRange(0, kSize), *rc::gen::inRange(1, kSize), *rc::gen::inRange(0, kSize)};
  sys.store.set_block(lava, default_state_of("lava"));
  model.cells[{lava.x, lava.y, lava.z}] = FireCell{id_of("lava")};
  for (int i = 0; i < 20; ++i) {
    sys.fire.lava_tick(lava);
    model.lava(lava);
  }
  expect_same(sys, model);
}

// --- fixed cases ---

TEST(FireRules, BurnOddsFollowVanillasTableAndWaterStopsThem) {
  EXPECT_EQ(fire_rules::ignite_odds(default_state_of("oak_planks")), 5);
  EXPECT_EQ(fire_rules::burn_odds(default_state_of("oak_planks")), 20);
  EXPECT_EQ(fire_rules::ignite_odds(default_state_of("white_wool")), 30);
  EXPECT_EQ(fire_rules::burn_odds(default_state_of("white_wool")), 60);
  EXPECT_EQ(fire_rules::ignite_odds(default_state_of("tnt")), 15);
  EXPECT_EQ(fire_rules::burn_odds(default_state_of("tnt")), 100);
  EXPECT_EQ(fire_rules::ignite_odds(default_state_of("stone")), 0);
  const BlockStateId slab = default_state_of("oak_slab");
  EXPECT_EQ(fire_rules::ignite_odds(slab), 5);
  EXPECT_EQ(fire_rules::ignite_odds(with_value(slab, "waterlogged", "true")), 0);
  EXPECT_TRUE(ignited_by_lava(*block_by_name("oak_planks")));
  EXPECT_FALSE(ignited_by_lava(*block_by_name("dandelion")));  // burns, but lava does not light it
  EXPECT_TRUE(fire_rules::can_burn(default_state_of("dandelion")));
  EXPECT_FALSE(ignited_by_lava(*block_by_name("crimson_planks")));
}

TEST(FireRules, FireClingsToBurnableSidesOnlyWithoutAFloor) {
  FireBox w;
  const BlockPos p{3, 3, 3};
  w.set_block({3, 3, 2}, default_state_of("oak_planks"));  // north
  w.set_block({3, 4, 3}, default_state_of("white_wool"));  // up
  const BlockStateId hanging = fire_rules::state_for(w, p);
  EXPECT_EQ(state_property(hanging, "north"), "true");
  EXPECT_EQ(state_property(hanging, "up"), "true");
  EXPECT_EQ(state_property(hanging, "east"), "false");
  EXPECT_TRUE(fire_rules::can_survive(w, hanging, p));
  w.set_block({3, 2, 3}, default_state_of("stone"));
  EXPECT_EQ(fire_rules::state_for(w, p), default_state_of("fire"));
  w.set_block({3, 2, 3}, default_state_of("soul_sand"));
  EXPECT_EQ(fire_rules::state_for(w, p), default_state_of("soul_fire"));
  w.set_block({3, 2, 3}, default_state_of("air"));
  w.set_block({3, 3, 2}, default_state_of("air"));
  w.set_block({3, 4, 3}, default_state_of("air"));
  EXPECT_FALSE(fire_rules::can_survive(w, default_state_of("fire"), p));
}

TEST(FireTicks, AFireOnStoneWithNothingToBurnGoesOutOnceOlderThanThree) {
  System sys(Setting{});
  for (int x = 0; x < kSize; ++x)
    for (int z = 0; z < kSize; ++z) sys.store.set_block({x, 0, z}, default_state_of("stone"));
  const BlockPos p{3, 1, 3};
  sys.store.set_block(p, with_value(default_state_of("fire"), "age", "4"));
  sys.fire.tick(p, sys.store.block_at(p));
  EXPECT_TRUE(is_air(sys.store.block_at(p)));
  EXPECT_TRUE(sys.ticks.has_block_tick(p, block_of_state(default_state_of("fire"))));
}

// minecraft:infiniburn_overworld (netherrack, magma): the fire above neither burns out nor is
// put out by rain.
TEST(FireTicks, AFireOnNetherrackBurnsForeverEvenInTheRain) {
  Setting rain;
  rain.raining = true;
  System sys(rain);
  for (int x = 0; x < kSize; ++x)
    for (int z = 0; z < kSize; ++z) sys.store.set_block({x, 0, z}, default_state_of("stone"));
  const BlockPos p{3, 1, 3};
  ASSERT_TRUE(rain_reaches(true, p));
  sys.store.set_block({3, 0, 3}, default_state_of("netherrack"));
  sys.store.set_block(p, with_value(default_state_of("fire"), "age", "4"));
  for (int i = 0; i < 200; ++i) {
    sys.fire.tick(p, sys.store.block_at(p));
    ASSERT_EQ(block_of_state(sys.store.block_at(p)), block_of_state(default_state_of("fire"))) << "tick " << i;
  }
}

TEST(FireTicks, AFireFarFromEveryPlayerDoesNothingButAskAgain) {
  System sys(Setting{});
  const BlockPos p{3, 1, 3};
  sys.store.set_block({3, 0, 3}, default_state_of("stone"));
  sys.store.set_block({4, 1, 3}, default_state_of("oak_planks"));
  sys.store.set_block(p, default_state_of("fire"));
  sys.fire.set_surroundings(FireSurroundings{[](const BlockPos&) { return false; }, [] { return false; },
                                             [](const BlockPos&) { return false; },
                                             [](const BlockPos&) { return false; },
                                             [] { return Difficulty::kHard; }});
  for (int i = 0; i < 50; ++i) sys.fire.tick(p, sys.store.block_at(p));
  EXPECT_EQ(sys.store.block_at(p), default_state_of("fire"));
  EXPECT_EQ(sys.store.block_at({4, 1, 3}), default_state_of("oak_planks"));
  EXPECT_EQ(sys.fire.blocks_burnt(), 0u);
}

}  // namespace
}  // namespace hz
