// Fluid tick benchmark: a water source poured on a flat 32x32 stone floor until the flow settles
// (a diamond of radius 7), through BlockUpdates and a fluid queue as the core runs them; reports
// the time per fluid tick run.
#include <benchmark/benchmark.h>

#include <array>
#include <string>

#include "sim/game/blocks/block_updates.h"
#include "sim/game/fluids/fluid_ticks.h"
#include "sim/game/ticks/level_ticks.h"

namespace hz {
namespace {

constexpr int kSize = 32;

class FloorWorld final : public BlockWorld {
 public:
  FloorWorld() { reset(); }
  void reset() {
    cells_.fill(default_state_of("air"));
    for (int x = 0; x < kSize; ++x)
      for (int z = 0; z < kSize; ++z) cells_[index({x, 0, z})] = default_state_of("stone");
  }
  bool set_block(const BlockPos& p, BlockStateId s) override {
    if (!inside(p)) return false;
    cells_[index(p)] = s;
    return true;
  }
  BlockStateId block_at(const BlockPos& p) const override {
    return inside(p) ? cells_[index(p)] : default_state_of("stone");
  }
  bool is_loaded(const BlockPos& p) const override { return inside(p); }

 private:
  static bool inside(const BlockPos& p) { return p.x >= 0 && p.x < kSize && p.y >= 0 && p.y < 4 && p.z >= 0 && p.z < kSize; }
  static size_t index(const BlockPos& p) { return static_cast<size_t>((p.y * kSize + p.z) * kSize + p.x); }
  std::array<BlockStateId, kSize * kSize * 4> cells_{};
};

struct NoDrops final : ItemDrops {
  void drop_from_block(const BlockPos&, const ItemStack&) override {}
  void drop_at(const Vec3&, const ItemStack&) override {}
  void drop_from_player(const Player&, const ItemStack&, bool, bool) override {}
};
struct NoLog final : ServerLog {
  void log(LogLevel, std::string) override {}
};

struct Queue final : BlockTickScheduler {
  LevelTicks ticks;
  int64_t now = 0, sub = 0;
  bool schedule_block_tick(const BlockPos&, BlockId, int, int) override { return false; }
  bool has_block_tick(const BlockPos&, BlockId) const override { return false; }
  bool schedule_fluid_tick(const BlockPos& pos, uint32_t fluid, int delay, int priority) override {
    return ticks.schedule(ScheduledTick{fluid, pos, now + delay, priority, sub++});
  }
};

void BM_WaterSettlesOnAFloor(benchmark::State& state) {
  FloorWorld world;
  NoDrops drops;
  NoLog log;
  Rng rng(1);
  int64_t runs = 0;
  for (auto _ : state) {
    state.PauseTiming();
    world.reset();
    Queue queue;
    queue.ticks.add_chunk({0, 0}, {}, 0);
    queue.ticks.add_chunk({1, 0}, {}, 0);
    queue.ticks.add_chunk({0, 1}, {}, 0);
    queue.ticks.add_chunk({1, 1}, {}, 0);
    BlockUpdates updates(world, queue, drops, rng, log, 1000000);
    FluidTicks fluids(updates, queue, drops, rng, FluidSettings{});
    state.ResumeTiming();
    updates.set_block({16, 1, 16}, default_state_of("water"));
    while (queue.ticks.count() > 0) {
      ++queue.now;
      queue.ticks.tick(queue.now, LevelTicks::kMaxTicksPerTick, [](ChunkPos) { return true; },
                       [&](const BlockPos& pos, uint32_t f) {
                         ++runs;
                         fluids.run(pos, f);
                       });
    }
  }
  state.counters["fluid_ticks"] = benchmark::Counter(static_cast<double>(runs), benchmark::Counter::kIsRate);
  state.counters["time_per_fluid_tick"] =
      benchmark::Counter(static_cast<double>(runs), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_WaterSettlesOnAFloor)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hz
