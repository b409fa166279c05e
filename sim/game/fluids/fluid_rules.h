// FlowingFluid's decisions as pure functions over a block reader (docs/rules/fluids.md §2-§4):
// what fluid a place would hold (getNewLiquid), where a fluid may pass (walls, containers,
// replaceable fluids), the slope search toward the nearest drop (getSpread), and the constants
// of water and lava in the overworld.
#pragma once

#include <utility>
#include <vector>

#include "sim/game/blocks/directions.h"
#include "sim/game/fluids/fluid_state.h"
#include "sim/game/ports.h"

namespace hz {

// The per-fluid constants (WaterFluid / LavaFluid; lava's are the overworld's, without FAST_LAVA).
struct FluidConstants {
  int slope_find_distance;
  int drop_off;
  int tick_delay;
};
inline constexpr FluidConstants kWaterConstants{4, 1, 5};
inline constexpr FluidConstants kLavaConstants{2, 2, 30};
const FluidConstants& constants_of(FluidType type);

// The game rules the fluids read (water_source_conversion, lava_source_conversion).
struct FluidSettings {
  bool water_source_conversion = true;
  bool lava_source_conversion = false;
  bool converts(FluidType type) const {
    return type == FluidType::kWater ? water_source_conversion : lava_source_conversion;
  }
};

// canPassThroughWall: whether fluid may cross the face between `from` (at the fluid) and `to`
// (the neighbour toward `dir`), by their collision shapes.
bool can_pass_through_wall(Dir dir, BlockStateId from, BlockStateId to);
// LiquidBlockContainer: blocks that take fluid into themselves (waterloggable, kelp, seagrass).
bool is_fluid_container(BlockStateId state);
// canHoldAnyFluid: containers, or blocks that do not block motion and are not doors, signs,
// ladders, sugar cane, bubble columns, portals, end gateways or structure voids.
bool can_hold_any_fluid(BlockStateId state);
// canHoldSpecificFluid: a container takes only what canPlaceLiquid allows (a waterloggable
// block: source water; kelp and seagrass: nothing); anything else holds any fluid.
bool can_hold_specific_fluid(BlockStateId state, uint32_t fluid);
// FluidState.canBeReplacedWith: empty always; water only from above by a non-water fluid; lava
// of height at least 4/9 by water. `pos` is where `existing` is (lava's height looks above it).
bool can_be_replaced_with(const BlockWorld& world, const BlockPos& pos, const FluidState& existing, FluidType other,
                          Dir dir);

// getNewLiquid: the state `type` would have at `pos` (holding `state`) from its neighbours.
FluidState new_liquid(const BlockWorld& world, const BlockPos& pos, BlockStateId state, FluidType type,
                      const FluidSettings& settings);
// canMaybePassThrough: not a source of the same fluid, able to hold fluid, no wall between.
bool can_maybe_pass_through(FluidType type, BlockStateId from, Dir dir, BlockStateId to);
// isWaterHole: the fluid at `top` could fall into `bottom`.
bool is_hole(FluidType type, BlockStateId top, BlockStateId bottom);
// sourceNeighborCount: horizontal neighbours holding a source of the same fluid.
int source_neighbour_count(const BlockWorld& world, const BlockPos& pos, FluidType type);
// getSpread: the sideways targets and their new fluid, toward the nearest hole within the slope
// distance (all tied directions), in vanilla's map order (north, south, west, east).
std::vector<std::pair<Dir, FluidState>> spread_targets(const BlockWorld& world, const BlockPos& pos,
                                                       BlockStateId state, FluidType type,
                                                       const FluidSettings& settings);

}  // namespace hz
