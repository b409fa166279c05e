#include "sim/game/fluids/liquid_blocks.h"

#include "sim/game/blocks/directions.h"
#include "sim/game/fluids/fluid_rules.h"
#include "sim/game/fluids/fluid_state.h"

namespace hz {

namespace {

// LiquidBlock.shouldSpreadLiquid: false when lava hardened instead.
bool should_spread(BlockWorld& world, const BlockPos& pos, BlockStateId state) {
  const FluidState self = fluid_of(state);
  if (self.type != FluidType::kLava) return true;
  static const BlockStateId soul_soil = default_state_of("soul_soil");
  static const BlockId blue_ice = block_of_state(default_state_of("blue_ice"));
  const bool over_soul_soil = block_of_state(world.block_at(relative(pos, Dir::kDown))) ==
                              block_of_state(soul_soil);
  // POSSIBLE_FLOW_DIRECTIONS (down, south, north, east, west), each looked at from the other side.
  for (Dir d : {Dir::kUp, Dir::kNorth, Dir::kSouth, Dir::kWest, Dir::kEast}) {
    const BlockStateId n = world.block_at(relative(pos, d));
    if (fluid_of(n).type == FluidType::kWater) {
      world.set_block(pos, default_state_of(self.source ? "obsidian" : "cobblestone"));
      return false;
    }
    if (over_soul_soil && block_of_state(n) == blue_ice) {
      world.set_block(pos, default_state_of("basalt"));
      return false;
    }
  }
  return true;
}

}  // namespace

void liquid_placed_or_neighbour_changed(BlockWorld& world, BlockTickScheduler& ticks, const BlockPos& pos,
                                        BlockStateId state) {
  if (!is_liquid_block(state)) return;
  if (!should_spread(world, pos, state)) return;
  const FluidState f = fluid_of(state);
  ticks.schedule_fluid_tick(pos, fluid_index(f), constants_of(f.type).tick_delay);
}

void fluid_shape_update(BlockTickScheduler& ticks, BlockStateId state, const BlockPos& pos, BlockStateId neighbour) {
  const FluidState f = fluid_of(state);
  if (f.empty()) return;
  if (is_liquid_block(state)) {
    if (f.source || fluid_of(neighbour).source)
      ticks.schedule_fluid_tick(pos, fluid_index(f), constants_of(f.type).tick_delay);
    return;
  }
  if (state_property(state, "waterlogged") == "true")
    ticks.schedule_fluid_tick(pos, kFluidWater, kWaterConstants.tick_delay);
}

}  // namespace hz
