// Water and lava (docs/rules/fluids.md): the rules on small hand-made worlds (a source's diamond of
// radius 7, flow toward a hole, infinite sources, obsidian, cobblestone, stone and basalt), and
// the fluid ticks with BlockUpdates and a tick queue against a reference model written here from
// vanilla's rule for worlds of stone, air and water.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <tuple>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/block_updates.h"
#include "sim/game/fluids/fluid_rules.h"
#include "sim/game/fluids/fluid_state.h"
#include "sim/game/fluids/fluid_ticks.h"
#include "sim/game/ticks/level_ticks.h"
#include "tests/game/entity_fakes.h"

namespace hz {
namespace {

constexpr int kSizeX = 16, kSizeY = 8, kSizeZ = 16;

bool inside_fluid_box(const BlockPos& p) {
  return p.x >= 0 && p.x < kSizeX && p.y >= 0 && p.y < kSizeY && p.z >= 0 && p.z < kSizeZ;
}

// A 16x8x16 world in chunk (0, 0), walled in by stone that cannot be changed.
class FluidStore final : public BlockWorld {
 public:
  FluidStore() { cells_.fill(default_state_of("air")); }
  bool set_block(const BlockPos& p, BlockStateId state) override {
    if (!inside_fluid_box(p)) return false;
    cells_[index(p)] = state;
    return true;
  }
  BlockStateId block_at(const BlockPos& p) const override {
    static const BlockStateId stone = default_state_of("stone");
    return inside_fluid_box(p) ? cells_[index(p)] : stone;
  }
  bool is_loaded(const BlockPos& p) const override { return inside_fluid_box(p); }
  const std::array<BlockStateId, kSizeX * kSizeY * kSizeZ>& cells() const { return cells_; }

 private:
  static size_t index(const BlockPos& p) { return static_cast<size_t>((p.y * kSizeZ + p.z) * kSizeX + p.x); }
  std::array<BlockStateId, kSizeX * kSizeY * kSizeZ> cells_{};
};

struct CountingDrops final : public ItemDrops {
  std::vector<ItemStack> dropped;
  void drop_from_block(const BlockPos&, const ItemStack& stack) override { dropped.push_back(stack); }
  void drop_at(const Vec3&, const ItemStack& stack) override { dropped.push_back(stack); }
  void drop_from_player(const Player&, const ItemStack&, bool, bool) override {}
};

// The system under test: the block-change path, a fluid queue at a game time, the fluid ticks.
class FluidBox final : public BlockTickScheduler {
 public:
  explicit FluidBox(FluidSettings settings = {}) : fluids_(updates_, *this, drops_, rng_, settings) {
    queue_.add_chunk({0, 0}, {}, 0);
  }
  bool schedule_block_tick(const BlockPos&, BlockId, int, int) override { return false; }
  bool has_block_tick(const BlockPos&, BlockId) const override { return false; }
  bool schedule_fluid_tick(const BlockPos& pos, uint32_t fluid, int delay, int priority) override {
    const int64_t sub = sub_++;
    return queue_.schedule(ScheduledTick{fluid, pos, now_ + delay, priority, sub});
  }
  // One game tick: time advances, then the due fluid ticks run.
  void step() {
    ++now_;
    queue_.tick(now_, LevelTicks::kMaxTicksPerTick, [](ChunkPos) { return true; },
                [this](const BlockPos& pos, uint32_t fluid) { fluids_.run(pos, fluid); });
  }
  void steps(int n) {
    for (int i = 0; i < n; ++i) step();
  }
  // Through setBlock with updates (as a bucket or /setblock would).
  void place(const BlockPos& p, std::string_view name) { updates_.set_block(p, default_state_of(name)); }
  void place(const BlockPos& p, BlockStateId s) { updates_.set_block(p, s); }
  // Straight into the store, without updates (world generation).
  void raw(const BlockPos& p, std::string_view name) { store_.set_block(p, default_state_of(name)); }
  void raw(const BlockPos& p, BlockStateId s) { store_.set_block(p, s); }
  BlockStateId at(const BlockPos& p) const { return store_.block_at(p); }
  std::string_view name_at(const BlockPos& p) const { return block_info(block_of_state(at(p))).name; }
  void floor(int y, std::string_view name = "stone") {
    for (int x = 0; x < kSizeX; ++x)
      for (int z = 0; z < kSizeZ; ++z) raw({x, y, z}, name);
  }
  const FluidStore& store() const { return store_; }
  const LevelTicks& queue() const { return queue_; }
  int64_t now() const { return now_; }
  const CountingDrops& drops() const { return drops_; }

