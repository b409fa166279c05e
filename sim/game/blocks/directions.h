// Vanilla's Direction as placing needs it: the six faces in protocol order, their steps, turns and
// opposites, the horizontal direction a player faces, and the order in which a player's look
// meets the six directions (Direction.orderedByNearest).
#pragma once

#include <array>

#include "sim/data/blocks.h"
#include "sim/protocol/wire.h"

namespace hz {

// Protocol (and vanilla ordinal) order: 0 down, 1 up, 2 north, 3 south, 4 west, 5 east.
enum class Dir : int { kDown = 0, kUp = 1, kNorth = 2, kSouth = 3, kWest = 4, kEast = 5 };

inline constexpr std::array<Dir, 4> kHorizontalDirs = {Dir::kNorth, Dir::kEast, Dir::kSouth, Dir::kWest};

struct Step {
  int x, y, z;
};

Step step_of(Dir d);
Dir opposite(Dir d);
bool is_horizontal(Dir d);
// Axis letter: 'x', 'y' or 'z'.
char axis_of(Dir d);
// Turned clockwise seen from above (north -> east -> south -> west); horizontal only.
Dir clockwise(Dir d);
Dir counter_clockwise(Dir d);
// The property value name: "down", "up", "north", ...
const char* dir_name(Dir d);
BlockPos relative(const BlockPos& pos, Dir d);
inline BlockPos offset(const BlockPos& p, int dx, int dy, int dz) { return BlockPos{p.x + dx, p.y + dy, p.z + dz}; }
// The `facing` property of a state; north when it has none.
Dir facing_of(BlockStateId state);

// Direction.fromYRot: floor(yaw / 90 + 0.5) & 3 -> south, west, north, east.
Dir horizontal_from_yaw(float yaw);
// Direction.orderedByNearest for a player looking with (yaw, pitch), using vanilla's sine table.
std::array<Dir, 6> nearest_looking_directions(float yaw, float pitch);

}  // namespace hz
