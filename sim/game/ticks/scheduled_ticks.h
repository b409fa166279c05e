// The level's scheduled tick queues (vanilla's blockTicks and fluidTicks, docs/rules/
// block-ticks-and-updates.md §1): one container per loaded chunk, restored from and saved to the
// chunk's NBT, run once per tick at the game time while the game runs normally.
#pragma once

#include <cstdint>
#include <functional>

#include "sim/game/ports.h"
#include "sim/game/sessions.h"
#include "sim/game/ticks/level_ticks.h"
#include "sim/game/world/world_chunks.h"

namespace hz {

class TickRateManager;
struct TickTypeNames;

class ScheduledTicks final : public BlockTickScheduler, public ChunkDataKeeper {
 public:
  using TickRunner = std::function<void(const BlockPos&, BlockId)>;
  using FluidTickRunner = std::function<void(const BlockPos&, uint32_t)>;
  using ChunkTicking = std::function<bool(ChunkPos)>;

  ScheduledTicks(const GameTime& time, const TickRateManager& rate, ServerLog& log);

  // What runs a due block tick (ServerLevel.tickBlock), and which chunks tick at all.
  void set_runner(TickRunner runner) { runner_ = std::move(runner); }
  // What runs a due fluid tick (ServerLevel.tickFluid): the fluid ticks (sim/game/fluids/).
  void set_fluid_runner(FluidTickRunner runner) { fluid_runner_ = std::move(runner); }
  void set_ticking(ChunkTicking ticking) { ticking_ = std::move(ticking); }

  // BlockTickScheduler
  bool schedule_block_tick(const BlockPos& pos, BlockId block, int delay, int priority = 0) override;
  bool has_block_tick(const BlockPos& pos, BlockId block) const override;
  // The fluid queue: asked for by liquid and waterlogged blocks (docs/rules/fluids.md §5).
  bool schedule_fluid_tick(const BlockPos& pos, uint32_t fluid, int delay, int priority = 0) override;

  // ChunkDataKeeper
  void on_chunk_ready(ChunkPos pos, const anvil::ChunkExtras* stored) override;
  void on_chunk_saving(ChunkPos pos, anvil::ChunkExtras& extras, int64_t game_time) override;
  void on_chunk_unloaded(ChunkPos pos) override;

  // ServerLevel.tick's pending ticks: the block queue, then the fluid queue, after the clock and
  // before the chunks' tick (spawning, random ticks).
  void tick();

  const LevelTicks& block_ticks() const { return blocks_; }
  const LevelTicks& fluid_ticks() const { return fluids_; }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(blocks_, fluids_, next_sub_tick_);
  }

 private:
  void restore(LevelTicks& queue, ChunkPos pos, const anvil::ChunkExtras* stored, const char* key,
               const TickTypeNames& names);

  const GameTime& time_;
  const TickRateManager& rate_;
  ServerLog& log_;
  TickRunner runner_;
  FluidTickRunner fluid_runner_;
  ChunkTicking ticking_ = [](ChunkPos) { return true; };
  LevelTicks blocks_;
  LevelTicks fluids_;
  // Level.nextSubTickCount: one counter for both queues, so equal times run in request order.
  int64_t next_sub_tick_ = 0;
};

}  // namespace hz
