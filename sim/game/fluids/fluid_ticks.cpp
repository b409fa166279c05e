#include "sim/game/fluids/fluid_ticks.h"

#include "sim/game/blocks/block_kinds.h"
#include "sim/game/entities/block_loot.h"
#include "sim/game/game_rules.h"

namespace hz {

FluidSettings FluidTicks::settings() const {
  if (rules_ == nullptr) return fixed_;
  return FluidSettings{rules_->get_bool("water_source_conversion"), rules_->get_bool("lava_source_conversion")};
}

void FluidTicks::run(const BlockPos& pos, uint32_t fluid) {
  BlockStateId state = world_.block_at(pos);
  FluidState f = fluid_of(state);
  if (f.empty() || fluid_index(f) != fluid) return;
  const FluidSettings s = settings();
  if (!f.source) {
    const FluidState next = new_liquid(world_, pos, state, f.type, s);
    const int delay = spread_delay(pos, f, next);
    if (next.empty()) {
      f = next;
      state = default_state_of("air");
      world_.set_block(pos, state);
    } else if (next != f) {
      f = next;
      state = legacy_block(next);
      world_.set_block(pos, state);
      // Usually already asked for by the new block's onPlace, so this request is dropped.
      ticks_.schedule_fluid_tick(pos, fluid_index(next), delay);
    }
  }
  spread(pos, state, f, s);
}

// LavaFluid.getSpreadDelay: lava rising (not falling, higher than before) usually waits 4 times
// as long; the random draw happens only when it rises.
int FluidTicks::spread_delay(const BlockPos& pos, const FluidState& old, const FluidState& next) {
  const int delay = constants_of(old.type).tick_delay;
  if (old.type != FluidType::kLava || old.empty() || next.empty() || old.falling || next.falling) return delay;
  const bool lava_above = fluid_of(world_.block_at(relative(pos, Dir::kUp))).type == FluidType::kLava;
  const float old_h = lava_above ? 1.0f : own_height(old), next_h = lava_above ? 1.0f : own_height(next);
  if (next_h > old_h && random_.next_below(4) != 0) return delay * 4;
  return delay;
}

void FluidTicks::spread(const BlockPos& pos, BlockStateId state, const FluidState& fluid, const FluidSettings& s) {
  if (fluid.empty()) return;
  const BlockPos below = relative(pos, Dir::kDown);
  const BlockStateId below_state = world_.block_at(below);
  if (can_maybe_pass_through(fluid.type, state, Dir::kDown, below_state)) {
    const FluidState next = new_liquid(world_, below, below_state, fluid.type, s);
    if (can_be_replaced_with(world_, below, fluid_of(below_state), next.type, Dir::kDown) &&
        can_hold_specific_fluid(below_state, fluid_index(next))) {
      spread_to(below, below_state, Dir::kDown, fluid.type, next);
      if (source_neighbour_count(world_, pos, fluid.type) >= 3) spread_to_sides(pos, state, fluid, s);
      return;
    }
  }
  if (fluid.source || !is_hole(fluid.type, state, below_state)) spread_to_sides(pos, state, fluid, s);
}

void FluidTicks::spread_to_sides(const BlockPos& pos, BlockStateId state, const FluidState& fluid,
                                 const FluidSettings& s) {
  const int neighbour = fluid.falling ? 7 : fluid.amount - constants_of(fluid.type).drop_off;
  if (neighbour <= 0) return;
  for (const auto& [dir, target] : spread_targets(world_, pos, state, fluid.type, s)) {
    const BlockPos at = relative(pos, dir);
    spread_to(at, world_.block_at(at), dir, fluid.type, target);
  }
}

void FluidTicks::spread_to(const BlockPos& pos, BlockStateId state, Dir dir, FluidType type, const FluidState& target) {
  // LavaFluid.spreadTo: lava falling onto water makes stone of a water block (a waterlogged block
  // keeps its water); either way the lava goes no further there.
  if (type == FluidType::kLava && dir == Dir::kDown && fluid_of(state).type == FluidType::kWater) {
    if (is_liquid_block(state)) world_.set_block(pos, default_state_of("stone"));
    return;
  }
  if (is_fluid_container(state)) {
    // placeLiquid: only a waterloggable block that is dry takes source water.
    if (state_property(state, "waterlogged") == "false" && fluid_index(target) == kFluidWater) {
      world_.set_block(pos, with_value(state, "waterlogged", "true"));
      ticks_.schedule_fluid_tick(pos, kFluidWater, kWaterConstants.tick_delay);
    }
    return;
  }
  // beforeDestroyingBlock: water washes the block's loot out; lava only fizzes (a sound, not sent).
  if (!is_air(state) && type == FluidType::kWater)
    for (const ItemStack& stack : block_loot_table(state, ItemStack{}, random_)) drops_.drop_from_block(pos, stack);
  world_.set_block(pos, legacy_block(target));
}

}  // namespace hz
