#include "sim/game/tracking/entity_sync.h"

#include <cmath>

#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/game/movement/aabb.h"
#include "sim/protocol/codec.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

constexpr int32_t kPlayerEntityType = 155;

Angle angle_of(int8_t packed) { return Angle{static_cast<uint8_t>(packed)}; }


bool fits_short(int64_t v) { return v >= -32768 && v <= 32767; }

template <Packet P>
SharedBytes encoded(const P& packet) {
  return share(encode_packet(packet));
}

}  // namespace

int8_t pack_degrees(float degrees) {
  const float scaled = degrees * 256.0f / 360.0f;
  return static_cast<int8_t>(static_cast<uint8_t>(static_cast<uint32_t>(java_floor(static_cast<double>(scaled)))));
}

int64_t encode_position(double v) {
  const double scaled = v * 4096.0;
  if (std::isnan(scaled)) return 0;
  // Math.round: half up, without the error floor(v + 0.5) makes just below one half.
  const double down = std::floor(scaled);
  return java_d2l(scaled - down >= 0.5 ? down + 1.0 : down);
}

EntitySync::EntitySync(int32_t entity_id, const EntityState& created)
    : EntitySync(entity_id, created, SyncRules{kPlayerEntityType, kPlayerUpdateInterval, false}) {}

EntitySync::EntitySync(int32_t entity_id, const EntityState& created, const SyncRules& rules)
    : id_(entity_id),
      rules_(rules),
      base_(created.position),
      last_sent_movement_(created.velocity),
      last_yaw_(pack_degrees(created.yaw)),
      last_pitch_(pack_degrees(created.pitch)),
      last_head_yaw_(pack_degrees(created.head_yaw)),
      was_on_ground_(created.on_ground) {}

std::vector<SharedBytes> EntitySync::pairing_packets(const Uuid& uuid, const Bytes& data, int32_t spawn_data) const {
  packet::play_cb::SpawnEntity spawn;
  spawn.entity_id = id_;
  spawn.uuid = uuid;
  spawn.type = rules_.type;
  spawn.x = base_.x, spawn.y = base_.y, spawn.z = base_.z;
  spawn.velocity = LpVec3::from(last_sent_movement_.x, last_sent_movement_.y, last_sent_movement_.z);
  spawn.pitch = angle_of(last_pitch_);
  spawn.yaw = angle_of(last_yaw_);
  spawn.head_yaw = angle_of(last_head_yaw_);
  spawn.data = spawn_data;
  const SharedBytes delimiter = encoded(packet::play_cb::BundleDelimiter{});
  if (data.empty()) return {delimiter, encoded(spawn), delimiter};
  return {delimiter, encoded(spawn), encoded(packet::play_cb::EntityMetadata{id_, data}), delimiter};
}

void EntitySync::send_changes(const EntityState& now, std::vector<SharedBytes>& out) {
  if (tick_count_ % rules_.update_interval == 0 || now.needs_sync || now.data_dirty) {
    const int8_t yaw = pack_degrees(now.yaw);
    const int8_t pitch = pack_degrees(now.pitch);
    const bool rotation_changed = yaw != last_yaw_ || pitch != last_pitch_;
    ++teleport_delay_;
    const Vec3& cur = now.position;
    const bool position_changed = distance_sqr(cur, base_) >= static_cast<double>(7.6293945e-6f);
    const bool send_position = position_changed || tick_count_ % kForcedPositionEvery == 0;
    const int64_t xa = encode_position(cur.x) - encode_position(base_.x);
    const int64_t ya = encode_position(cur.y) - encode_position(base_.y);
    const int64_t za = encode_position(cur.z) - encode_position(base_.z);
    const bool too_big = !fits_short(xa) || !fits_short(ya) || !fits_short(za);
    SharedBytes movement;
    bool sent_position = false, sent_rotation = false;
    if (!too_big && teleport_delay_ <= kFullSyncAfter && was_on_ground_ == now.on_ground) {
      const auto dx = static_cast<int16_t>(xa), dy = static_cast<int16_t>(ya), dz = static_cast<int16_t>(za);
      if (send_position && rotation_changed) {
        movement = encoded(packet::play_cb::EntityMoveLook{id_, dx, dy, dz, angle_of(yaw), angle_of(pitch), now.on_ground});
        sent_position = sent_rotation = true;
      } else if (send_position) {
        movement = encoded(packet::play_cb::RelEntityMove{id_, dx, dy, dz, now.on_ground});
        sent_position = true;
      } else if (rotation_changed) {
        movement = encoded(packet::play_cb::EntityLook{id_, angle_of(yaw), angle_of(pitch), now.on_ground});
        sent_rotation = true;
      }
    } else {
      was_on_ground_ = now.on_ground;
      teleport_delay_ = 0;
      packet::play_cb::SyncEntityPosition sync;
      sync.entity_id = id_;
      sync.x = cur.x, sync.y = cur.y, sync.z = cur.z;
      sync.dx = now.velocity.x, sync.dy = now.velocity.y, sync.dz = now.velocity.z;
      sync.yaw = now.yaw, sync.pitch = now.pitch;
      sync.on_ground = now.on_ground;
      movement = encoded(sync);
      sent_position = sent_rotation = true;
    }
    if (now.needs_sync || rules_.track_delta || now.fall_flying) {
      const double diff = distance_sqr(now.velocity, last_sent_movement_);
      if (diff > 1.0e-7 || (diff > 0.0 && length_sqr(now.velocity) == 0.0)) {
        last_sent_movement_ = now.velocity;
        out.push_back(encoded(packet::play_cb::EntityVelocity{
            id_, LpVec3::from(last_sent_movement_.x, last_sent_movement_.y, last_sent_movement_.z)}));
      }
    }
    if (movement) out.push_back(std::move(movement));
    if (now.data_dirty) out.push_back(encoded(packet::play_cb::EntityMetadata{id_, now.data}));
    if (sent_position) base_ = cur;
    if (sent_rotation) last_yaw_ = yaw, last_pitch_ = pitch;
    const int8_t head = pack_degrees(now.head_yaw);
    if (head != last_head_yaw_) {
      out.push_back(encoded(packet::play_cb::EntityHeadRotation{id_, angle_of(head)}));
      last_head_yaw_ = head;
    }
  }
  ++tick_count_;
}

uint64_t EntitySync::hash() const {
  Hasher h;
  h.i64(id_), h.f64(base_.x), h.f64(base_.y), h.f64(base_.z);
  h.f64(last_sent_movement_.x), h.f64(last_sent_movement_.y), h.f64(last_sent_movement_.z);
  h.i64(last_yaw_), h.i64(last_pitch_), h.i64(last_head_yaw_);
  h.i64(tick_count_), h.i64(teleport_delay_), h.u64(was_on_ground_);
  return h.digest();
}

}  // namespace hz
