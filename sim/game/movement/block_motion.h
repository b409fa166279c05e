// What blocks do to a moving player besides colliding: friction, speed and jump factors,
// bouncing, climbing, getting stuck (cobweb, berry bush, powder snow) and liquids.
#pragma once

#include <cstdint>

#include "sim/data/blocks.h"
#include "sim/game/player.h"

namespace hz {

enum class Bounce : uint8_t { kNone, kSlime, kBed };
enum class Stuck : uint8_t { kNone, kCobweb, kBerryBush, kPowderSnow };

struct BlockMotion {
  float friction = 0.6f;
  float speed_factor = 1.0f;
  float jump_factor = 1.0f;
  Bounce bounce = Bounce::kNone;
  Stuck stuck = Stuck::kNone;
  bool climbable = false;  // block tag minecraft:climbable
  bool lava = false;
  bool water_block = false;  // water or bubble_column (not waterlogged blocks)
};

const BlockMotion& block_motion(BlockStateId state);
// The speed multiplier a stuck block applies to the next move (Entity.makeStuckInBlock).
Vec3 stuck_multiplier(Stuck stuck);
bool is_scaffolding(BlockStateId state);

}  // namespace hz
