// The base every non-player entity shares (items, falling blocks; mobs later): its network
// id and UUID, its type's tracking rules, and the physical state the tracker sends to viewers.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/core/types.h"
#include "sim/game/player.h"
#include "sim/protocol/wire.h"

namespace hz {

// What EntityType says about tracking one kind of entity.
struct EntityKind {
  int32_t type = 0;          // the entity type's network id
  int tracking_range = 0;    // clientTrackingRange in chunks
  int update_interval = 1;   // ticks between regular position updates
  bool track_delta = false;  // velocity is sent whenever it changed
};

class Entity {
 public:
  Entity(int32_t id, const Uuid& uuid, const EntityKind& kind) : id_(id), uuid_(uuid), kind_(&kind) {}
  virtual ~Entity() = default;
  Entity(const Entity&) = delete;
  Entity& operator=(const Entity&) = delete;

  int32_t id() const { return id_; }
  const Uuid& uuid() const { return uuid_; }
  const EntityKind& kind() const { return *kind_; }

  // The synched data values that differ from their defaults (ServerEntity's pairing data and
  // dirty updates), encoded as set_entity_data's list; empty when there are none.
  virtual Bytes synched_data() const { return {}; }
  // add_entity's data field (a falling block's state id; 0 for most kinds).
  virtual int32_t spawn_data() const { return 0; }
  // The base's state in a snapshot; each kind's state_fields starts with it.
  template <class Io>
  void entity_fields(Io& io) {
    io(id_, uuid_, position, velocity, yaw, pitch, head_yaw, on_ground, needs_sync, data_dirty);
  }
  // Packets ServerEntity.sendPairingData adds after the spawn and data (a mob's equipment).
  virtual std::vector<SharedBytes> pairing_extras() const { return {}; }

  Vec3 position;
  Vec3 velocity;
  float yaw = 0, pitch = 0;
  float head_yaw = 0;  // yHeadRot (living entities turn their heads apart from their bodies)
  bool on_ground = false;
  // Entity.needsSync: the velocity jumped; the tracker sends it at once.
  bool needs_sync = false;
  // SynchedEntityData.isDirty: a data value changed since the tracker last sent it.
  bool data_dirty = false;

 private:
  int32_t id_;
  Uuid uuid_;
  const EntityKind* kind_;

 protected:
  // A kind read from a snapshot (mobs: the blank one made to be read into had another).
  void set_kind(const EntityKind& kind) { kind_ = &kind; }
};

// A snapshot's entities of one kind by id (a map to owned entities): each entity read must carry
// the id it is filed under.
template <class Io, class Map>
void entity_map_fields(Io& io, Map& entities) {
  io(entities);
  if constexpr (Io::kReading)
    for (const auto& [id, entity] : entities) io.check(entity->id() == id);
}

// Showing non-player entities to players: the entity tracker implements it.
class EntityTracking {
 public:
  virtual ~EntityTracking() = default;
  // Starts tracking a new entity; `entity` stays in place until remove_entity.
  virtual void add_entity(Entity& entity) = 0;
  // Stops tracking it and tells every viewer to remove it.
  virtual void remove_entity(int32_t entity_id) = 0;
  // ChunkMap.broadcast: to every player that sees the entity.
  virtual void send_to_viewers(int32_t entity_id, const SharedBytes& body) = 0;
};

}  // namespace hz
