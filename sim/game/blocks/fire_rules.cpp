#include "sim/game/blocks/fire_rules.h"

#include <algorithm>
#include <string>

#include "sim/data/flammability.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/block_support.h"
#include "sim/game/blocks/directions.h"

namespace hz::fire_rules {
namespace {

// Direction.values(): the order vanilla walks a block's sides in.
constexpr Dir kSides[6] = {Dir::kDown, Dir::kUp, Dir::kNorth, Dir::kSouth, Dir::kWest, Dir::kEast};

bool waterlogged(BlockStateId state) { return state_property(state, "waterlogged") == "true"; }

}  // namespace

bool is_fire(BlockStateId state) {
  static const BlockId fire = block_of_state(default_state_of("fire"));
  return block_of_state(state) == fire;
}

bool is_soul_fire(BlockStateId state) {
  static const BlockId soul_fire = block_of_state(default_state_of("soul_fire"));
  return block_of_state(state) == soul_fire;
}

int ignite_odds(BlockStateId state) {
  return waterlogged(state) ? 0 : flammability(block_of_state(state)).ignite;
}

int burn_odds(BlockStateId state) { return waterlogged(state) ? 0 : flammability(block_of_state(state)).burn; }

bool can_burn(BlockStateId state) { return ignite_odds(state) > 0; }

bool is_valid_fire_location(const BlockWorld& world, const BlockPos& pos) {
  return std::any_of(std::begin(kSides), std::end(kSides),
                     [&](Dir d) { return can_burn(world.block_at(relative(pos, d))); });
}

bool can_survive(const BlockWorld& world, BlockStateId fire, const BlockPos& pos) {
  const BlockStateId below = world.block_at(relative(pos, Dir::kDown));
  if (is_soul_fire(fire)) return block_in_tag(block_of_state(below), "minecraft:soul_fire_base_blocks");
  return face_sturdy(below, Dir::kUp) || is_valid_fire_location(world, pos);
}

BlockStateId state_for(const BlockWorld& world, const BlockPos& pos) {
  static const BlockStateId fire = default_state_of("fire");
  static const BlockStateId soul_fire = default_state_of("soul_fire");
  const BlockStateId below = world.block_at(relative(pos, Dir::kDown));
  if (block_in_tag(block_of_state(below), "minecraft:soul_fire_base_blocks")) return soul_fire;
  // FireBlock.getStateForPlacement: faces only for fire hanging off burnable blocks.
  if (can_burn(below) || face_sturdy(below, Dir::kUp)) return fire;
  BlockStateId state = fire;
  for (Dir d : {Dir::kNorth, Dir::kEast, Dir::kSouth, Dir::kWest, Dir::kUp})
    state = with_value(state, dir_name(d), can_burn(world.block_at(relative(pos, d))) ? "true" : "false");
  return state;
}

BlockStateId state_with_age(const BlockWorld& world, const BlockPos& pos, int age) {
  const BlockStateId state = state_for(world, pos);
  if (!is_fire(state)) return state;
  return with_value(state, "age", std::to_string(age));
}

int age_of(BlockStateId fire) { return std::stoi(std::string(state_property(fire, "age"))); }

int spread_odds_into(const BlockWorld& world, const BlockPos& pos) {
  if (!is_air(world.block_at(pos))) return 0;
  int odds = 0;
  for (Dir d : kSides) odds = std::max(odds, ignite_odds(world.block_at(relative(pos, d))));
  return odds;
}

}  // namespace hz::fire_rules
