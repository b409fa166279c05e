#include "sim/game/entities/experience_orb_physics.h"

#include <algorithm>
#include <cmath>

#include "sim/core/java_format.h"
#include "sim/game/entities/entity_physics.h"
#include "sim/game/movement/block_motion.h"

namespace hz::orb_physics {

namespace {

// setUnderwaterMovement: float constants widened to double.
constexpr double kWaterDrag = as_float(0.99);
constexpr double kWaterLift = as_float(5.0e-4);
constexpr double kWaterLiftCap = as_float(0.06);
// The lava hop: up 0.2 (a float), sideways (f1 - f2) * 0.2.
constexpr float kLavaSpread = 0.2f;
constexpr double kLavaHop = as_float(0.2);
// EntityDimensions' default eye height: 0.85 of the height.
constexpr float kEyeHeight = static_cast<float>(ExperienceOrb::kSize) * 0.85f;
// Vec3.normalize: shorter vectors become zero.
constexpr double kNormalizeEpsilon = as_float(1.0e-5);
constexpr double kPullScale = 0.1;
// A landing faster than the gravity bounces back with 0.4 of its speed.
constexpr double kBounce = 0.4;

bool lava_at_block(const ExperienceOrb& orb, const BlockSource& blocks) {
  const Vec3& p = orb.position;
  return block_motion(blocks.block(java_floor(p.x), java_floor(p.y), java_floor(p.z))).lava;
}

}  // namespace

Aabb orb_box(const Vec3& p) {
  const double half = static_cast<double>(static_cast<float>(ExperienceOrb::kSize) / 2.0f);
  const double height = static_cast<double>(static_cast<float>(ExperienceOrb::kSize));
  return Aabb{p.x - half, p.y, p.z - half, p.x + half, p.y + height, p.z + half};
}

bool eyes_in_water(const ExperienceOrb& orb, const BlockSource& blocks) {
  // EntityFluidInteraction.update: the blocks of the (slightly shrunk) box in the eye's column
  // whose water reaches the box and spans the eye height.
  const Aabb box = orb_box(orb.position).deflate(0.001);
  const double eye_y = orb.position.y + static_cast<double>(kEyeHeight);
  const int x = java_floor(orb.position.x), z = java_floor(orb.position.z);
  for (int y = java_floor(box.min_y); y <= static_cast<int>(std::ceil(box.max_y)) - 1; ++y) {
    if (!is_water(blocks.block(x, y, z))) continue;
    const double top = y + entity_physics::liquid_height(blocks, x, y, z, true);
    if (top < box.min_y) continue;
    if (eye_y >= y && eye_y <= top) return true;
  }
  return false;
}

bool begin_tick(ExperienceOrb& orb, const BlockSource& blocks, Rng& random) {
  const bool colliding = entity_physics::collides(orb, orb_box(orb.position), blocks);
  Vec3& v = orb.velocity;
  if (eyes_in_water(orb, blocks)) v = Vec3{v.x * kWaterDrag, std::min(v.y + kWaterLift, kWaterLiftCap), v.z * kWaterDrag};
  else if (!colliding) v.y -= kGravity;
  if (lava_at_block(orb, blocks)) {
    const float x = (random.next_float() - random.next_float()) * kLavaSpread;
    const float z = (random.next_float() - random.next_float()) * kLavaSpread;
    v = Vec3{static_cast<double>(x), kLavaHop, static_cast<double>(z)};
  }
  return colliding;
}

Vec3 follow_pull(const Vec3& orb_position, const Vec3& player_position, float eye_height) {
  const Vec3 delta{player_position.x - orb_position.x,
                   player_position.y + static_cast<double>(eye_height) / 2.0 - orb_position.y,
                   player_position.z - orb_position.z};
  const double length = std::sqrt(length_sqr(delta));
  const double power = 1.0 - length / kFollowDistance;
  if (length < kNormalizeEpsilon) return Vec3{};
  const double scale = power * power * kPullScale;
  return Vec3{delta.x / length * scale, delta.y / length * scale, delta.z / length * scale};
}

void end_tick(ExperienceOrb& orb, bool colliding, bool following, const BlockSource& blocks, Rng& random) {
  if (!following && colliding) {
    const Aabb box = orb_box(orb.position);
    const Aabb next = box.move(orb.velocity);
    if (entity_physics::collides(orb, next, blocks)) {
      entity_physics::push_towards_closest_space(orb, (box.min_y + box.max_y) / 2.0, blocks, random);
      orb.needs_sync = true;
    }
  }
  const double fall_speed = orb.velocity.y;
  const bool landed = entity_physics::move(orb, orb_box(orb.position), blocks);
  const double friction = static_cast<double>(entity_physics::ground_friction(orb, blocks));
  orb.velocity = Vec3{orb.velocity.x * friction, orb.velocity.y * friction, orb.velocity.z * friction};
  if (landed && fall_speed < -kGravity) orb.velocity.y = -fall_speed * kBounce;
}

}  // namespace hz::orb_physics
