#include "sim/game/mobs/creeper.h"

#include <algorithm>

#include "sim/game/movement/aabb.h"

namespace hz::creeper {

namespace {
// EntityDataSerializers registration order.
constexpr int32_t kIntSerializer = 1;
constexpr int32_t kBooleanSerializer = 8;


const Player* living(MobWorld& world, std::optional<ConnId> conn) {
  const Player* p = conn ? world.players.player(*conn) : nullptr;
  return p != nullptr && !p->dead && p->health > 0.0f ? p : nullptr;
}
}  // namespace

bool swell_can_use(const Mob& mob, MobWorld& world) {
  if (mob.state.creeper.swell_dir > 0) return true;
  const Player* target = living(world, mob.state.target);
  return target != nullptr && distance_sqr(mob.position, target->position) < kStartDistanceSqr;
}

void swell_start(Mob& mob) {
  mob_ai::stop_navigation(mob);
  mob.state.creeper.swell_target = mob.state.target;
}

void swell_stop(Mob& mob) { mob.state.creeper.swell_target.reset(); }

void swell_tick(Mob& mob, MobWorld& world) {
  const Player* target = living(world, mob.state.creeper.swell_target);
  if (target == nullptr || distance_sqr(mob.position, target->position) > kKeepDistanceSqr) {
    set_swell_dir(mob, -1);
    return;
  }
  // Sensing.hasLineOfSight: eyes to eyes, block colliders only.
  const Vec3 from{mob.position.x, mob.eye_y(), mob.position.z};
  const Vec3 to{target->position.x, target->position.y + mob_ai::kPlayerEyeHeight, target->position.z};
  const bool seen = !world.clear_line || world.clear_line(from, to);
  set_swell_dir(mob, seen ? 1 : -1);
}

void fall_swell(Mob& mob, double fall_distance) {
  CreeperState& c = mob.state.creeper;
  c.swell = std::min(c.swell + static_cast<int>(fall_distance * static_cast<double>(1.5f)), c.max_swell - 5);
}

SwellStep tick_swell(Mob& mob) {
  CreeperState& c = mob.state.creeper;
  SwellStep step;
  c.old_swell = c.swell;
  if (c.ignited) set_swell_dir(mob, 1);
  step.primed = c.swell_dir > 0 && c.swell == 0;
  c.swell = std::max(c.swell + c.swell_dir, 0);
  if (c.swell >= c.max_swell) {
    c.swell = c.max_swell;
    step.explode = true;
  }
  return step;
}

float explosion_radius(const Mob& mob) {
  const CreeperState& c = mob.state.creeper;
  return static_cast<float>(c.explosion_radius) * (c.powered ? 2.0f : 1.0f);
}

void set_swell_dir(Mob& mob, int dir) {
  if (mob.state.creeper.swell_dir != dir) mob.data_dirty = true;
  mob.state.creeper.swell_dir = dir;
}

void write_data(const Mob& mob, ByteWriter& out) {
  const CreeperState& c = mob.state.creeper;
  out.u8(kSwellDirIndex);
  out.varint(kIntSerializer);
  out.varint(c.swell_dir);
  if (c.powered) {
    out.u8(kPoweredIndex);
    out.varint(kBooleanSerializer);
    out.boolean(true);
  }
  if (c.ignited) {
    out.u8(kIgnitedIndex);
    out.varint(kBooleanSerializer);
    out.boolean(true);
  }
}

}  // namespace hz::creeper
