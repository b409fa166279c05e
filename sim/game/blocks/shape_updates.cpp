#include "sim/game/blocks/shape_updates.h"

#include <vector>

#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/block_support.h"
#include "sim/game/blocks/fire_rules.h"
#include "sim/game/blocks/fire_ticks.h"
#include "sim/game/blocks/leaves_distance.h"
#include "sim/game/blocks/placement_states.h"

namespace hz {

namespace {

BlockStateId air() {
  static const BlockStateId state = default_state_of("air");
  return state;
}

// FaceAttachedHorizontalDirectionalBlock.getConnectedDirection, reversed: toward the holder.
Dir toward_support(BlockStateId state) {
  const std::string_view face = state_property(state, "face");
  if (face == "ceiling") return Dir::kUp;
  if (face == "floor") return Dir::kDown;
  return opposite(facing_of(state));
}

BlockStateId door_shape(const BlockWorld& world, BlockStateId state, const BlockPos& pos, Dir toward,
                        BlockStateId neighbour) {
  const bool lower = has_value(state, "half", "lower");
  // The other half is above a lower half and below an upper one: the door copies it, or breaks.
  if ((toward == Dir::kUp && lower) || (toward == Dir::kDown && !lower)) {
    if (is_door(block_of_state(neighbour)) && state_property(neighbour, "half") != state_property(state, "half"))
      return with_value(neighbour, "half", lower ? "lower" : "upper");
    return air();
  }
  if (lower && toward == Dir::kDown && !can_survive(world, state, pos)) return air();
  return state;
}

// Which shape rule a block follows, worked out once per block (the checks compare names and tags,
// and every block change asks six neighbours).
enum class ShapeRule : uint8_t {
  kNone, kFloorAttached, kWallTorch, kFaceAttached, kDoor, kNeedsSupport, kConcretePowder, kFalling, kConnecting,
  kLeaves, kFire, kFarmland
};

ShapeRule kind_of(BlockId block) {
  static const std::vector<ShapeRule> kinds = [] {
    std::vector<ShapeRule> out(static_cast<size_t>(block_count()), ShapeRule::kNone);
    for (BlockId b = 0; b < static_cast<BlockId>(block_count()); ++b) {
      ShapeRule& k = out[b];
      if (is_standing_torch(b) || is_pressure_plate(b)) k = ShapeRule::kFloorAttached;
      else if (is_wall_torch(b)) k = ShapeRule::kWallTorch;
      else if (is_button(b) || is_lever(b)) k = ShapeRule::kFaceAttached;
      else if (is_door(b)) k = ShapeRule::kDoor;
      else if (is_vegetation(b) || is_crop(b) || is_carpet(b) || is_snow_layer(b)) k = ShapeRule::kNeedsSupport;
      else if (is_concrete_powder(b)) k = ShapeRule::kConcretePowder;
      else if (is_falling_block(b)) k = ShapeRule::kFalling;
      else if (is_stairs(b) || is_fence(b) || is_pane(b) || is_wall(b)) k = ShapeRule::kConnecting;
      else if (is_leaves(b) && !state_property(block_info(b).default_state, "distance").empty()) k = ShapeRule::kLeaves;
      else if (fire_rules::is_fire(block_info(b).default_state) || fire_rules::is_soul_fire(block_info(b).default_state))
        k = ShapeRule::kFire;
      else if (block_info(b).name == "farmland") k = ShapeRule::kFarmland;
    }
    return out;
  }();
  return kinds[block];
}

}  // namespace

BlockStateId update_shape(const BlockWorld& world, BlockTickScheduler& ticks, BlockStateId state, const BlockPos& pos,
                          Dir toward, BlockStateId neighbour) {
  const BlockId block = block_of_state(state);
  switch (kind_of(block)) {
    case ShapeRule::kNone:
      return state;
    case ShapeRule::kFloorAttached:
      return toward == Dir::kDown && !can_survive(world, state, pos) ? air() : state;
    case ShapeRule::kWallTorch:
      return toward == opposite(facing_of(state)) && !can_survive(world, state, pos) ? air() : state;
    case ShapeRule::kFaceAttached:
      return toward == toward_support(state) && !can_survive(world, state, pos) ? air() : state;
    case ShapeRule::kDoor:
      return door_shape(world, state, pos, toward, neighbour);
    case ShapeRule::kNeedsSupport:
      return can_survive(world, state, pos) ? state : air();
    case ShapeRule::kConcretePowder:
      if (touches_water(world, pos)) return block_info(concrete_of(block)).default_state;
      [[fallthrough]];
    case ShapeRule::kFalling:
      ticks.schedule_block_tick(pos, block, kFallingBlockDelay);
      return state;
    case ShapeRule::kConnecting:
      return connection_update(world, state, pos, toward).value_or(state);
    case ShapeRule::kLeaves:
      // The recount runs as the leaf's block tick (BlockTickRules), so a cut log's leaves learn
      // their new distance one layer a tick. A waterlogged leaf's water tick is the fluids' part.
      if (leaves_need_recount(state, neighbour)) ticks.schedule_block_tick(pos, block, kLeavesTickDelay);
      return state;
    case ShapeRule::kFire:
      // Fire re-reads which faces it clings to; soul fire goes back to its one state.
      if (!fire_rules::can_survive(world, state, pos)) return air();
      if (fire_rules::is_soul_fire(state)) return block_info(block).default_state;
      return fire_rules::state_with_age(world, pos, fire_rules::age_of(state));
    case ShapeRule::kFarmland:
      // FarmBlock.updateShape: a solid block put on top turns it to dirt in its tick, a tick later.
      if (toward == Dir::kUp && !can_survive(world, state, pos)) ticks.schedule_block_tick(pos, block, kFarmlandTickDelay);
      return state;
  }
  return state;
}

bool breaks_on_neighbour_change(const BlockWorld& world, BlockStateId state, const BlockPos& pos) {
  if (!is_rail(block_of_state(state))) return false;
  if (!can_survive(world, state, pos)) return true;
  const std::string_view shape = state_property(state, "shape");
  // An ascending rail also needs the block it climbs toward.
  for (Dir d : {Dir::kEast, Dir::kWest, Dir::kNorth, Dir::kSouth})
    if (shape == std::string("ascending_") + dir_name(d))
      return !face_sturdy(world.block_at(relative(pos, d)), Dir::kUp, Support::kRigid);
  return false;
}

void on_place(BlockWorld& world, BlockTickScheduler& ticks, Rng& random, BlockStateId state, BlockStateId old,
              const BlockPos& pos) {
  const BlockId block = block_of_state(state);
  if (is_falling_block(block)) ticks.schedule_block_tick(pos, block, kFallingBlockDelay);
  if (kind_of(block) != ShapeRule::kFire) return;
  // BaseFireBlock.onPlace: a new fire that cannot stay goes out at once. FireBlock.onPlace then
  // asks for its tick (a draw even when that fire is gone or only aged).
  if (block_of_state(old) != block && !fire_rules::can_survive(world, state, pos)) world.set_block(pos, air());
  if (fire_rules::is_fire(state)) ticks.schedule_block_tick(pos, block, fire_tick_delay(random));
}

bool is_free_for_falling(BlockStateId state) {
  const BlockId block = block_of_state(state);
  const std::string_view name = block_info(block).name;
  return is_air(state) || block_in_tag(block, "minecraft:fire") || name == "water" || name == "lava" ||
         name == "bubble_column" ||
         block_in_tag(block, "minecraft:replaceable");
}

bool touches_water(const BlockWorld& world, const BlockPos& pos) {
  // Vanilla's loop skips the block below (it tests the powder itself for water first).
  for (Dir d : {Dir::kUp, Dir::kNorth, Dir::kSouth, Dir::kWest, Dir::kEast}) {
    const BlockStateId n = world.block_at(relative(pos, d));
    if (is_water(n) && !face_sturdy(n, opposite(d))) return true;
  }
  return false;
}

}  // namespace hz
