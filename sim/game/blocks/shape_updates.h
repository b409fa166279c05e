// What a block does when the world around it changes (docs/rules/block-ticks-and-updates.md §2):
// vanilla's updateShape (blocks that lose their support become air, connections follow their
// neighbours, falling blocks ask for a tick), neighborChanged for rails, and onPlace.
#pragma once

#include "sim/core/rng.h"
#include "sim/data/blocks.h"
#include "sim/game/blocks/directions.h"
#include "sim/game/ports.h"

namespace hz {

// FallingBlock's delay between a change and the tick that makes it fall.
inline constexpr int kFallingBlockDelay = 2;
// FarmBlock.updateShape's delay before a covered farmland's tick.
inline constexpr int kFarmlandTickDelay = 1;

// BlockBehaviour.updateShape of `state` at `pos` after its neighbour toward `toward_neighbour`
// became `neighbour_state`. Air means the block pops off. May schedule a tick.
BlockStateId update_shape(const BlockWorld& world, BlockTickScheduler& ticks, BlockStateId state, const BlockPos& pos,
                          Dir toward_neighbour, BlockStateId neighbour_state);
// neighborChanged: true when the block must be dropped and removed (rails without support).
bool breaks_on_neighbour_change(const BlockWorld& world, BlockStateId state, const BlockPos& pos);
// onPlace after `old` became `state` at `pos`: falling blocks and fire ask for their tick, and a
// fire that cannot stay goes out (through `world`, with its updates).
void on_place(BlockWorld& world, BlockTickScheduler& ticks, Rng& random, BlockStateId state, BlockStateId old,
              const BlockPos& pos);
// FallingBlock.isFree: what a falling block falls through (air, fire, liquids, replaceable).
bool is_free_for_falling(BlockStateId state);
// ConcretePowderBlock.touchesLiquid: water beside or above whose face toward `pos` is not sturdy.
bool touches_water(const BlockWorld& world, const BlockPos& pos);

}  // namespace hz
