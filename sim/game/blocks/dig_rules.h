// Vanilla's digging decisions as pure functions (docs/rules/digging.md): reach to a block, the
// per-tick destroy progress, the finishing tolerance and spawn protection.
#pragma once

#include "sim/data/blocks.h"
#include "sim/game/items/item_stack.h"
#include "sim/game/player.h"
#include "sim/protocol/wire.h"

namespace hz::dig_rules {

// block_interaction_range: 4.5, plus 0.5 for creative players; the server allows 1.0 more.
inline constexpr double kSurvivalBlockRange = 4.5;
inline constexpr double kCreativeBlockRange = 5.0;
inline constexpr double kReachTolerance = 1.0;
// STOP finishes a block once the server's progress reaches this (the client may be ahead).
inline constexpr float kFinishTolerance = 0.7f;
// Player.getDestroySpeed: a submerged player digs at 0.2 (submerged_mining_speed's base), an
// airborne one at a fifth.
inline constexpr double kSubmergedSpeed = 0.2;
inline constexpr float kAirborneDivisor = 5.0f;
// BlockBehaviour.getDestroyProgress: the divisor with the correct tool for drops, and without.
inline constexpr float kCorrectToolDivisor = 30.0f;
inline constexpr float kWrongToolDivisor = 100.0f;
// The attributes' bounds (RangedAttribute): mining_efficiency in [0, 1024], submerged_mining_speed
// in [0, 20].
inline constexpr double kMaxMiningEfficiency = 1024.0;
inline constexpr double kMaxSubmergedSpeed = 20.0;

// Squared distance from `eye` to the nearest point of the block's unit box below (range + 1)².
bool within_reach(const Vec3& eye, const BlockPos& block, double range);

// What the digging player brings: the main-hand stack (its tool component and Efficiency), the
// helmet's Aqua Affinity level, and where the player is.
struct Digger {
  ItemStack main_hand;
  int aqua_affinity = 0;
  bool on_ground = true;
  bool eyes_in_water = false;
};

// The mining_efficiency attribute a main-hand stack gives: Efficiency's level squared plus one.
double mining_efficiency(const ItemStack& main_hand);
// The submerged_mining_speed attribute: 0.2, times 1 + 4 per level of Aqua Affinity on the helmet.
double submerged_mining_speed(int aqua_affinity);
// Player.getDestroySpeed: the tool's speed for the block, Efficiency when the tool is faster than
// a hand, then water and air.
float destroy_speed(BlockStateId state, const Digger& digger);
// BlockBehaviour.getDestroyProgress: the share of the block destroyed per tick (>= 1: at once;
// 0: never, for unbreakable blocks).
float destroy_progress(BlockStateId state, const Digger& digger);

// DedicatedServer.isUnderSpawnProtection: only when the server has operators, the player is not
// one, the radius is positive, and the block is within the square radius of the spawn.
bool under_spawn_protection(const BlockPos& block, int spawn_x, int spawn_z, int radius, bool server_has_ops,
                            bool player_is_op);

}  // namespace hz::dig_rules