 private:
  FluidStore store_;
  CountingDrops drops_;
  Rng rng_{7};
  testing::NullLog log_;
  LevelTicks queue_;
  int64_t now_ = 0, sub_ = 0;
  BlockUpdates updates_{store_, *this, drops_, rng_, log_, 1000000};
  FluidTicks fluids_;
};

BlockStateId water_level(int level) { return *state_with("water", std::array{std::pair<std::string_view, std::string_view>{"level", std::to_string(level)}}); }
BlockStateId lava_level(int level) { return *state_with("lava", std::array{std::pair<std::string_view, std::string_view>{"level", std::to_string(level)}}); }

// --- fluid states ---

TEST(FluidState, LiquidBlocksMapToVanillasFluidStatesAndBack) {
  EXPECT_EQ(fluid_of(water_level(0)), source_fluid(FluidType::kWater));
  for (int level = 1; level <= 7; ++level) {
    EXPECT_EQ(fluid_of(water_level(level)), flowing_fluid(FluidType::kWater, 8 - level, false));
    EXPECT_EQ(legacy_block(flowing_fluid(FluidType::kWater, 8 - level, false)), water_level(level));
    EXPECT_EQ(legacy_block(flowing_fluid(FluidType::kLava, 8 - level, false)), lava_level(level));
  }
  for (int level = 8; level <= 15; ++level) EXPECT_EQ(fluid_of(lava_level(level)), flowing_fluid(FluidType::kLava, 8, true));
  EXPECT_EQ(legacy_block(flowing_fluid(FluidType::kWater, 8, true)), water_level(8));
  EXPECT_EQ(legacy_block(source_fluid(FluidType::kLava)), lava_level(0));
  EXPECT_EQ(legacy_block(FluidState{}), default_state_of("air"));
  const BlockStateId wet_slab = with_value(default_state_of("oak_slab"), "waterlogged", "true");
  EXPECT_EQ(fluid_of(wet_slab), source_fluid(FluidType::kWater));
  EXPECT_TRUE(fluid_of(default_state_of("oak_slab")).empty());
  EXPECT_EQ(fluid_index(fluid_of(water_level(3))), kFluidFlowingWater);
  EXPECT_EQ(fluid_index(fluid_of(lava_level(0))), kFluidLava);
}

TEST(FluidRules, WallsFollowCollisionShapes) {
  const BlockStateId air = default_state_of("air"), stone = default_state_of("stone");
  const BlockStateId bottom_slab = default_state_of("oak_slab");  // type=bottom
  const BlockStateId top_slab = with_value(bottom_slab, "type", "top");
  EXPECT_TRUE(can_pass_through_wall(Dir::kNorth, air, air));
  EXPECT_FALSE(can_pass_through_wall(Dir::kNorth, air, stone));
  // A bottom slab's floor stops water going down out of it; from above, only a face the slab
  // reaches counts, so water may go down into a bottom slab but not into a top slab.
  EXPECT_FALSE(can_pass_through_wall(Dir::kDown, bottom_slab, air));
  EXPECT_TRUE(can_pass_through_wall(Dir::kDown, air, bottom_slab));
  EXPECT_FALSE(can_pass_through_wall(Dir::kDown, air, top_slab));
  EXPECT_TRUE(can_hold_any_fluid(air));
  EXPECT_FALSE(can_hold_any_fluid(stone));
  EXPECT_FALSE(can_hold_any_fluid(default_state_of("oak_door")));
  EXPECT_FALSE(can_hold_any_fluid(default_state_of("sugar_cane")));
  EXPECT_TRUE(can_hold_any_fluid(default_state_of("torch")));
  EXPECT_TRUE(can_hold_any_fluid(default_state_of("ladder")));  // waterloggable: a container
  EXPECT_TRUE(can_hold_any_fluid(bottom_slab));
  EXPECT_TRUE(can_hold_specific_fluid(bottom_slab, kFluidWater));
  EXPECT_FALSE(can_hold_specific_fluid(bottom_slab, kFluidFlowingWater));
  EXPECT_FALSE(can_hold_specific_fluid(bottom_slab, kFluidLava));
}

// --- scenarios ---

TEST(FluidTicks, ASourceOnFlatGroundSpreadsToADiamondOfRadiusSeven) {
  FluidBox box;
  box.floor(0);
  const BlockPos centre{7, 1, 7};
  box.place(centre, "water");
  box.steps(200);
  for (int x = 0; x < kSizeX; ++x)
    for (int z = 0; z < kSizeZ; ++z) {
      const int d = std::abs(x - centre.x) + std::abs(z - centre.z);
      const BlockStateId got = box.at({x, 1, z});
      if (d <= 7) EXPECT_EQ(got, water_level(d)) << x << "," << z;
      else EXPECT_TRUE(is_air(got)) << x << "," << z;
    }
  EXPECT_EQ(box.queue().count(), 0u);  // the flow has settled
}

TEST(FluidTicks, WaterFlowsOnlyTowardAHoleWithinFour) {
  FluidBox box;
  box.floor(0);
  box.raw({7, 0, 10}, "air");  // a hole three blocks south of the source
  box.place({7, 1, 7}, "water");
  box.steps(15);
  // After its first spread the source feeds only the path toward the hole.
  EXPECT_EQ(box.at({7, 1, 8}), water_level(1));
  EXPECT_TRUE(is_air(box.at({7, 1, 6})));
  EXPECT_TRUE(is_air(box.at({6, 1, 7})));
  EXPECT_TRUE(is_air(box.at({8, 1, 7})));
  box.steps(40);
  EXPECT_EQ(box.name_at({7, 0, 10}), "water");
  EXPECT_TRUE(fluid_of(box.at({7, 0, 10})).falling);
}

TEST(FluidTicks, AHoleFiveAwayIsOutOfReach) {
  FluidBox box;
  box.floor(0);
  box.raw({7, 0, 13}, "air");  // six blocks south: farther than the slope-find distance
  box.place({7, 1, 7}, "water");
  box.steps(10);
  EXPECT_EQ(box.at({7, 1, 6}), water_level(1));  // spreads evenly first
  EXPECT_EQ(box.at({7, 1, 8}), water_level(1));
}

TEST(FluidTicks, TwoSourcesMakeAThirdBetweenThemOverSolidGround) {
  FluidBox box;
  box.floor(0);
  box.place({5, 1, 5}, "water");
  box.place({7, 1, 5}, "water");
  box.steps(30);
  EXPECT_EQ(box.at({6, 1, 5}), water_level(0));
}

TEST(FluidTicks, WithoutTheGameRuleNoSourceForms) {
  FluidBox box(FluidSettings{false, false});
  box.floor(0);
  box.place({5, 1, 5}, "water");
  box.place({7, 1, 5}, "water");
  box.steps(30);
  EXPECT_EQ(box.at({6, 1, 5}), water_level(1));
}

TEST(FluidTicks, LavaSpreadsThreeBlocksAndSlowly) {
  FluidBox box;
  box.floor(0);
  box.place({7, 1, 7}, "lava");
  box.steps(29);
  EXPECT_TRUE(is_air(box.at({7, 1, 8})));  // lava waits 30 ticks
  box.steps(1);
  EXPECT_EQ(box.at({7, 1, 8}), lava_level(2));
  box.steps(400);
  EXPECT_EQ(box.at({7, 1, 10}), lava_level(6));
  EXPECT_TRUE(is_air(box.at({7, 1, 11})));
  EXPECT_EQ(box.at({8, 1, 9}), lava_level(6));
}

TEST(FluidTicks, WaterBesideALavaSourceMakesObsidian) {
  FluidBox box;
  box.floor(0);
  box.raw({5, 1, 5}, "lava");
  box.place({6, 1, 5}, "water");
  EXPECT_EQ(box.name_at({5, 1, 5}), "obsidian");
}

TEST(FluidTicks, WaterBesideFlowingLavaMakesCobblestone) {
  FluidBox box;
  box.floor(0);
  box.raw({5, 1, 5}, lava_level(2));
  box.place({6, 1, 5}, "water");
  EXPECT_EQ(box.name_at({5, 1, 5}), "cobblestone");
}

TEST(FluidTicks, FlowingWaterReachingLavaHardensIt) {
  FluidBox box;
  box.floor(0);
  box.raw({9, 1, 5}, lava_level(4));
  box.place({5, 1, 5}, "water");
  box.steps(40);
  EXPECT_EQ(box.name_at({9, 1, 5}), "cobblestone");
}

TEST(FluidTicks, LavaFallingOntoWaterMakesStone) {
  FluidBox box;
  box.floor(0);
  box.raw({5, 1, 5}, "water");
  box.place({5, 3, 5}, "lava");
  box.steps(100);
  EXPECT_EQ(box.name_at({5, 1, 5}), "stone");
  EXPECT_EQ(box.name_at({5, 2, 5}), "lava");
}

TEST(FluidTicks, LavaOverSoulSoilBesideBlueIceMakesBasalt) {
  FluidBox box;
  box.floor(0);
  box.raw({5, 0, 5}, "soul_soil");
  box.raw({6, 1, 5}, "blue_ice");
  box.place({5, 1, 5}, "lava");
  EXPECT_EQ(box.name_at({5, 1, 5}), "basalt");
}

TEST(FluidTicks, WaterWashesAwayATorchAndDropsIt) {
  FluidBox box;
  box.floor(0);
  box.raw({6, 1, 5}, "torch");
  box.place({5, 1, 5}, "water");
  box.steps(5);
  EXPECT_EQ(box.at({6, 1, 5}), water_level(1));
  ASSERT_EQ(box.drops().dropped.size(), 1u);
  EXPECT_EQ(box.drops().dropped[0].item, *item_id("torch"));
}

TEST(FluidTicks, ARemovedSourceDriesUp) {
  FluidBox box;
  box.floor(0);
  box.place({7, 1, 7}, "water");
  box.steps(60);
  box.place({7, 1, 7}, "air");
  box.steps(200);
  for (int x = 0; x < kSizeX; ++x)
    for (int z = 0; z < kSizeZ; ++z) EXPECT_TRUE(is_air(box.at({x, 1, z}))) << x << "," << z;
}

TEST(FluidTicks, AWaterloggedSlabFeedsWaterSideways) {
  FluidBox box;
  box.floor(0);
  box.raw({5, 1, 5}, with_value(default_state_of("oak_slab"), "waterlogged", "true"));
  box.place({5, 2, 5}, "stone");  // a neighbour change makes the slab's water tick
  box.steps(5);
  EXPECT_EQ(box.at({6, 1, 5}), water_level(1));
}

// --- the system against a reference model ---

// Vanilla's rule re-stated for worlds of stone, air and water only, where every block either
// fills its cell (stone) or is empty, so walls are simply stone. Levels follow the water block:
// 0 source, 1..7 flowing with amount 8 - level, 8 falling.
struct FluidModel {
  enum Kind : uint8_t { kAir, kStone, kWater };
  struct Cell {
    Kind kind = kAir;
    int level = 0;
    bool operator==(const Cell&) const = default;
  };
  struct Tick {
    BlockPos pos;
    bool source;  // the fluid: water (source) or flowing water
    int64_t trigger, sub;
  };
  std::array<Cell, kSizeX * kSizeY * kSizeZ> cells{};
  std::vector<Tick> ticks;
  int64_t now = 0, sub = 0;

