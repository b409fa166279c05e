// What liquid and waterlogged blocks do when the world around them changes (LiquidBlock.onPlace,
// neighborChanged and updateShape; the waterlogged blocks' updateShape): ask for a fluid tick,
// or, for lava touching water or over soul soil beside blue ice, harden first
// (docs/rules/fluids.md §5). BlockUpdates calls these on every change.
#pragma once

#include "sim/game/ports.h"

namespace hz {

// LiquidBlock.shouldSpreadLiquid then the fluid tick; used by onPlace and neighborChanged.
// `world` is the one block-change path (the hardened block is set through it).
void liquid_placed_or_neighbour_changed(BlockWorld& world, BlockTickScheduler& ticks, const BlockPos& pos,
                                        BlockStateId state);
// The fluid part of updateShape for `state` at `pos` after a neighbour became `neighbour`: a liquid
// block ticks if it or the neighbour holds a source; a waterlogged block's water ticks.
void fluid_shape_update(BlockTickScheduler& ticks, BlockStateId state, const BlockPos& pos, BlockStateId neighbour);

}  // namespace hz
