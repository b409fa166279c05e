// The server's own simulation of a player once per tick (the movement part of
// ServerPlayer.doTick) with no input keys: velocity decay, gravity, collisions, climbing, liquids,
// stuck blocks and the pose. Only its velocity and flags outlive the tick: the caller snaps the
// position back to where the client last was.
#pragma once

#include "sim/game/movement/entity_move.h"

namespace hz {

// Whether the player's pose box (shrunk by 1e-7) fits at its position.
bool pose_fits(const PlayerBody& body, Pose pose, const MoveWorld& world);
// Player.updatePlayerPose: the wanted pose (gliding, crouching when sneaking and not flying,
// else standing) if it fits, else crouching, else swimming; nothing changes when even the
// swimming box does not fit. Spectators always take the wanted pose.
void update_pose(PlayerBody& body, const MoveWorld& world, bool spectator);
// Jump velocity as vanilla's jumpFromGround gives it (the server runs it when a client that was
// on the ground says it is not and moved up), including the sprint boost.
void jump_from_ground(PlayerBody& body, const MoveWorld& world);
// One tick of the player's physics with no input.
void tick_player_physics(PlayerBody& body, const MoveWorld& world, bool spectator);

}  // namespace hz
