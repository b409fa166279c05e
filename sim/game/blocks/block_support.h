// Block shapes as placement rules read them (vanilla's VoxelShape face tests): the face a block
// offers a neighbour (its support shape cut at that face), whether that face is sturdy for a full
// or a centre attachment, whether a collision shape is a full cube, and footprint coverage.
#pragma once

#include <span>
#include <vector>

#include "sim/data/blocks.h"
#include "sim/game/blocks/directions.h"

namespace hz {

// A rectangle in a face's plane, in block units (x,z for up/down; x,y for north/south; z,y for
// east/west).
struct FaceRect {
  double min_u, min_v, max_u, max_v;
};

// SupportType: FULL needs the whole face, CENTER the 2x2-pixel middle (torches on fence posts),
// RIGID the 2-pixel ring along the face's edges (rails and pressure plates on top of walls do not).
enum class Support { kFull, kCenter, kRigid };

// getFaceShape: the boxes that reach the face's plane, projected onto it.
std::vector<FaceRect> face_shape(std::span<const ShapeBox> boxes, Dir face);
// Whether the union of `rects` covers all of `area`.
bool covers(std::span<const FaceRect> rects, const FaceRect& area);
// getBlockSupportShape: the collision shape, except leaves (none), mud and soul sand (full
// cube), snow layers (their visual height) and fence gates (a post-free bar, none when open).
std::vector<ShapeBox> support_boxes(BlockStateId state);
// isFaceSturdy(face, type).
bool face_sturdy(BlockStateId state, Dir face, Support type = Support::kFull);
// isCollisionShapeFullBlock: the collision shape is exactly the unit cube.
bool collision_full_block(BlockStateId state);

}  // namespace hz
