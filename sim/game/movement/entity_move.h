// Entity.move for a player on the server: stuck multipliers, backing off edges while sneaking,
// collision one axis at a time (Y first) against block shapes and the border, step-up of at most
// 0.6, the collision flags, and the velocity changes that follow a collision.
#pragma once

#include "sim/game/movement/player_body.h"
#include "sim/game/movement/world_collisions.h"

namespace hz {

struct MoveWorld {
  const BlockSource& blocks;
  const WorldBorder& border;
};

enum class MoverType : uint8_t { kSelf, kPlayer };

// CollisionContext.of(player): shift = descending, the bottom is the current y.
CollisionContext collision_context(const PlayerBody& body);
// CollisionGetter.noCollision(player, box).
bool player_no_collision(const PlayerBody& body, const Aabb& box, const MoveWorld& world);
// Entity.collideWithShapes: each moving axis in axisStepOrder, clipped against the shapes.
Vec3 collide_with_shapes(const Vec3& movement, const Aabb& box, std::span<const PlacedShape> shapes);
// Entity.collide: the movement clipped by the world, with the step-up retry.
Vec3 collide_movement(const PlayerBody& body, const Vec3& movement, const MoveWorld& world);
// Player.maybeBackOffFromEdge: a sneaking player on the ground stops at edges in 0.05 steps.
Vec3 back_off_from_edge(const PlayerBody& body, const Vec3& delta, const MoveWorld& world);
// Entity.move. Returns the movement applied (the collided one), whether or not the position
// changed.
Vec3 move_player(PlayerBody& body, MoverType mover, Vec3 delta, const MoveWorld& world);

}  // namespace hz
