#include "sim/game/blocks/block_updates.h"

#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/shape_updates.h"
#include "sim/game/entities/block_loot.h"
#include "sim/game/fluids/liquid_blocks.h"

namespace hz {

namespace {

// BlockBehaviour.UPDATE_SHAPE_ORDER.
constexpr Dir kShapeOrder[6] = {Dir::kWest, Dir::kEast, Dir::kNorth, Dir::kSouth, Dir::kDown, Dir::kUp};
}  // namespace

BlockUpdates::BlockUpdates(BlockWorld& store, BlockTickScheduler& ticks, ItemDrops& drops, Rng& random,
                           ServerLog& log, int max_chained)
    : store_(store), ticks_(ticks), drops_(drops), random_(random), updater_(*this, log, max_chained) {}

bool BlockUpdates::set_block(const BlockPos& pos, BlockStateId state, int flags, int limit) {
  const BlockStateId old = store_.block_at(pos);
  if (!store_.set_block(pos, state)) return false;
  if (old == state) return true;  // nothing changed: no updates
  on_place(*this, ticks_, random_, state, old, pos);
  // LiquidBlock.onPlace: a fluid tick, or lava hardening against water.
  liquid_placed_or_neighbour_changed(*this, ticks_, pos, state);
  // onPlace may have replaced the block; then the updates belong to that change.
  if (store_.block_at(pos) != state) return true;
  if (flags & kUpdateNeighbors) updater_.update_neighbors_at(pos, block_of_state(old));
  if ((flags & kKnownShape) == 0 && limit > 0) {
    const int shape_flags = flags & ~(kUpdateNeighbors | kSuppressDrops);
    for (Dir d : kShapeOrder)
      updater_.shape_update(opposite(d), state, relative(pos, d), pos, shape_flags, limit - 1);
  }
  return true;
}

bool BlockUpdates::destroy_block(const BlockPos& pos, bool drop, int limit) {
  const BlockStateId state = store_.block_at(pos);
  if (is_air(state)) return false;
  if (drop)
    for (const ItemStack& stack : block_loot_table(state, ItemStack{}, random_)) drops_.drop_from_block(pos, stack);
  return set_block(pos, left_behind(state), kUpdateAll, limit);
}

void BlockUpdates::neighbor_changed(const BlockPos& pos, BlockId) {
  const BlockStateId state = store_.block_at(pos);
  liquid_placed_or_neighbour_changed(*this, ticks_, pos, state);
  if (breaks_on_neighbour_change(*this, state, pos)) destroy_block(pos, true);
}

// Block.updateOrDestroy after the block's updateShape.
void BlockUpdates::shape_update(Dir toward, BlockStateId neighbour_state, const BlockPos& pos, const BlockPos&,
                                int flags, int limit) {
  const BlockStateId current = store_.block_at(pos);
  if (!store_.is_loaded(pos)) return;
  // The fluid part of updateShape comes first, as in the blocks' own updateShape.
  fluid_shape_update(ticks_, current, pos, neighbour_state);
  const BlockStateId next = update_shape(*this, ticks_, current, pos, toward, neighbour_state);
  if (next == current) return;
  if (is_air(next)) {
    destroy_block(pos, (flags & kSuppressDrops) == 0, limit);
  } else {
    set_block(pos, next, flags & ~kSuppressDrops, limit);
  }
}

}  // namespace hz
