// The movement parts of ExperienceOrb.tick: water or gravity and lava's hop before the merge scan,
// the pull towards a followed player, then the push out of blocks, the move, friction and bounce.
#pragma once

#include "sim/core/rng.h"
#include "sim/game/entities/experience_orb.h"
#include "sim/game/movement/aabb.h"
#include "sim/game/movement/block_source.h"

namespace hz::orb_physics {

// ExperienceOrb.getDefaultGravity.
inline constexpr double kGravity = 0.03;
// followNearbyPlayer: players farther than this are not followed.
inline constexpr double kFollowDistance = 8.0;

// EntityDimensions.makeBoundingBox for 0.5 x 0.5 at `position`.
Aabb orb_box(const Vec3& position);
// Entity.isEyeInFluid(WATER): the orb's eyes (0.425 up) in the water of its own block column.
bool eyes_in_water(const ExperienceOrb& orb, const BlockSource& blocks);

// The tick up to the merge scan: eyes in water slow the orb and lift it, else it falls unless
// stuck in a block; in lava it hops (four nextFloat draws). Returns `colliding` (the box meets a
// block at the start of the tick), which the end of the tick reads.
bool begin_tick(ExperienceOrb& orb, const BlockSource& blocks, Rng& random);
// followNearbyPlayer's pull towards a player at `player_position` with eyes `eye_height` up.
Vec3 follow_pull(const Vec3& orb_position, const Vec3& player_position, float eye_height);
// The tick after following: the push out of a block (one nextFloat) when not following and stuck
// now and after the move, the move, friction and the bounce off the ground.
void end_tick(ExperienceOrb& orb, bool colliding, bool following, const BlockSource& blocks, Rng& random);

}  // namespace hz::orb_physics
