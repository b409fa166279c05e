#include "sim/game/entities/arrow.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/core/java_math.h"
#include "sim/data/catalog.h"
#include "sim/game/entities/entity_data.h"
#include "sim/game/mobs/mob_kinds.h"

namespace hz {

namespace arrow_rules {

void fly(Flight& f) {
  const double water = static_cast<double>(kWaterInertia), air = static_cast<double>(kInertia);
  if (f.in_water) f.velocity = Vec3{f.velocity.x * water, f.velocity.y * water, f.velocity.z * water};
  f.position = f.position + f.velocity;
  if (!f.in_water) f.velocity = Vec3{f.velocity.x * air, f.velocity.y * air, f.velocity.z * air};
  f.velocity.y -= kGravity;
}

float lerp_rotation(float from, float to) {
  while (to - from < -180.0f) from -= 360.0f;
  while (to - from >= 180.0f) from += 360.0f;
  return from + 0.2f * (to - from);
}

int hit_damage(double speed, double base_damage) {
  const double d = std::clamp(static_cast<double>(static_cast<float>(speed)) * base_damage, 0.0,
                              static_cast<double>(std::numeric_limits<int32_t>::max()));
  return static_cast<int>(std::ceil(d));
}

float power_for_time(int ticks) {
  float pow = static_cast<float>(ticks) / 20.0f;
  pow = (pow * pow + pow * 2.0f) / 3.0f;
  return pow > 1.0f ? 1.0f : pow;
}

Vec3 movement_to_shoot(const Vec3& direction, float speed, float uncertainty, Rng& random) {
  const double length = std::sqrt(length_sqr(direction));
  // Vec3.normalize: a zero vector stays zero.
  Vec3 v = length < 1.0e-5 ? Vec3{} : Vec3{direction.x / length, direction.y / length, direction.z / length};
  const double spread = 0.0172275 * static_cast<double>(uncertainty);
  // RandomSource.triangle(0, spread): spread × (a − b) for two uniform doubles.
  auto triangle = [&] {
    const double a = random.next_double();
    return spread * (a - random.next_double());
  };
  const double tx = triangle(), ty = triangle(), tz = triangle();
  v = Vec3{v.x + tx, v.y + ty, v.z + tz};
  const double s = static_cast<double>(speed);
  return Vec3{v.x * s, v.y * s, v.z * s};
}

Vec3 direction_from_rotation(float pitch, float yaw) {
  constexpr float kDegToRad = static_cast<float>(M_PI) / 180.0f;
  const float x_rad = pitch * kDegToRad, y_rad = yaw * kDegToRad;
  const float xd = -table_sin(static_cast<double>(y_rad)) * table_cos(static_cast<double>(x_rad));
  const float yd = -table_sin(static_cast<double>(x_rad));
  const float zd = table_cos(static_cast<double>(y_rad)) * table_cos(static_cast<double>(x_rad));
  return Vec3{static_cast<double>(xd), static_cast<double>(yd), static_cast<double>(zd)};
}

double weapon_damage(double base_damage, int power_level) {
  // The effects work on a float; LevelBasedValue.linear(1.0, 0.5) is float too.
  float damage = static_cast<float>(base_damage);
  if (power_level > 0) damage += 1.0f + 0.5f * static_cast<float>(power_level - 1);
  return static_cast<double>(damage);
}

std::optional<Vec3> punch_push(const Vec3& v, int punch_level, double knockback_resistance) {
  if (punch_level <= 0) return std::nullopt;
  const double horizontal = std::sqrt(v.x * v.x + v.z * v.z);
  if (horizontal < 1.0e-5) return std::nullopt;  // Vec3.normalize of a vertical flight is zero
  const double scale = static_cast<double>(static_cast<float>(punch_level)) * 0.6 * std::max(0.0, 1.0 - knockback_resistance);
  const Vec3 push{v.x / horizontal * scale, 0.0, v.z / horizontal * scale};
  if (length_sqr(push) <= 0.0) return std::nullopt;
  return Vec3{push.x, 0.1, push.z};
}

double hit_margin(int tick_count) {
  return static_cast<double>(std::max(0.0f, std::min(0.3f, static_cast<float>(tick_count - 2) / 20.0f)));
}

std::optional<Vec3> clip_box(const Aabb& box, const Vec3& from, const Vec3& to) {
  const Vec3 d = to - from;
  double enter = -std::numeric_limits<double>::infinity(), exit = std::numeric_limits<double>::infinity();
  const double lo[3] = {box.min_x, box.min_y, box.min_z}, hi[3] = {box.max_x, box.max_y, box.max_z};
  const double o[3] = {from.x, from.y, from.z}, dv[3] = {d.x, d.y, d.z};
  for (int a = 0; a < 3; ++a) {
    if (dv[a] == 0.0) {
      if (o[a] < lo[a] || o[a] > hi[a]) return std::nullopt;
      continue;
    }
    double t0 = (lo[a] - o[a]) / dv[a], t1 = (hi[a] - o[a]) / dv[a];
    if (t0 > t1) std::swap(t0, t1);
    enter = std::max(enter, t0);
    exit = std::min(exit, t1);
  }
  // Only a face crossed on the way in counts: a segment starting inside hits nothing.
  if (enter > exit || enter < 0.0 || enter > 1.0) return std::nullopt;
  return Vec3{from.x + d.x * enter, from.y + d.y * enter, from.z + d.z * enter};
}

}  // namespace arrow_rules

namespace {
constexpr int32_t kBooleanSerializer = 8;
constexpr uint8_t kCritFlag = 1;
constexpr uint8_t kOnFireFlag = 1;
}  // namespace

Arrow::Arrow(int32_t id, const Uuid& uuid) : Entity(id, uuid, entity_kind()) {}

bool Arrow::set_owner_kind(std::string_view type) {
  owner_type = owner_name = {};
  if (type.empty()) return true;
  const MobKind* kind = find_mob_kind(type);
  if (kind == nullptr) return false;
  owner_type = kind->name, owner_name = kind->display_name;
  return true;
}

const EntityKind& Arrow::entity_kind() {
  // EntityType ARROW: clientTrackingRange 4, updateInterval 20.
  static const EntityKind kind{entity_type_id("arrow").value_or(0), 4, 20, true};
  return kind;
}

Aabb Arrow::box() const {
  using namespace arrow_rules;
  return Aabb{position.x - kHalfWidth, position.y, position.z - kHalfWidth,
              position.x + kHalfWidth, position.y + kHeight, position.z + kHalfWidth};
}

Bytes Arrow::synched_data() const {
  // Every value, defaults too: they go out whole whenever one changed, and a crit flag or a fire
  // that ended must reach the viewers (vanilla sends the changed values).
  ByteWriter out;
  out.u8(kSharedFlagsIndex);
  out.varint(entity_data::kByteSerializer);
  out.u8(fire_ticks > 0 ? kOnFireFlag : 0);
  out.u8(kFlagsIndex);
  out.varint(entity_data::kByteSerializer);
  out.u8(crit ? kCritFlag : 0);
  out.u8(kInGroundIndex);
  out.varint(kBooleanSerializer);
  out.boolean(in_ground);
  out.u8(entity_data::kEndOfData);
  return out.take();
}

}  // namespace hz
