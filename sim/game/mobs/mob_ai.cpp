#include "sim/game/mobs/mob_ai.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/core/java_format.h"
#include "sim/core/java_math.h"
#include "sim/game/mobs/creeper.h"
#include "sim/game/mobs/mob_physics.h"
#include "sim/game/mobs/skeleton.h"
#include "sim/game/mobs/spider.h"
#include "sim/game/movement/aabb.h"
#include "sim/game/movement/block_shapes.h"
#include "sim/game/movement/player_body.h"
#include "sim/game/pathfinding/ground_navigation.h"
#include "sim/game/pathfinding/path_finder.h"

namespace hz::mob_ai {

namespace {

constexpr float kRadToDeg = 180.0f / static_cast<float>(M_PI);
// Mob.getHeadRotSpeed, getMaxHeadXRot, getMaxHeadYRot.
constexpr float kHeadRotSpeed = 10.0f;
constexpr float kMaxHeadXRot = 40.0f;
constexpr float kMaxHeadYRot = 75.0f;
// RandomStrollGoal's interval; the target goal's random interval (both before reducedTickDelay).
constexpr int kStrollInterval = 120;
constexpr int kTargetInterval = 10;
// LivingEntity.getLastDamageSource forgets the source after 40 ticks.
constexpr int kPanicMemoryTicks = 40;
constexpr double kNearPlayerForActivity = 32.0;  // Mob.checkDespawn resets noActionTime within it

// Goal.reducedTickDelay: half the ticks, rounded up (goals tick every other tick).
int reduced_tick_delay(int ticks) { return (ticks + 1) / 2; }

bool every_tick(GoalId id) {
  return id == GoalId::kFloat || id == GoalId::kRandomLookAround || id == GoalId::kZombieAttack ||
         id == GoalId::kSwell || id == GoalId::kRangedBowAttack;
}

int adjusted_tick_delay(GoalId id, int ticks) { return every_tick(id) ? ticks : reduced_tick_delay(ticks); }

uint8_t flags_of(GoalId id) {
  switch (id) {
    case GoalId::kFloat: return kFlagJump;
    case GoalId::kPanic:
    case GoalId::kStroll:
    case GoalId::kSwell: return kFlagMove;
    case GoalId::kLookAtPlayer: return kFlagLook;
    case GoalId::kRandomLookAround:
    case GoalId::kZombieAttack:
    case GoalId::kRangedBowAttack: return kFlagMove | kFlagLook;
    case GoalId::kLeapAtTarget: return kFlagJump | kFlagMove;
    case GoalId::kNearestAttackableTarget: return kFlagTarget;
  }
  return 0;
}

GoalState goal(GoalId id, int priority, bool target = false) {
  return GoalState{id, priority, flags_of(id), false, target};
}

std::string_view block_name(BlockStateId state) { return block_info(block_of_state(state)).name; }

// BlockTags.DOORS and BlockTags.FENCES (every member's name ends so).
bool is_door_or_fence(BlockStateId state) {
  const std::string_view name = block_name(state);
  return name.ends_with("_door") || name.ends_with("_fence");
}

bool alive(const Player& p) { return !p.dead && p.health > 0.0f; }


Player* player_of(MobWorld& world, std::optional<ConnId> conn) {
  return conn ? world.players.player(*conn) : nullptr;
}

// Mth.degreesDifference / rotateTowards / rotateIfNecessary.
float degrees_difference(float from, float to) { return wrap_degrees(to - from); }
float rotate_towards(float from, float to, float max) {
  return from + std::clamp(degrees_difference(from, to), -max, max);
}
float rotate_if_necessary(float base, float target, float max) {
  return target - std::clamp(degrees_difference(base, target), -max, max);
}

// --- controls ---

void set_wanted_position(Mob& mob, const Vec3& at, double speed) {
  mob.state.wanted = at;
  mob.state.speed_modifier = speed;
  if (mob.state.move_operation != MoveOperation::kJumping) mob.state.move_operation = MoveOperation::kMoveTo;
}


// MoveControl.rotlerp.
float rotlerp(float a, float b, float max) {
  float h = a + std::clamp(wrap_degrees(b - a), -max, max);
  if (h < 0.0f) h += 360.0f;
  else if (h > 360.0f) h -= 360.0f;
  return h;
}

void tick_move_control(Mob& mob, const BlockSource& blocks) {
  MobState& s = mob.state;
  const float speed = static_cast<float>(s.speed_modifier * mob.mob_kind().movement_speed);
  if (s.move_operation == MoveOperation::kStrafe) {
    // MoveControl's STRAFE operation. Vanilla turns a strafe that would step onto a block it could
    // not walk on into plain forward motion; Horizon strafes regardless (docs/rules/mobs.md §7).
    s.speed = speed;
    s.zza = s.strafe_forwards;
    s.xxa = s.strafe_right;
    s.move_operation = MoveOperation::kWait;
  } else if (s.move_operation == MoveOperation::kMoveTo) {
    s.move_operation = MoveOperation::kWait;
    const double xd = s.wanted.x - mob.position.x, zd = s.wanted.z - mob.position.z, yd = s.wanted.y - mob.position.y;
    if (xd * xd + yd * yd + zd * zd < as_float(2.5000003e-7)) {
      s.zza = 0.0f;
      return;
    }
    const float target_yaw = static_cast<float>(std::atan2(zd, xd) * static_cast<double>(kRadToDeg)) - 90.0f;
    mob.yaw = rotlerp(mob.yaw, target_yaw, 90.0f);
    s.speed = speed;
    s.zza = speed;  // Mob.setSpeed also sets the forward input
    const int bx = java_floor(mob.position.x), by = java_floor(mob.position.y), bz = java_floor(mob.position.z);
    const BlockStateId here = blocks.block(bx, by, bz);
    const VoxelShape* shape = block_collision_shape(here, bx, by, bz, CollisionContext{});
    const bool blocked_here = shape != nullptr && !shape->empty() &&
                              mob.position.y < shape->max(Axis::kY) + static_cast<double>(by) &&
                              !is_door_or_fence(here);
    const double width = std::max(1.0, static_cast<double>(mob.mob_kind().width));
    if ((yd > 0.6 && xd * xd + zd * zd < width) || blocked_here) {
      s.jump_wanted = true;
      s.move_operation = MoveOperation::kJumping;
    }
  } else if (s.move_operation == MoveOperation::kJumping) {
    s.speed = speed;
    s.zza = speed;
    if (mob.on_ground || s.in_water) s.move_operation = MoveOperation::kWait;
  } else {
    s.zza = 0.0f;
  }
}

void tick_look_control(Mob& mob) {
  MobState& s = mob.state;
  mob.pitch = 0.0f;  // resetXRotOnTick
  if (s.look_at_cooldown > 0) {
    --s.look_at_cooldown;
    const double xd = s.look_at.x - mob.position.x, zd = s.look_at.z - mob.position.z;
    if (std::abs(zd) > 1.0e-5 || std::abs(xd) > 1.0e-5) {
      const float y = static_cast<float>(std::atan2(zd, xd) * static_cast<double>(kRadToDeg)) - 90.0f;
      s.head_yaw = rotate_towards(s.head_yaw, y, s.look_y_max);
    }
    const double yd = s.look_at.y - mob.eye_y();
    const double sd = std::sqrt(xd * xd + zd * zd);
    if (std::abs(yd) > 1.0e-5 || std::abs(sd) > 1.0e-5) {
      const float x = static_cast<float>(-(std::atan2(yd, sd) * static_cast<double>(kRadToDeg)));
      mob.pitch = rotate_towards(mob.pitch, x, s.look_x_max);
    }
  } else {
    s.head_yaw = rotate_towards(s.head_yaw, mob.yaw, kHeadRotSpeed);
  }
  // The body follows the move direction in Horizon (no BodyRotationControl), so it is the yaw.
  if (!navigation_done(mob)) s.head_yaw = rotate_if_necessary(s.head_yaw, mob.yaw, kMaxHeadYRot);
}

// --- goals ---

// PanicGoal.shouldPanic: the last damage source, kept 40 ticks, is a panic cause.
bool panic_cause_recent(const Mob& mob, int64_t game_time) {
  return mob.state.last_damage_panics && game_time - mob.state.last_damage_time <= kPanicMemoryTicks;
}

// How a search for the nearest player measures its range.
enum class Reach {
  kPlain,      // the distance alone
  kTargeting,  // TargetingConditions.test: scaled by getVisibilityPercent, never below 2
};

// LevelGetter.getNearestPlayer with a range test.
Player* nearest_player(const Mob& mob, MobWorld& world, double range, bool combat, Reach reach = Reach::kTargeting) {
  Player* best = nullptr;
  double best_distance = std::numeric_limits<double>::max();
  const Vec3 from{mob.position.x, mob.eye_y(), mob.position.z};
  for (Player* p : world.players.joined_players()) {
    if (!alive(*p) || p->game_mode == GameMode::kSpectator) continue;
    if (combat && !attackable(*p)) continue;
    // getVisibilityPercent: a crouching player (isDiscrete) is seen from 0.8 of the range.
    const double scaled = reach == Reach::kPlain ? range : std::max(range * (p->crouching ? 0.8 : 1.0), 2.0);
    if (distance_sqr(mob.position, p->position) > scaled * scaled) continue;
    const double d = distance_sqr(from, p->position);
    if (d < best_distance) best_distance = d, best = p;
  }
  return best;
}

std::optional<Vec3> stroll_position(const Mob& mob, MobWorld& world) {
  // WaterAvoidingRandomStrollGoal: out of water, 999 times in 1000 a land position.
  if (mob.state.in_water) return random_position(mob, world.blocks, world.random, 15, 7);
  world.random.next_float();
  return random_position(mob, world.blocks, world.random, 10, 7);
}

bool can_use(Mob& mob, GoalState& g, MobWorld& world) {
  MobState& s = mob.state;
  switch (g.id) {
    case GoalId::kFloat: {
      const double threshold = mob.mob_kind().eye_height < 0.4f ? 0.0 : 0.4;
      return s.in_water && mob_physics::water_height(mob, world.blocks) > threshold;
    }
    case GoalId::kPanic: {
      if (!panic_cause_recent(mob, world.game_time)) return false;
      const auto pos = random_position(mob, world.blocks, world.random, 5, 4);
      if (!pos) return false;
      s.wanted = *pos;
      return true;
    }
    case GoalId::kStroll: {
      if (s.no_action_time >= 100) return false;
      if (world.random.next_below(static_cast<uint32_t>(reduced_tick_delay(kStrollInterval))) != 0) return false;
      const auto pos = stroll_position(mob, world);
      if (!pos) return false;
      s.wanted = *pos;
      return true;
    }
    case GoalId::kLookAtPlayer: {
      if (world.random.next_float() >= 0.02f) return false;
      Player* p = nearest_player(mob, world, mob.mob_kind().look_distance, false);
      if (!p) return false;
      s.look_at_player = p->conn;
      return true;
    }
    case GoalId::kRandomLookAround: return world.random.next_float() < 0.02f;
    case GoalId::kZombieAttack: {
      if (world.game_time - s.last_can_use_check < 20) return false;
      s.last_can_use_check = world.game_time;
      Player* target = player_of(world, s.target);
      if (!target || !alive(*target)) return false;
      const Vec3& p = target->position;
      if (create_path(mob, world.blocks, NodePos{java_floor(p.x), java_floor(p.y), java_floor(p.z)}, 0)) return true;
      return within_melee_range(mob, p);
    }
    case GoalId::kSwell: return creeper::swell_can_use(mob, world);
    case GoalId::kRangedBowAttack: return skeleton::can_use(mob, world);
    case GoalId::kLeapAtTarget: return spider::leap_can_use(mob, world);
    case GoalId::kNearestAttackableTarget: {
      if (spider::is_spider(mob) && spider::too_bright_to_target(world)) return false;
      if (world.random.next_below(static_cast<uint32_t>(reduced_tick_delay(kTargetInterval))) != 0) return false;
      Player* p = nearest_player(mob, world, mob.mob_kind().follow_range, true);
      if (!p) return false;
      s.target = p->conn;
      return true;
    }
  }
  return false;
}

bool can_continue(Mob& mob, GoalState& g, MobWorld& world) {
  MobState& s = mob.state;
  switch (g.id) {
    case GoalId::kFloat: return can_use(mob, g, world);
    case GoalId::kPanic:
    case GoalId::kStroll: return !navigation_done(mob);
    case GoalId::kLookAtPlayer: {
      Player* p = player_of(world, s.look_at_player);
      const double range = mob.mob_kind().look_distance;
      return p && alive(*p) && distance_sqr(mob.position, p->position) <= range * range && s.look_time > 0;
    }
    case GoalId::kRandomLookAround: return s.look_time >= 0;
    case GoalId::kZombieAttack: {
      if (spider::is_spider(mob) && spider::calmed_by_light(mob, world)) return false;
      Player* target = player_of(world, s.target);
      // A spider follows its target even unseen and off its path (followingTargetEvenIfNotSeen).
      if (spider::is_spider(mob)) return target && attackable(*target);
      return target && alive(*target) && !navigation_done(mob);
    }
    case GoalId::kSwell: return creeper::swell_can_use(mob, world);
    case GoalId::kRangedBowAttack: return skeleton::can_continue(mob, world);
    case GoalId::kLeapAtTarget: return spider::leap_can_continue(mob);
    case GoalId::kNearestAttackableTarget: {
      Player* target = player_of(world, s.target);
      if (!target || !attackable(*target)) return false;
      const double range = mob.mob_kind().follow_range;
      return distance_sqr(mob.position, target->position) <= range * range;
    }
  }
  return false;
}

void start(Mob& mob, GoalState& g, MobWorld& world) {
  MobState& s = mob.state;
  switch (g.id) {
    case GoalId::kFloat: break;
    case GoalId::kPanic: {
      const Vec3 to = s.wanted;
      move_to(mob, world, NodePos{java_floor(to.x), java_floor(to.y), java_floor(to.z)}, 1,
              mob.mob_kind().panic_speed);
      break;
    }
    case GoalId::kStroll: {
      const Vec3 to = s.wanted;
      // WaterAvoidingRandomStrollGoal's speed: 0.8 for the creeper and the spider, 1.0 for the others.
      const double speed = mob.mob_kind().type == MobType::kCreeper ? 0.8
                           : spider::is_spider(mob)                ? spider::kStrollSpeed
                                                                   : 1.0;
      move_to(mob, world, NodePos{java_floor(to.x), java_floor(to.y), java_floor(to.z)}, 1, speed);
      break;
    }
    case GoalId::kLookAtPlayer:
      s.look_time = adjusted_tick_delay(g.id, 40 + static_cast<int>(world.random.next_below(40)));
      break;
    case GoalId::kRandomLookAround: {
      const double angle = 2.0 * M_PI * world.random.next_double();
      s.rel_look_x = std::cos(angle);
      s.rel_look_z = std::sin(angle);
      s.look_time = 20 + static_cast<int>(world.random.next_below(20));
      break;
    }
    case GoalId::kZombieAttack: {
      Player* target = player_of(world, s.target);
      if (target) {
        const Vec3& p = target->position;
        move_to(mob, world, NodePos{java_floor(p.x), java_floor(p.y), java_floor(p.z)}, 0, 1.0);
      }
      s.ticks_until_path_recalculation = 0;
      s.ticks_until_next_attack = 0;
      s.pathed_target = Vec3{};
      break;
    }
    case GoalId::kSwell: creeper::swell_start(mob); break;
    case GoalId::kRangedBowAttack: skeleton::start(mob); break;
    case GoalId::kLeapAtTarget: spider::leap_start(mob, world); break;
    case GoalId::kNearestAttackableTarget: break;
  }
}

void stop(Mob& mob, GoalState& g, MobWorld& world) {
  MobState& s = mob.state;
  switch (g.id) {
    case GoalId::kStroll: stop_navigation(mob); break;
    case GoalId::kLookAtPlayer: s.look_at_player.reset(); break;
    case GoalId::kZombieAttack: {
      Player* target = player_of(world, s.target);
      if (!target || !attackable(*target)) s.target.reset();
      stop_navigation(mob);
      break;
    }
    case GoalId::kNearestAttackableTarget: s.target.reset(); break;
    case GoalId::kSwell: creeper::swell_stop(mob); break;
    case GoalId::kRangedBowAttack: skeleton::stop(mob); break;
    default: break;
  }
}

void tick_goal(Mob& mob, GoalState& g, MobWorld& world) {
  MobState& s = mob.state;
  switch (g.id) {
    case GoalId::kFloat:
      if (world.random.next_float() < 0.8f) s.jump_wanted = true;
      break;
    case GoalId::kLookAtPlayer: {
      Player* p = player_of(world, s.look_at_player);
      if (p && alive(*p)) {
        set_look_at(mob, Vec3{p->position.x, p->position.y + kPlayerEyeHeight, p->position.z}, kHeadRotSpeed,
                    kMaxHeadXRot);
        --s.look_time;
      }
      break;
    }
    case GoalId::kRandomLookAround:
      --s.look_time;
      set_look_at(mob, Vec3{mob.position.x + s.rel_look_x, mob.eye_y(), mob.position.z + s.rel_look_z}, kHeadRotSpeed,
                  kMaxHeadXRot);
      break;
    case GoalId::kZombieAttack: {
      Player* target = player_of(world, s.target);
      if (!target) break;
      const Vec3 tp = target->position;
      set_look_at(mob, Vec3{tp.x, tp.y + kPlayerEyeHeight, tp.z}, 30.0f, 30.0f);
      s.ticks_until_path_recalculation = std::max(s.ticks_until_path_recalculation - 1, 0);
      // Line of sight is taken as given (docs/rules/mobs.md §3.3).
      if (s.ticks_until_path_recalculation <= 0 &&
          ((s.pathed_target.x == 0.0 && s.pathed_target.y == 0.0 && s.pathed_target.z == 0.0) ||
           distance_sqr(tp, s.pathed_target) >= 1.0 || world.random.next_float() < 0.05f)) {
        s.pathed_target = tp;
        int delay = 4 + static_cast<int>(world.random.next_below(7));
        const double d = distance_sqr(mob.position, tp);
        if (d > 1024.0) delay += 10;
        else if (d > 256.0) delay += 5;
        // GroundPathNavigation.createPath(Entity) aims at the target's block with reach 1.
        if (!move_to(mob, world, NodePos{java_floor(tp.x), java_floor(tp.y), java_floor(tp.z)}, 1, 1.0)) delay += 15;
        s.ticks_until_path_recalculation = adjusted_tick_delay(g.id, delay);
      }
      s.ticks_until_next_attack = std::max(s.ticks_until_next_attack - 1, 0);
      if (s.ticks_until_next_attack <= 0 && within_melee_range(mob, tp)) {
        s.ticks_until_next_attack = adjusted_tick_delay(g.id, 20);
        if (world.hurt_player) world.hurt_player(mob, *target);
      }
      break;
    }
    case GoalId::kSwell: creeper::swell_tick(mob, world); break;
    case GoalId::kRangedBowAttack: skeleton::tick(mob, world); break;
    default: break;
  }
}

// GoalSelector.tick (full) or tickRunningGoals (only goals that need every tick).
void tick_selector(Mob& mob, MobWorld& world, bool targets, bool full) {
  std::vector<GoalState>& goals = mob.state.goals;
  auto in_selector = [&](const GoalState& g) { return g.target_selector == targets; };
  if (full) {
    for (GoalState& g : goals)
      if (in_selector(g) && g.running && !can_continue(mob, g, world)) {
        g.running = false;
        stop(mob, g, world);
      }
    for (GoalState& g : goals) {
      if (!in_selector(g) || g.running) continue;
      // Every flag's holder must be replaceable: a lower priority number wins.
      bool replaceable = true;
      for (const GoalState& other : goals)
        if (in_selector(other) && other.running && (other.flags & g.flags) != 0 && !(g.priority < other.priority))
          replaceable = false;
      if (!replaceable || !can_use(mob, g, world)) continue;
      for (GoalState& other : goals)
        if (in_selector(other) && other.running && (other.flags & g.flags) != 0) {
          other.running = false;
          stop(mob, other, world);
        }
      g.running = true;
      start(mob, g, world);
    }
  }
  for (GoalState& g : goals)
    if (in_selector(g) && g.running && (full || every_tick(g.id))) tick_goal(mob, g, world);
}

}  // namespace

bool attackable(const Player& p) {
  return alive(p) && (p.game_mode == GameMode::kSurvival || p.game_mode == GameMode::kAdventure);
}

void set_look_at(Mob& mob, const Vec3& at, float y_max, float x_max) {
  mob.state.look_at = at;
  mob.state.look_y_max = y_max;
  mob.state.look_x_max = x_max;
  mob.state.look_at_cooldown = 2;
}

Player* target_player(const Mob& mob, MobWorld& world) {
  Player* p = mob.state.target ? world.players.player(*mob.state.target) : nullptr;
  return p && alive(*p) ? p : nullptr;
}

void turn_body_towards(Mob& mob, const Vec3& at, float y_max, float x_max) {
  // Mob.lookAt with Mob.rotlerp (no wrap into 0..360, unlike the move control's).
  const double xd = at.x - mob.position.x, zd = at.z - mob.position.z, yd = at.y - mob.eye_y();
  const double sd = std::sqrt(xd * xd + zd * zd);
  const float y_rot = static_cast<float>(std::atan2(zd, xd) * static_cast<double>(kRadToDeg)) - 90.0f;
  const float x_rot = static_cast<float>(-(std::atan2(yd, sd) * static_cast<double>(kRadToDeg)));
  mob.pitch = mob.pitch + std::clamp(wrap_degrees(x_rot - mob.pitch), -x_max, x_max);
  mob.yaw = mob.yaw + std::clamp(wrap_degrees(y_rot - mob.yaw), -y_max, y_max);
}

double attack_reach() { return std::sqrt(static_cast<double>(2.04f)) - static_cast<double>(0.6f); }

bool within_melee_range(const Mob& mob, const Vec3& player_position) {
  const double reach = attack_reach();
  return mob.box().inflate(reach, 0.0, reach).intersects(make_player_box(player_position, Pose::kStanding));
}

std::vector<GoalState> initial_goals(const MobKind& kind) {
  switch (kind.type) {
    case MobType::kCow:
    case MobType::kChicken:
      return {goal(GoalId::kFloat, 0), goal(GoalId::kPanic, 1), goal(GoalId::kStroll, 5),
              goal(GoalId::kLookAtPlayer, 6), goal(GoalId::kRandomLookAround, 7)};
    case MobType::kPig:
    case MobType::kSheep:
      return {goal(GoalId::kFloat, 0), goal(GoalId::kPanic, 1), goal(GoalId::kStroll, 6),
              goal(GoalId::kLookAtPlayer, 7), goal(GoalId::kRandomLookAround, 8)};
    case MobType::kZombie:
      return {goal(GoalId::kLookAtPlayer, 8), goal(GoalId::kRandomLookAround, 8), goal(GoalId::kZombieAttack, 3),
              goal(GoalId::kStroll, 7), goal(GoalId::kNearestAttackableTarget, 2, true)};
    case MobType::kCreeper:
      // Creeper.registerGoals without the cat and ocelot avoidance (no cats yet) and the hurt-by
      // target; its melee goal is the zombie's MeleeAttackGoal, whose hit does nothing.
      return {goal(GoalId::kFloat, 1), goal(GoalId::kSwell, 2), goal(GoalId::kZombieAttack, 4),
              goal(GoalId::kStroll, 5), goal(GoalId::kLookAtPlayer, 6), goal(GoalId::kRandomLookAround, 6),
              goal(GoalId::kNearestAttackableTarget, 1, true)};
    case MobType::kSpider:
      // Spider.registerGoals without AvoidEntityGoal (armadillos) and HurtByTargetGoal; the attack
      // goal is the melee one with SpiderAttackGoal's light rule (spider.h).
      return {goal(GoalId::kFloat, 1), goal(GoalId::kLeapAtTarget, 3), goal(GoalId::kZombieAttack, 4),
              goal(GoalId::kStroll, 5), goal(GoalId::kLookAtPlayer, 6), goal(GoalId::kRandomLookAround, 6),
              goal(GoalId::kNearestAttackableTarget, 2, true)};
    case MobType::kSkeleton:
      // AbstractSkeleton.registerGoals without RestrictSunGoal, FleeSunGoal, AvoidEntityGoal
      // (wolves) and HurtByTargetGoal (docs/rules/mobs.md §7); the bow goal at 4.
      return {goal(GoalId::kRangedBowAttack, 4), goal(GoalId::kStroll, 5), goal(GoalId::kLookAtPlayer, 6),
              goal(GoalId::kRandomLookAround, 6), goal(GoalId::kNearestAttackableTarget, 2, true)};
  }
  return {};
}

void server_ai_step(Mob& mob, MobWorld& world) {
  MobState& s = mob.state;
  ++s.no_action_time;
  if (nearest_player(mob, world, kNearPlayerForActivity, false, Reach::kPlain)) s.no_action_time = 0;
  const bool full = (s.tick_count + mob.id()) % 2 == 0 || s.tick_count <= 1;
  tick_selector(mob, world, true, full);
  tick_selector(mob, world, false, full);
  tick_navigation(mob);
  tick_move_control(mob, world.blocks);
  tick_look_control(mob);
  s.jumping = s.jump_wanted;  // JumpControl.tick
  s.jump_wanted = false;
}

// --- navigation ---

std::optional<Path> create_path(const Mob& mob, const BlockSource& blocks, NodePos target, int reach) {
  if (mob.position.y < static_cast<double>(blocks.min_y())) return std::nullopt;
  // GroundPathNavigation.canUpdatePath: on the ground or in a liquid.
  if (!mob.on_ground && !mob.state.in_water) return std::nullopt;
  if (!blocks.is_chunk_loaded(target.x >> 4, target.z >> 4)) return std::nullopt;
  // findSurfacePosition, simplified: out of solid blocks upwards.
  while (target.y < blocks.max_y()) {
    const BlockStateId state = blocks.block(target.x, target.y, target.z);
    const VoxelShape* shape = block_collision_shape(state, target.x, target.y, target.z, CollisionContext{});
    if (shape == nullptr || shape->empty()) break;
    ++target.y;
  }
  if (mob.state.path && mob.state.path_index < mob.state.path->points.size() && mob.state.path->target == target)
    return mob.state.path;
  const MobKind& kind = mob.mob_kind();
  PathMob pm;
  pm.width = kind.width;
  pm.height = kind.height;
  pm.can_float = kind.type != MobType::kZombie && kind.type != MobType::kSkeleton;  // FloatGoal sets it
  pm.position = mob.position;
  pm.on_ground = mob.on_ground;
  pm.in_water = mob.state.in_water;
  const float follow = static_cast<float>(kind.follow_range);
  const PathSearchLimits limits = ground_navigation_limits(follow, reach);
  const NodePos from{java_floor(mob.position.x), java_floor(mob.position.y), java_floor(mob.position.z)};
  const SearchRegion region(blocks, from, search_region_radius(limits.max_path_length, kBlockTargetRadiusOffset));
  const NodePos targets[] = {target};
  return find_path(region, pm, targets, limits);
}

bool move_to(Mob& mob, MobWorld& world, const NodePos& target, int reach, double speed) {
  if (spider::is_spider(mob)) {
    spider::remember_target(mob, target);
    mob.state.path_speed = speed;
  }
  std::optional<Path> path = create_path(mob, world.blocks, target, reach);
  if (!path || path->points.empty()) return false;
  const bool same = mob.state.path && path->points == mob.state.path->points && path->target == mob.state.path->target;
  if (!same) {
    mob.state.path = std::move(path);
    mob.state.path_index = 0;
  }
  mob.state.path_speed = speed;
  return true;
}

bool navigation_done(const Mob& mob) {
  return !mob.state.path || mob.state.path_index >= mob.state.path->points.size();
}

void stop_navigation(Mob& mob) {
  mob.state.climb_to.reset();
  mob.state.path.reset();
  mob.state.path_index = 0;
}

void tick_navigation(Mob& mob) {
  if (navigation_done(mob)) {
    if (spider::is_spider(mob)) spider::tick_wall_climber(mob);
    return;
  }
  MobState& s = mob.state;
  const bool can_update = mob.on_ground || s.in_water;
  const float width = mob.mob_kind().width;
  if (can_update) {
    const double max_distance = width > 0.75f ? width / 2.0f : 0.75f - width / 2.0f;
    const NodePos& next = s.path->points[s.path_index].pos;
    const double xd = std::abs(mob.position.x - (next.x + 0.5));
    const double yd = std::abs(mob.position.y - next.y);
    const double zd = std::abs(mob.position.z - (next.z + 0.5));
    if (xd < max_distance && zd < max_distance && yd < 1.0) ++s.path_index;
  }
  if (navigation_done(mob)) return;
  const NodePos& next = s.path->points[s.path_index].pos;
  // Path.getNextEntityPos: the node's corner plus half the mob's width rounded up to a block.
  const double offset = static_cast<int>(width + 1.0f) * 0.5;
  set_wanted_position(mob, Vec3{next.x + offset, static_cast<double>(next.y), next.z + offset}, s.path_speed);
}

std::optional<Vec3> random_position(const Mob& mob, const BlockSource& blocks, Rng& random, int horizontal,
                                    int vertical) {
  const int bx = java_floor(mob.position.x), by = java_floor(mob.position.y), bz = java_floor(mob.position.z);
  std::optional<Vec3> best;
  int best_value = std::numeric_limits<int>::min();
  auto solid = [&](int x, int y, int z) {
    const VoxelShape* shape = block_collision_shape(blocks.block(x, y, z), x, y, z, CollisionContext{});
    return shape != nullptr && !shape->empty();
  };
  for (int attempt = 0; attempt < 10; ++attempt) {
    const int dx = static_cast<int>(random.next_below(static_cast<uint32_t>(2 * horizontal + 1))) - horizontal;
    const int dy = static_cast<int>(random.next_below(static_cast<uint32_t>(2 * vertical + 1))) - vertical;
    const int dz = static_cast<int>(random.next_below(static_cast<uint32_t>(2 * horizontal + 1))) - horizontal;
    int x = bx + dx, y = by + dy, z = bz + dz;
    if (y < blocks.min_y() || y >= blocks.max_y() || !blocks.is_chunk_loaded(x >> 4, z >> 4)) continue;
    while (y < blocks.max_y() - 1 && solid(x, y, z)) ++y;  // RandomPos.moveUpOutOfSolid
    if (!solid(x, y - 1, z) || is_water(blocks.block(x, y, z))) continue;  // GoalUtils.isNotStable / water
    // PathfinderMob.getWalkTargetValue: animals prefer grass.
    const int value = mob.mob_kind().hostile ? 0 : (block_name(blocks.block(x, y - 1, z)) == "grass_block" ? 10 : 0);
    if (value > best_value) {
      best_value = value;
      best = Vec3{x + 0.5, static_cast<double>(y), z + 0.5};
    }
  }
  return best;
}

}  // namespace hz::mob_ai
