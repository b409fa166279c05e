// The state a block item places (vanilla's BlockPlaceContext and getStateForPlacement,
// docs/rules/placing.md §4) as pure decisions over a read-only world: which position is placed
// into, slabs, stairs, torches, fences, panes, walls, gates, doors, trapdoors, buttons, levers,
// pillars and waterlogging; whether a placed state survives where it is; and the connection
// updates of fences, panes, walls and stairs next to a changed block.
#pragma once

#include <array>
#include <optional>

#include "sim/data/blocks.h"
#include "sim/game/blocks/directions.h"
#include "sim/game/player.h"
#include "sim/game/ports.h"

namespace hz {

// BlockPlaceContext: the click and who made it.
struct PlaceContext {
  BlockPos clicked;  // the block the player clicked
  Dir face = Dir::kUp;
  Vec3 hit;          // the hit point in world coordinates
  float yaw = 0, pitch = 0;
  int32_t item = 0;  // the held item's id
  bool replace_clicked = false;
  // getClickedPos: the clicked block when it is replaced, else its neighbour on the clicked face.
  BlockPos pos() const { return replace_clicked ? clicked : relative(clicked, face); }
};

// Builds the context the way vanilla's constructor does: the clicked block is asked whether this
// click replaces it (while the context still says "replacing the clicked block").
PlaceContext make_place_context(const BlockWorld& world, const BlockPos& clicked, Dir face, const Vec3& hit,
                                float yaw, float pitch, int32_t item);
// BlockBehaviour.canBeReplaced(state, ctx): replaceable and not the held item's own block;
// slabs: the same slab item merges into a single slab from the right side.
bool can_be_replaced(BlockStateId state, const PlaceContext& ctx);
// BlockPlaceContext.canPlace.
bool can_place(const BlockWorld& world, const PlaceContext& ctx);
// getNearestLookingDirections: the look order, with the clicked face's opposite first unless the
// clicked block is replaced.
std::array<Dir, 6> looking_directions(const PlaceContext& ctx);
// getStateForPlacement of `block` (for a standing torch item: the standing or the wall torch,
// StandingAndWallBlockItem); none when the block cannot be placed here.
std::optional<BlockStateId> placement_state(const BlockWorld& world, BlockId block, const PlaceContext& ctx);
// canSurvive: torches, buttons and levers need a sturdy support, doors a sturdy floor, plants
// soil, carpets anything but air, pressure plates and rails a rigid or centre support, snow
// layers a full top (docs/rules/block-ticks-and-updates.md §2.3), farmland nothing solid above.
bool can_survive(const BlockWorld& world, BlockStateId state, const BlockPos& pos);
// The neighbour's new state after the block toward `toward_changed` changed (vanilla's
// updateShape for fences, panes, walls and stairs only); none when it does not change.
std::optional<BlockStateId> connection_update(const BlockWorld& world, BlockStateId neighbour,
                                              const BlockPos& neighbour_pos, Dir toward_changed);
// Source water at the position (a water source block or a waterlogged block).
bool water_source_at(const BlockWorld& world, const BlockPos& pos);

}  // namespace hz
