// Fire's decisions over the blocks around it (docs/rules/fire.md): what burns, where fire can
// stay, which faces it clings to, and the odds it spreads into a space (FireBlock, BaseFireBlock).
#pragma once

#include "sim/data/blocks.h"
#include "sim/game/ports.h"

namespace hz::fire_rules {

inline constexpr int kMaxAge = 15;

bool is_fire(BlockStateId state);       // minecraft:fire
bool is_soul_fire(BlockStateId state);  // minecraft:soul_fire

// FireBlock.getIgniteOdds / getBurnOdds of a state: a waterlogged block does not burn.
int ignite_odds(BlockStateId state);
int burn_odds(BlockStateId state);
// FireBlock.canBurn: the state has ignite odds.
bool can_burn(BlockStateId state);

// FireBlock.isValidFireLocation: something that burns on one of the six sides.
bool is_valid_fire_location(const BlockWorld& world, const BlockPos& pos);
// Whether the fire (or soul fire) state can stay at pos: soul fire on its base blocks; fire on a
// sturdy top face or beside something that burns.
bool can_survive(const BlockWorld& world, BlockStateId fire, const BlockPos& pos);
// BaseFireBlock.getState: soul fire over its base blocks, else fire clinging to the burnable
// faces around it when nothing below holds it up.
BlockStateId state_for(const BlockWorld& world, const BlockPos& pos);
// FireBlock.getStateWithAge: state_for with `age` when it is fire.
BlockStateId state_with_age(const BlockWorld& world, const BlockPos& pos, int age);
int age_of(BlockStateId fire);
// The odds fire spreads into pos: 0 unless pos is air, else the best ignite odds of its sides.
int spread_odds_into(const BlockWorld& world, const BlockPos& pos);

}  // namespace hz::fire_rules
