#include "sim/game/entities/arrow.h"

#include <algorithm>
#include <cmath>
#include <limits>

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
  ByteWriter out;
  if (crit) {
    out.u8(kFlagsIndex);
    out.varint(entity_data::kByteSerializer);
    out.u8(kCritFlag);
  }
  if (in_ground) {
    out.u8(kInGroundIndex);
    out.varint(kBooleanSerializer);
    out.boolean(true);
  }
  if (out.size() == 0) return {};
  out.u8(entity_data::kEndOfData);
  return out.take();
}

}  // namespace hz
