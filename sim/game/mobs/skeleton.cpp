#include "sim/game/mobs/skeleton.h"

#include <cmath>

#include "sim/core/java_format.h"
#include "sim/game/blocks/block_ray.h"
#include "sim/game/entities/arrow.h"
#include "sim/game/movement/block_source_world.h"
#include "sim/game/movement/player_body.h"

namespace hz::skeleton {

namespace {

constexpr float kRadToDeg = 180.0f / static_cast<float>(M_PI);
// LivingEntity.hasLineOfSight gives up beyond 128 blocks.
constexpr double kMaxSightDistance = 128.0;
// The see-time below which a skeleton stops drawing or will not start.
constexpr int kLostSightTicks = -60;

int difficulty_id(Difficulty d) { return static_cast<int>(d); }

// LivingEntity.hasLineOfSight: a collider ray from eyes to eyes meets no block.
bool line_of_sight(const Mob& mob, const Player& target, const BlockSource& blocks) {
  const Vec3 from{mob.position.x, mob.eye_y(), mob.position.z};
  const Vec3 to{target.position.x, target.position.y + mob_ai::kPlayerEyeHeight, target.position.z};
  if (length_sqr(to - from) > kMaxSightDistance * kMaxSightDistance) return false;
  const BlockSourceWorld world(blocks);
  return !clip_blocks(world, from, to, FluidClip::kNone).hit;
}

void stop_using_item(Mob& mob) {
  if (mob.state.using_item) mob.data_dirty = true;
  mob.state.using_item = false;
  mob.state.use_item_ticks = 0;
}

}  // namespace

int attack_interval(Difficulty difficulty) { return difficulty == Difficulty::kHard ? 20 : 40; }

ArrowShot aim(const Vec3& mob_position, double eye_y, const Vec3& target, double target_height, float power,
              Difficulty difficulty, Rng& random) {
  ArrowShot shot;
  // The arrow starts at the shooter's eyes less 0.1 (AbstractArrow's owner constructor).
  shot.position = Vec3{mob_position.x, eye_y - static_cast<double>(0.1f), mob_position.z};
  // setBaseDamageFromMob: power × 2 plus a triangle around difficulty × 0.11.
  const double a = random.next_double();
  shot.base_damage = static_cast<double>(power * 2.0f) +
                     (static_cast<double>(difficulty_id(difficulty)) * 0.11 + 0.57425 * (a - random.next_double()));
  const double xd = target.x - mob_position.x;
  const double yd = target.y + target_height * 0.3333333333333333 - shot.position.y;
  const double zd = target.z - mob_position.z;
  const double horizontal = std::sqrt(xd * xd + zd * zd);
  const float uncertainty = static_cast<float>(14 - difficulty_id(difficulty) * 4);
  shot.velocity = arrow_rules::movement_to_shoot(Vec3{xd, yd + horizontal * static_cast<double>(0.2f), zd}, 1.6f, uncertainty, random);
  const Vec3& v = shot.velocity;
  shot.yaw = static_cast<float>(std::atan2(v.x, v.z) * static_cast<double>(kRadToDeg));
  shot.pitch = static_cast<float>(std::atan2(v.y, std::sqrt(v.x * v.x + v.z * v.z)) * static_cast<double>(kRadToDeg));
  return shot;
}

bool can_use(Mob& mob, MobWorld& world) {
  // The goal is registered only while a bow is in hand (reassessWeaponGoal); kinds carry theirs.
  return mob_ai::target_player(mob, world) != nullptr && !main_hand_item(mob.mob_kind()).empty();
}

bool can_continue(Mob& mob, MobWorld& world) { return can_use(mob, world) || !mob_ai::navigation_done(mob); }

void start(Mob& mob) {
  if (!mob.state.aggressive) mob.data_dirty = true;
  mob.state.aggressive = true;
}

void stop(Mob& mob) {
  if (mob.state.aggressive) mob.data_dirty = true;
  mob.state.aggressive = false;
  mob.state.bow_see_time = 0;
  mob.state.bow_attack_time = -1;
  stop_using_item(mob);
}

void tick_using_item(Mob& mob) {
  if (mob.state.using_item) ++mob.state.use_item_ticks;
}

void tick(Mob& mob, MobWorld& world) {
  MobState& s = mob.state;
  Player* target = mob_ai::target_player(mob, world);
  if (target == nullptr) return;
  const Vec3 tp = target->position;
  const double distance_sqr = length_sqr(tp - mob.position);
  const bool sees = line_of_sight(mob, *target, world.blocks);
  if (sees != (s.bow_see_time > 0)) s.bow_see_time = 0;
  s.bow_see_time += sees ? 1 : -1;
  const float radius_sqr = kAttackRadius * kAttackRadius;
  if (!(distance_sqr > static_cast<double>(radius_sqr)) && s.bow_see_time >= kDrawTicks) {
    mob_ai::stop_navigation(mob);
    ++s.strafing_time;
  } else {
    // PathNavigation.moveTo(entity): the target's block with reach 1.
    mob_ai::move_to(mob, world, NodePos{java_floor(tp.x), java_floor(tp.y), java_floor(tp.z)}, 1, kBowSpeedModifier);
    s.strafing_time = -1;
  }
  if (s.strafing_time >= 20) {
    if (static_cast<double>(world.random.next_float()) < 0.3) s.strafing_clockwise = !s.strafing_clockwise;
    if (static_cast<double>(world.random.next_float()) < 0.3) s.strafing_backwards = !s.strafing_backwards;
    s.strafing_time = 0;
  }
  const Vec3 eyes{tp.x, tp.y + mob_ai::kPlayerEyeHeight, tp.z};
  if (s.strafing_time > -1) {
    if (distance_sqr > static_cast<double>(radius_sqr * 0.75f)) s.strafing_backwards = false;
    else if (distance_sqr < static_cast<double>(radius_sqr * 0.25f)) s.strafing_backwards = true;
    // MoveControl.strafe: forward and sideways input at a quarter of the speed.
    s.strafe_forwards = s.strafing_backwards ? -0.5f : 0.5f;
    s.strafe_right = s.strafing_clockwise ? 0.5f : -0.5f;
    s.speed_modifier = 0.25;
    s.move_operation = MoveOperation::kStrafe;
    mob_ai::turn_body_towards(mob, eyes, 30.0f, 30.0f);
  } else {
    mob_ai::set_look_at(mob, eyes, 30.0f, 30.0f);
  }
  if (s.using_item) {
    if (!sees && s.bow_see_time < kLostSightTicks) {
      stop_using_item(mob);
    } else if (sees && s.use_item_ticks >= kDrawTicks) {
      const int drawn = s.use_item_ticks;
      stop_using_item(mob);
      if (world.shoot_arrow) world.shoot_arrow(mob, *target, arrow_rules::power_for_time(drawn));
      s.bow_attack_time = attack_interval(world.difficulty);
    }
  } else if (--s.bow_attack_time <= 0 && s.bow_see_time >= kLostSightTicks) {
    s.using_item = true;  // LivingEntity.startUsingItem
    s.use_item_ticks = 0;
    mob.data_dirty = true;
  }
}

}  // namespace hz::skeleton
