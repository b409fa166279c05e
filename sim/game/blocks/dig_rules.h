// Vanilla's digging decisions as pure functions (docs/rules/digging.md): reach to a block, the
// per-tick destroy progress, the finishing tolerance and spawn protection.
#pragma once

#include "sim/data/blocks.h"
#include "sim/game/player.h"
#include "sim/protocol/wire.h"

namespace hz::dig_rules {

// block_interaction_range: 4.5, plus 0.5 for creative players; the server allows 1.0 more.
inline constexpr double kSurvivalBlockRange = 4.5;
inline constexpr double kCreativeBlockRange = 5.0;
inline constexpr double kReachTolerance = 1.0;
// STOP finishes a block once the server's progress reaches this (the client may be ahead).
inline constexpr float kFinishTolerance = 0.7f;
// Player.getDestroySpeed: a submerged player digs at 0.2 (submerged_mining_speed), an airborne
// one at a fifth.
inline constexpr float kSubmergedSpeed = 0.2f;
inline constexpr float kAirborneDivisor = 5.0f;

// Squared distance from `eye` to the nearest point of the block's unit box below (range + 1)².
bool within_reach(const Vec3& eye, const BlockPos& block, double range);

// What the digging player's situation adds to the speed. The main hand is empty until players
// hold items, so the tool speed is 1 and no block counts its tool as correct.
struct Digger {
  bool on_ground = true;
  bool eyes_in_water = false;
};

// BlockBehaviour.getDestroyProgress: the share of the block destroyed per tick (>= 1: at once;
// 0: never, for unbreakable blocks).
float destroy_progress(BlockStateId state, const Digger& digger);

// DedicatedServer.isUnderSpawnProtection: only when the server has operators, the player is not
// one, the radius is positive, and the block is within the square radius of the spawn.
bool under_spawn_protection(const BlockPos& block, int spawn_x, int spawn_z, int radius, bool server_has_ops,
                            bool player_is_op);

}  // namespace hz::dig_rules
