#include "sim/game/fluids/fluid_state.h"

#include <algorithm>
#include <array>
#include <string>

namespace hz {

FluidState source_fluid(FluidType type) { return FluidState{type, 8, true, false}; }

FluidState flowing_fluid(FluidType type, int amount, bool falling) {
  return FluidState{type, static_cast<uint8_t>(amount), false, falling};
}

namespace {

struct FluidTable {
  std::array<FluidState, kBlockStateCount> fluid{};
  std::array<bool, kBlockStateCount> liquid{};
};

const FluidTable& table() {
  static const FluidTable t = [] {
    FluidTable out;
    for (int id = 0; id < kBlockStateCount; ++id) {
      const auto state = static_cast<BlockStateId>(id);
      const std::string_view name = block_info(block_of_state(state)).name;
      FluidState f;
      if (name == "water" || name == "lava") {
        const FluidType type = name == "water" ? FluidType::kWater : FluidType::kLava;
        const int level = std::stoi(std::string(state_property(state, "level")));
        // LiquidBlock's cache: level 0 the source, 1..7 flowing 8 - level, 8 and above falling 8.
        f = level == 0 ? source_fluid(type) : level < 8 ? flowing_fluid(type, 8 - level, false)
                                                        : flowing_fluid(type, 8, true);
        out.liquid[static_cast<size_t>(id)] = true;
      } else if (state_property(state, "waterlogged") == "true" || name == "kelp" || name == "kelp_plant" ||
                 name == "seagrass" || name == "tall_seagrass" || name == "bubble_column") {
        f = source_fluid(FluidType::kWater);
      }
      out.fluid[static_cast<size_t>(id)] = f;
    }
    return out;
  }();
  return t;
}

}  // namespace

FluidState fluid_of(BlockStateId state) { return table().fluid[state]; }

bool is_liquid_block(BlockStateId state) { return table().liquid[state]; }

uint32_t fluid_index(const FluidState& fluid) {
  switch (fluid.type) {
    case FluidType::kEmpty: return kFluidEmpty;
    case FluidType::kWater: return fluid.source ? kFluidWater : kFluidFlowingWater;
    case FluidType::kLava: return fluid.source ? kFluidLava : kFluidFlowingLava;
  }
  return kFluidEmpty;
}

BlockStateId legacy_block(const FluidState& fluid) {
  static const BlockId water = block_of_state(default_state_of("water"));
  static const BlockId lava = block_of_state(default_state_of("lava"));
  static const BlockStateId air = default_state_of("air");
  if (fluid.empty()) return air;
  const int level = fluid.source ? 0 : 8 - std::min<int>(fluid.amount, 8) + (fluid.falling ? 8 : 0);
  // level is the block's only property: its states are in level order.
  return static_cast<BlockStateId>(block_info(fluid.type == FluidType::kWater ? water : lava).min_state + level);
}

float own_height(const FluidState& fluid) { return static_cast<float>(fluid.amount) / 9.0f; }

}  // namespace hz
