#include "sim/game/mobs/spider.h"

#include <cmath>

namespace hz::spider {

bool is_spider(const Mob& mob) { return mob.mob_kind().type == MobType::kSpider; }

bool leap_can_use(Mob& mob, MobWorld& world) {
  Player* target = mob_ai::target_player(mob, world);
  if (target == nullptr) return false;
  const double d = length_sqr(target->position - mob.position);
  if (d < 4.0 || d > 16.0) return false;
  if (!mob.on_ground) return false;
  // nextInt(reducedTickDelay(5)) == 0: one in three.
  return world.random.next_below(3) == 0;
}

bool leap_can_continue(const Mob& mob) { return !mob.on_ground; }

void leap_start(Mob& mob, MobWorld& world) {
  Player* target = mob_ai::target_player(mob, world);
  if (target == nullptr) return;
  Vec3 delta{target->position.x - mob.position.x, 0.0, target->position.z - mob.position.z};
  const double len2 = length_sqr(delta);
  if (len2 > 1.0e-7) {
    const double len = std::sqrt(len2);
    delta = Vec3{delta.x / len * kLeapPush + mob.velocity.x * 0.2, 0.0, delta.z / len * kLeapPush + mob.velocity.z * 0.2};
  }
  mob.velocity = Vec3{delta.x, static_cast<double>(kLeapUp), delta.z};
  mob.needs_sync = true;
}

bool calmed_by_light(Mob& mob, MobWorld& world) {
  if (world.brightness >= kCalmBrightness && world.random.next_below(100) == 0) {
    mob.state.target.reset();
    return true;
  }
  return false;
}

bool too_bright_to_target(const MobWorld& world) { return world.brightness >= kCalmBrightness; }

void remember_target(Mob& mob, const NodePos& target) { mob.state.climb_to = target; }

void tick_wall_climber(Mob& mob) {
  MobState& s = mob.state;
  if (!s.climb_to) return;
  const NodePos t = *s.climb_to;
  const double width = static_cast<double>(mob.mob_kind().width);
  auto closer = [&](double cx, double cy, double cz) {
    const double dx = cx + 0.5 - mob.position.x, dy = cy + 0.5 - mob.position.y, dz = cz + 0.5 - mob.position.z;
    return dx * dx + dy * dy + dz * dz < width * width;
  };
  const bool arrived = closer(t.x, t.y, t.z) ||
                       (mob.position.y > t.y && closer(t.x, std::floor(mob.position.y), t.z));
  if (arrived) {
    s.climb_to.reset();
    return;
  }
  s.wanted = Vec3{static_cast<double>(t.x), static_cast<double>(t.y), static_cast<double>(t.z)};
  s.speed_modifier = s.path_speed;
  if (s.move_operation != MoveOperation::kJumping) s.move_operation = MoveOperation::kMoveTo;
}

}  // namespace hz::spider
