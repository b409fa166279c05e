#include "sim/game/entities/item_spawns.h"

#include <cmath>
#include <cstdint>

#include "sim/core/java_math.h"
#include "sim/game/entities/item_entity.h"
#include "sim/game/movement/aabb.h"

namespace hz::item_spawns {

namespace {

constexpr double kHandBelowEyes = as_float(0.3);
constexpr float kPi = 3.1415927f;

// Mth.nextDouble(random, min, max).
double next_between(Rng& random, double min, double max) { return min + random.next_double() * (max - min); }

// The ItemEntity constructor's own velocity: up at 0.2, sideways uniform in +-0.1.
Vec3 default_item_velocity(Rng& random) {
  const double x = random.next_double() * 0.2 - 0.1;
  const double z = random.next_double() * 0.2 - 0.1;
  return Vec3{x, 0.2, z};
}

Vec3 scattered_velocity(Rng& random) {
  const float power = random.next_float() * 0.5f;
  const float direction = random.next_float() * (kPi * 2.0f);
  return Vec3{static_cast<double>(-table_sin(direction) * power), as_float(0.2),
              static_cast<double>(table_cos(direction) * power)};
}

Vec3 thrown_velocity(const Player& player, Rng& random) {
  const float to_radians = kPi / 180.0f;
  const float sin_x = table_sin(static_cast<double>(player.pitch * to_radians));
  const float cos_x = table_cos(static_cast<double>(player.pitch * to_radians));
  const float sin_y = table_sin(static_cast<double>(player.yaw * to_radians));
  const float cos_y = table_cos(static_cast<double>(player.yaw * to_radians));
  const float direction = random.next_float() * (kPi * 2.0f);
  const float spread = 0.02f * random.next_float();
  const float up_a = random.next_float();
  const float up_b = random.next_float();
  const double x = static_cast<double>(-sin_y * cos_x * 0.3f) + std::cos(static_cast<double>(direction)) * spread;
  const double y = static_cast<double>(-sin_x * 0.3f + 0.1f + (up_a - up_b) * 0.1f);
  const double z = static_cast<double>(cos_y * cos_x * 0.3f) + std::sin(static_cast<double>(direction)) * spread;
  return Vec3{x, y, z};
}

}  // namespace

Spawn from_block(const BlockPos& pos, Rng& random) {
  const double half_height = static_cast<double>(static_cast<float>(ItemEntity::kSize)) / 2.0;
  Spawn s;
  s.position.x = pos.x + 0.5 + next_between(random, -0.25, 0.25);
  s.position.y = pos.y + 0.5 + next_between(random, -0.25, 0.25) - half_height;
  s.position.z = pos.z + 0.5 + next_between(random, -0.25, 0.25);
  s.velocity = default_item_velocity(random);
  s.pickup_delay = ItemEntity::kBlockDropPickupDelay;
  return s;
}

Spawn from_entity(const Vec3& position, Rng& random) {
  Spawn s;
  s.position = position;
  s.velocity = default_item_velocity(random);
  s.pickup_delay = ItemEntity::kBlockDropPickupDelay;
  return s;
}

Spawn from_player(const Player& player, bool scatter, Rng& random) {
  Spawn s;
  s.position = Vec3{player.position.x, player.eye_position().y - kHandBelowEyes, player.position.z};
  // The constructor draws its default velocity first; the throw then replaces it.
  default_item_velocity(random);
  s.velocity = scatter ? scattered_velocity(random) : thrown_velocity(player, random);
  s.pickup_delay = ItemEntity::kPlayerDropPickupDelay;
  return s;
}

}  // namespace hz::item_spawns
