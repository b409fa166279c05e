// Players seeing entities (vanilla's ChunkMap entity tracking): which viewers see which players
// and other entities (horizontal range of the entity's type, spectator rule, chunk delivered),
// spawn and removal packets as that changes, and every tick each entity's updates (EntitySync)
// sent to its viewers. Viewers and entities are found through spatial grids, so the work per tick
// follows the pairs that see each other.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "sim/game/entities/entity.h"
#include "sim/game/movement/movement_system.h"
#include "sim/game/sessions.h"
#include "sim/game/tracking/chunk_visibility.h"
#include "sim/game/tracking/entity_sync.h"
#include "sim/game/tracking/player_look.h"
#include "sim/game/tracking/tracking_grid.h"

namespace hz {

class EntityTracker final : public PlayerListener,
                            public MoveObserver,
                            public EntityBroadcast,
                            public PlayerLifeObserver,
                            public EntityTracking {
 public:
  // Players are tracked up to 32 chunks (EntityType.PLAYER's client tracking range).
  static constexpr int kPlayerTrackingRange = 32 * 16;

  // The server's view-distance and entity-broadcast-range-percentage come from `properties`.
  EntityTracker(PlayerConnections& connections, const ServerProperties& properties);
  ~EntityTracker() override;

  // Where head rotation, velocity and the needs-sync flag come from (optional).
  void set_movement(MovementSystem* movement) { movement_ = movement; }
  // Who has which chunk (optional; without it the view-distance rule alone decides).
  void set_chunk_visibility(const ChunkVisibility* chunks) { chunks_ = chunks ? chunks : &view_rule_; }

  // The entities `viewer` currently sees (players and others), by entity id.
  std::vector<int32_t> seen_by(ConnId viewer) const;
  // The tracking range in blocks: 512 scaled by entity-broadcast-range-percentage.
  int effective_range() const;
  // The players that see entity `entity_id`, by entity id.
  std::vector<int32_t> viewers_of(int32_t entity_id) const;

  // PlayerListener
  void on_join(Player& player) override;
  void on_leave(Player& player) override;
  // ChunkMap.tick: section changes, then every player's sendChanges.
  void tick() override;
  // MoveObserver: ChunkMap.move.
  void on_player_moved(const Player& player) override;
  // EntityBroadcast: ChunkMap.broadcastAndSend.
  void send_to_viewers_and_self(const Player& player, SharedBytes body) override;
  // PlayerLifeObserver: a dead player's body leaves the world (ChunkMap.removeEntity: its viewers
  // and the player itself lose their pairings) and the respawned one enters it (addEntity).
  void on_player_body_removed(Player& player) override;
  void on_player_respawned(Player& player) override { on_join(player); }
  // EntityTracking: non-player entities (items, later falling blocks and mobs).
  void add_entity(Entity& entity) override;
  void remove_entity(int32_t entity_id) override;
  void send_to_viewers(int32_t entity_id, const SharedBytes& body) override;

  uint64_t hash() const;
  // The pairs, sync state and cells by entity id. Reading leaves each entry's player and entity
  // unset until relink() finds them (their systems are read in the same snapshot).
  template <class Io>
  void state_fields(Io& io) {
    io(entities_, ids_, largest_entity_range_);
    if constexpr (Io::kReading) io.check(rebuild_indexes());
  }
  // After a snapshot is read: points each entry at its player (by connection) and entity (by
  // `find_entity`); false when one cannot be found.
  bool relink(const std::function<Entity*(int32_t)>& find_entity);

 private:
  struct SectionPos {
    int32_t x = 0, y = 0, z = 0;
    bool operator==(const SectionPos&) const = default;
    template <class Io>
    void state_fields(Io& io) {
      io(x, y, z);
    }
  };
  class IdWalk;
  // Entity ids kept sorted, so membership is a binary search and iteration is in id order.
  class IdSet {
   public:
    bool insert(int32_t id);
    bool erase(int32_t id);
    template <class Io>
    void state_fields(Io& io) {
      io(ids_);
      if constexpr (Io::kReading) io.check(std::adjacent_find(ids_.begin(), ids_.end(), std::greater_equal<>()) == ids_.end());
    }
    bool empty() const { return ids_.empty(); }
    size_t size() const { return ids_.size(); }
    auto begin() const { return ids_.begin(); }
    auto end() const { return ids_.end(); }

   private:
    friend class IdWalk;
    std::vector<int32_t> ids_;
  };
  // Membership in a set for ids asked in increasing order, walking the set alongside instead of
  // searching it. Between questions only the id just asked may be inserted or erased.
  class IdWalk {
   public:
    explicit IdWalk(const IdSet& set) : ids_(set.ids_) {}
    bool contains(int32_t id) {
      while (next_ < ids_.size() && ids_[next_] < id) ++next_;
      return next_ < ids_.size() && ids_[next_] == id;
    }

   private:
    const std::vector<int32_t>& ids_;
    size_t next_ = 0;
  };
  // A player (who is also a viewer) or another entity; exactly one of the two pointers is set.
  struct Tracked {
    Player* player = nullptr;  // Sessions keeps players in place until they leave
    Entity* entity = nullptr;  // its system keeps it in place until remove_entity
    EntitySync sync;
    IdSet seen_by;  // viewers' entity ids
    IdSet sees;     // as a viewer: the entities it sees
    int64_t cell = 0;
    SectionPos section;
    PlayerLook sent_look;  // players: the flags and pose viewers were last told
    int range = 0;         // range_of(), kept since every pair asks it (set with the pointers)
    // The pointers and range are not written: relink() finds players through ids_ and entities
    // by id.
    template <class Io>
    void state_fields(Io& io) {
      io(sync, seen_by, sees, cell, section, sent_look);
      if constexpr (Io::kReading) player = nullptr, entity = nullptr, range = 0;
    }
  };
  // What deciding visibility needs of one viewer, looked up once for a pass over many entities
  // (nothing in such a pass moves the viewer or changes its chunks).
  struct Watcher {
    Tracked& tracked;  // a player's entry
    double view_blocks = 0;  // its view distance in blocks
    bool spectator = false;
    ViewerChunks chunks;
  };
  Watcher watcher(Tracked& viewer) const;
  // After reading a snapshot: the lookup lists and grids from entities_ and ids_; false when
  // they disagree (an entry under another id, a player id with no entry).
  bool rebuild_indexes();

  static SectionPos section_of(const Vec3& p);
  static const Vec3& position_of(const Tracked& t) { return t.player ? t.player->position : t.entity->position; }
  EntityState state_of(const Player& player) const;
  PlayerLook look_of(const Player& player) const;
  static EntityState state_of(const Entity& entity);
  // The entity's own tracking range in blocks, scaled by entity-broadcast-range-percentage.
  int range_of(const Tracked& t) const;
  int view_distance(const Player& viewer) const;
  double max_visible_range() const;
  // TrackedEntity.updatePlayer's test: whether the viewer should see `entity` now.
  bool visible_to(const Tracked& entity, const Watcher& viewer) const;
  // TrackedEntity.updatePlayer: shows or hides `entity` to the viewer; `seen` says whether the
  // viewer sees it now (the callers know it from walking a set).
  void update_pair(Tracked& entity, const Watcher& viewer, bool seen);
  void pair(Tracked& entity, Tracked& viewer);
  void unpair(Tracked& entity, Tracked& viewer);
  // TrackedEntity.updatePlayers(all players): the entity against every viewer that could see it.
  void update_viewers_of(Tracked& entity);
  // Every entity against one viewer (the viewer moved). With `mover`, the viewer's own place in
  // the id order re-pairs it as an entity with every player (ChunkMap.move's loop).
  void update_as_viewer(Tracked& viewer, bool mover = false);
  // The players near a position plus those already related, in entity id order.
  std::vector<Tracked*> candidates(const Vec3& around, double radius, const IdSet& related) const;
  // Players within `player_radius` and other entities within `other_radius` of a position, plus
  // those already related, in entity id order.
  std::vector<Tracked*> entities_near(const Vec3& around, double player_radius, double other_radius,
                                      const IdSet& related) const;
  // The tracked objects with these ids (repeats allowed), in id order. When they are half of
  // `everyone` or more, simply `everyone` (cheaper than sorting nearly all; callers check each).
  std::vector<Tracked*> in_id_order(std::vector<int32_t> ids, const std::vector<Tracked*>& everyone) const;
  TrackingGrid& grid_for(const Tracked& t) { return t.player ? grid_ : entity_grid_; }
  Tracked* find(int32_t id) const;
  static void insert_by_id(std::vector<Tracked*>& list, Tracked* t);
  void refresh_cell(Tracked& t, const Vec3& position);
  // Tells every viewer of `leaving` to remove it and forgets those pairs.
  void remove_from_viewers(Tracked& leaving);
  void send(ConnId conn, const SharedBytes& body);

  PlayerConnections& connections_;
  int server_view_distance_;
  int broadcast_range_percentage_;
  MovementSystem* movement_ = nullptr;
  ViewDistanceVisibility view_rule_;
  const ChunkVisibility* chunks_;
  std::map<int32_t, Tracked> entities_;  // by entity id: vanilla's insertion (join) order
  absl::flat_hash_map<int32_t, Tracked*> by_id_;  // lookups only, never iterated
  std::vector<Tracked*> order_;                    // every tracked player by entity id
  std::vector<Tracked*> all_order_;                // every tracked entity by entity id (entities_ as a flat list)
  std::map<ConnId, int32_t> ids_;
  TrackingGrid grid_;         // players
  TrackingGrid entity_grid_;  // other entities
  int largest_entity_range_ = 0;  // of the non-player entities added so far, scaled
  std::vector<SharedBytes> scratch_;
};

}  // namespace hz