  static size_t index(const BlockPos& p) { return static_cast<size_t>((p.y * kSizeZ + p.z) * kSizeX + p.x); }
  Cell get(const BlockPos& p) const { return inside_fluid_box(p) ? cells[index(p)] : Cell{kStone, 0}; }
  static bool water(const Cell& c) { return c.kind == kWater; }
  static bool source(const Cell& c) { return c.kind == kWater && c.level == 0; }
  static int amount(const Cell& c) { return c.kind != kWater ? 0 : c.level == 0 ? 8 : c.level >= 8 ? 8 : 8 - c.level; }
  static bool falling(const Cell& c) { return c.kind == kWater && c.level >= 8; }

  void schedule(const BlockPos& p, bool src) {
    const int64_t s = sub++;
    if (!inside_fluid_box(p)) return;
    for (const Tick& t : ticks)
      if (t.pos == p && t.source == src) return;
    ticks.push_back({p, src, now + 5, s});
  }
  // setBlock and the updates after it: the new water's tick, each neighbour's (W, E, D, U, N, S),
  // then shape updates (W, E, N, S, D, U) tick water that is or borders a source.
  void set(const BlockPos& p, Cell c) {
    if (!inside_fluid_box(p) || get(p) == c) return;
    cells[index(p)] = c;
    if (water(c)) schedule(p, source(c));
    for (Dir d : {Dir::kWest, Dir::kEast, Dir::kDown, Dir::kUp, Dir::kNorth, Dir::kSouth}) {
      const BlockPos n = relative(p, d);
      if (water(get(n))) schedule(n, source(get(n)));
    }
    for (Dir d : {Dir::kWest, Dir::kEast, Dir::kNorth, Dir::kSouth, Dir::kDown, Dir::kUp}) {
      const BlockPos n = relative(p, d);
      if (water(get(n)) && (source(get(n)) || source(c))) schedule(n, source(get(n)));
    }
  }
  static Cell flowing(int amount, bool fall) { return Cell{kWater, fall ? 8 : 8 - amount}; }

