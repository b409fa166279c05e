// What other players are told about one tracked player (vanilla's ServerEntity): the spawn
// bundle, and every update pass the relative move in 1/4096 blocks, the rotation bytes, the head
// rotation, or a full position sync, plus velocity when it must be synced. Each packet is
// encoded once and shared by all viewers.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/core/types.h"
#include "sim/game/player.h"
#include "sim/protocol/wire.h"

namespace hz {

// A tracked entity at one moment, as the sync reads it.
struct EntityState {
  Vec3 position;
  Vec3 velocity;
  float yaw = 0, pitch = 0, head_yaw = 0;
  bool on_ground = false;
  bool needs_sync = false;   // Entity.needsSync (a jump changed the velocity)
  bool fall_flying = false;  // gliding players also sync velocity
  // Changed synched data (set_entity_data's encoded list), sent with the next update.
  bool data_dirty = false;
  Bytes data;
};

// What EntityType says about updating one kind of entity.
struct SyncRules {
  int32_t type = 0;
  int update_interval = 1;
  bool track_delta = false;
  template <class Io>
  void state_fields(Io& io) {
    io(type, update_interval, track_delta);
  }
};

// Mth.packDegrees: a rotation as a signed byte of 1/256 turns.
int8_t pack_degrees(float degrees);
// VecDeltaCodec.encode: Math.round(v * 4096).
int64_t encode_position(double v);

class EntitySync {
 public:
  static constexpr int kPlayerUpdateInterval = 2;  // EntityType.PLAYER's update interval
  static constexpr int kForcedPositionEvery = 60;
  static constexpr int kFullSyncAfter = 400;     // teleportDelay limit

  // A player (type player, every 2 ticks, velocity only when it must be synced).
  EntitySync(int32_t entity_id, const EntityState& created);
  EntitySync(int32_t entity_id, const EntityState& created, const SyncRules& rules);
  // A blank one for a snapshot to be read into.
  EntitySync() : EntitySync(0, EntityState{}) {}

  // One sendChanges pass: appends the packets every viewer receives, in order.
  void send_changes(const EntityState& now, std::vector<SharedBytes>& out);
  // addPairing: bundle { add entity, its non-default synched data if any } with the last sent
  // position, velocity and rotations.
  // `spawn_data`: add_entity's data field.
  std::vector<SharedBytes> pairing_packets(const Uuid& uuid, const Bytes& data = {}, int32_t spawn_data = 0) const;

  int32_t entity_id() const { return id_; }
  const Vec3& position_base() const { return base_; }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(id_, rules_, base_, last_sent_movement_, last_yaw_, last_pitch_, last_head_yaw_, tick_count_, teleport_delay_,
       was_on_ground_);
  }

 private:
  int32_t id_;
  SyncRules rules_;
  Vec3 base_;
  Vec3 last_sent_movement_;
  int8_t last_yaw_;
  int8_t last_pitch_;
  int8_t last_head_yaw_;
  int tick_count_ = 0;
  int teleport_delay_ = 0;
  bool was_on_ground_;
};

}  // namespace hz
