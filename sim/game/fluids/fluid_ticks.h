// The fluid tick (ServerLevel.tickFluid and FlowingFluid.tick, docs/rules/fluids.md §2-§4): a due
// tick of the fluid queue recomputes a flowing fluid's state, then spreads down or sideways.
// Blocks change through the one block-change path, so neighbours, clients and saves follow.
#pragma once

#include "sim/core/rng.h"
#include "sim/game/fluids/fluid_rules.h"
#include "sim/game/ports.h"

namespace hz {

class GameRules;

class FluidTicks {
 public:
  // `world`: BlockUpdates (setBlock with UPDATE_ALL); `drops`: what water washes away drops;
  // `random`: the core's one generator (lava's spread delay).
  FluidTicks(BlockWorld& world, BlockTickScheduler& ticks, ItemDrops& drops, Rng& random, const GameRules& rules)
      : world_(world), ticks_(ticks), drops_(drops), random_(random), rules_(&rules) {}
  // For tests without game rules.
  FluidTicks(BlockWorld& world, BlockTickScheduler& ticks, ItemDrops& drops, Rng& random, FluidSettings settings)
      : world_(world), ticks_(ticks), drops_(drops), random_(random), fixed_(settings) {}

  // tickFluid: runs the tick if the fluid at `pos` is still `fluid` (a fluid registry index).
  void run(const BlockPos& pos, uint32_t fluid);

 private:
  FluidSettings settings() const;
  void spread(const BlockPos& pos, BlockStateId state, const FluidState& fluid, const FluidSettings& s);
  void spread_to_sides(const BlockPos& pos, BlockStateId state, const FluidState& fluid, const FluidSettings& s);
  void spread_to(const BlockPos& pos, BlockStateId state, Dir dir, FluidType type, const FluidState& target);
  int spread_delay(const BlockPos& pos, const FluidState& old, const FluidState& next);

  BlockWorld& world_;
  BlockTickScheduler& ticks_;
  ItemDrops& drops_;
  Rng& random_;
  const GameRules* rules_ = nullptr;
  FluidSettings fixed_;
};

}  // namespace hz