  // What water would be at p: two sources beside it over stone or a source make a source; water
  // above makes it fall; else the highest neighbour less one.
  Cell new_water(const BlockPos& p) const {
    if (get(p).kind == kStone) return Cell{};
    int highest = 0, sources = 0;
    for (Dir d : kHorizontalDirs) {
      const Cell n = get(relative(p, d));
      if (!water(n)) continue;
      sources += source(n);
      highest = std::max(highest, amount(n));
    }
    const Cell below = get(relative(p, Dir::kDown));
    if (sources >= 2 && (below.kind == kStone || source(below))) return Cell{kWater, 0};
    if (water(get(relative(p, Dir::kUp)))) return flowing(8, true);
    return highest - 1 <= 0 ? Cell{} : flowing(highest - 1, false);
  }
  // Water could go into q (not stone, not already a source).
  bool open(const BlockPos& q) const { return get(q).kind != kStone && !source(get(q)); }
  bool hole(const BlockPos& q) const { return get(relative(q, Dir::kDown)).kind != kStone; }
  int slope(const BlockPos& p, int pass, Dir from) const {
    int lowest = 1000;
    for (Dir d : kHorizontalDirs) {
      if (d == from) continue;
      const BlockPos q = relative(p, d);
      if (!open(q)) continue;
      if (hole(q)) return pass;
      if (pass < 4) lowest = std::min(lowest, slope(q, pass + 1, opposite(d)));
    }
    return lowest;
  }
  void spread_to(const BlockPos& q, Cell c) { set(q, c); }
  void sides(const BlockPos& p, Cell c) {
    if (!(falling(c) || amount(c) - 1 > 0)) return;
    int lowest = 1000;
    std::vector<std::pair<Dir, Cell>> out;
    for (Dir d : kHorizontalDirs) {
      const BlockPos q = relative(p, d);
      if (!open(q)) continue;
      const int dist = hole(q) ? 0 : slope(q, 1, opposite(d));
      if (dist < lowest) out.clear();
      if (dist <= lowest) {
        // Water gives way sideways only where there is no water yet.
        if (!water(get(q))) out.emplace_back(d, new_water(q));
        lowest = dist;
      }
    }
    std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return static_cast<int>(a.first) < static_cast<int>(b.first); });
    for (auto& [d, n] : out) spread_to(relative(p, d), n);
  }
  void run(const BlockPos& p, bool src) {
    Cell c = get(p);
    if (!water(c) || source(c) != src) return;
    if (!source(c)) {
      const Cell n = new_water(p);
      if (!(n == c)) {
        c = n;
        set(p, n);
        if (water(n)) schedule(p, source(n));
      }
    }
    if (!water(c)) return;
    const BlockPos below = relative(p, Dir::kDown);
    if (open(below) && !water(get(below))) {
      spread_to(below, new_water(below));
      int sources = 0;
      for (Dir d : kHorizontalDirs) sources += source(get(relative(p, d)));
      if (sources >= 3) sides(p, c);
      return;
    }
    if (source(c) || get(below).kind == kStone) sides(p, c);
  }
  void step() {
    ++now;
    std::vector<Tick> due;
    std::stable_sort(ticks.begin(), ticks.end(), [](const Tick& a, const Tick& b) {
      return std::tie(a.trigger, a.sub) < std::tie(b.trigger, b.sub);
    });
    while (!ticks.empty() && ticks.front().trigger <= now) {
      due.push_back(ticks.front());
      ticks.erase(ticks.begin());
    }
    for (const Tick& t : due) run(t.pos, t.source);
  }
};

