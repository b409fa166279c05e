// A mob's mind (docs/rules/mobs.md §3): the goal and target selectors with vanilla's priority,
// flag and every-other-tick rules, the goals Horizon's mobs use, the ground navigation that
// follows a path from the pathfinder, and the move, look and jump controls.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "sim/core/properties.h"
#include "sim/core/rng.h"
#include "sim/game/mobs/mob.h"
#include "sim/game/movement/block_source.h"
#include "sim/game/pathfinding/node.h"
#include "sim/game/ports.h"

namespace hz {

// Goal.Flag bits.
enum GoalFlag : uint8_t { kFlagMove = 1, kFlagLook = 2, kFlagJump = 4, kFlagTarget = 8 };

// What a mob's AI reads and may do outside itself.
struct MobWorld {
  const BlockSource& blocks;
  PlayerConnections& players;
  Rng& random;
  int64_t game_time = 0;
  // Mob.doHurtTarget on a player; true when the hit landed.
  std::function<bool(Mob&, Player&)> hurt_player;
  Difficulty difficulty = Difficulty::kNormal;
  // getLightLevelDependentMagicValue at the mob's eyes (spiders are calm in light); 0 when unknown.
  float brightness = 0.0f;
  // RangedAttackMob.performRangedAttack: an arrow at the player with the bow's power.
  std::function<void(Mob&, Player&, float)> shoot_arrow;
  // Whether a straight line meets no block collider (Sensing.hasLineOfSight); unset: always clear.
  std::function<bool(const Vec3&, const Vec3&)> clear_line;
};

namespace mob_ai {

// The eye height of a standing player (target and look positions).
inline constexpr double kPlayerEyeHeight = 1.62;
// Mob.DEFAULT_ATTACK_REACH: how far beyond its box a mob's melee reaches sideways.
double attack_reach();
// The goals a new mob of `kind` starts with, in vanilla's registration order.
std::vector<GoalState> initial_goals(const MobKind& kind);
// Mob.serverAiStep: selectors (full every other tick by id, running goals otherwise), navigation,
// then the move, look and jump controls.
void server_ai_step(Mob& mob, MobWorld& world);
// Mob.isWithinMeleeAttackRange for a standing player at `player_position`.
bool within_melee_range(const Mob& mob, const Vec3& player_position);

// Navigation (GroundPathNavigation).
// Starts following a path to `target` (createPath(BlockPos, reach) and moveTo); false without a path.
bool move_to(Mob& mob, MobWorld& world, const NodePos& target, int reach, double speed);
// createPath for a block target: nothing while the mob is airborne or below the world.
std::optional<Path> create_path(const Mob& mob, const BlockSource& blocks, NodePos target, int reach);
bool navigation_done(const Mob& mob);
void stop_navigation(Mob& mob);
// PathNavigation.tick: advance past reached points and aim the move control at the next one.
void tick_navigation(Mob& mob);

// DefaultRandomPos.getPos, simplified (docs/rules/mobs.md §3.4): ten random offsets within
// `horizontal`/`vertical`, moved up out of solid blocks, kept when standing on something.
std::optional<Vec3> random_position(const Mob& mob, const BlockSource& blocks, Rng& random, int horizontal,
                                    int vertical);

// Shared with the goals in their own files (skeleton.h).
void set_look_at(Mob& mob, const Vec3& at, float y_max, float x_max);
Player* target_player(const Mob& mob, MobWorld& world);
bool attackable(const Player& p);
// Mob.lookAt: turns the body (yaw) and pitch toward a point at most the given degrees.
void turn_body_towards(Mob& mob, const Vec3& at, float y_max, float x_max);

}  // namespace mob_ai
}  // namespace hz
