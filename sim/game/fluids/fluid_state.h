// Fluid states as vanilla's FluidState sees them (docs/rules/fluids.md §1): which fluid a block
// state holds (liquid blocks by level, waterlogged and always-wet blocks as water sources), the
// fluid registry index the tick queue names it by, and the liquid block a fluid state stands for.
#pragma once

#include <cstdint>

#include "sim/data/blocks.h"

namespace hz {

enum class FluidType : uint8_t { kEmpty, kWater, kLava };

// Indices in the fluid registry (the fluid tick queue's types, `fluid_ticks` names).
inline constexpr uint32_t kFluidEmpty = 0;
inline constexpr uint32_t kFluidFlowingWater = 1;
inline constexpr uint32_t kFluidWater = 2;
inline constexpr uint32_t kFluidFlowingLava = 3;
inline constexpr uint32_t kFluidLava = 4;

// A source has amount 8 and is never falling; a flowing fluid has amount 1..8 and may fall.
struct FluidState {
  FluidType type = FluidType::kEmpty;
  uint8_t amount = 0;
  bool source = false;
  bool falling = false;

  bool empty() const { return type == FluidType::kEmpty; }
  bool operator==(const FluidState&) const = default;
};

FluidState source_fluid(FluidType type);
FluidState flowing_fluid(FluidType type, int amount, bool falling);

// BlockState.getFluidState (a table built once from blocks.h).
FluidState fluid_of(BlockStateId state);
// Fluid.getType's registry index: flowing and source water (or lava) are different fluids.
uint32_t fluid_index(const FluidState& fluid);
// FluidState.createLegacyBlock: air, or water/lava with level 0 (source), 8 - amount (flowing),
// plus 8 when falling.
BlockStateId legacy_block(const FluidState& fluid);
// The liquid blocks themselves (LiquidBlock): water and lava of any level.
bool is_liquid_block(BlockStateId state);
// FlowingFluid's own height (amount / 9), or 1 with the same fluid above (Fluid.getHeight).
float own_height(const FluidState& fluid);

}  // namespace hz