FluidModel::Cell fluid_cell_of(BlockStateId s) {
  if (is_air(s)) return {};
  if (block_info(block_of_state(s)).name == "water") return {FluidModel::kWater, std::stoi(std::string(state_property(s, "level")))};
  return {FluidModel::kStone, 0};
}

RC_GTEST_PROP(FluidTicks, RandomWorldsFlowAsTheReferenceModel, ()) {
  FluidBox box;
  FluidModel model;
  const int stone_percent = *rc::gen::inRange(0, 45);
  for (int y = 0; y < kSizeY; ++y)
    for (int z = 0; z < kSizeZ; ++z)
      for (int x = 0; x < kSizeX; ++x) {
        const bool stone = y == 0 || *rc::gen::inRange(0, 100) < stone_percent;
        if (!stone) continue;
        box.raw({x, y, z}, "stone");
        model.cells[FluidModel::index({x, y, z})] = {FluidModel::kStone, 0};
      }
  const int sources = *rc::gen::inRange(1, 5);
  for (int i = 0; i < sources; ++i) {
    const BlockPos p{*rc::gen::inRange(0, kSizeX), *rc::gen::inRange(1, kSizeY), *rc::gen::inRange(0, kSizeZ)};
    box.place(p, "water");
    model.set(p, {FluidModel::kWater, 0});
  }
  const int steps = *rc::gen::inRange(1, 120);
  for (int t = 0; t < steps; ++t) {
    box.step();
    model.step();
    // A source removed now and then: water dries up as well as spreads.
    if (*rc::gen::inRange(0, 40) == 0) {
      const BlockPos p{*rc::gen::inRange(0, kSizeX), *rc::gen::inRange(1, kSizeY), *rc::gen::inRange(0, kSizeZ)};
      box.place(p, "air");
      model.now = box.now();
      model.set(p, {});
    }
    model.now = box.now();
    for (int y = 0; y < kSizeY; ++y)
      for (int z = 0; z < kSizeZ; ++z)
        for (int x = 0; x < kSizeX; ++x) {
          const FluidModel::Cell want = model.get({x, y, z});
          const FluidModel::Cell got = fluid_cell_of(box.at({x, y, z}));
          RC_ASSERT(got == want);
        }
    RC_ASSERT(box.queue().count() == model.ticks.size());
  }
}

}  // namespace
}  // namespace hz
