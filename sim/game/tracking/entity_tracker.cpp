#include "sim/game/tracking/entity_tracker.h"

#include <algorithm>
#include <set>
#include <utility>

#include "sim/core/check.h"
#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/game/items/shown_equipment.h"
#include "sim/protocol/packets.h"

namespace hz {


bool EntityTracker::IdSet::insert(int32_t id) {
  auto it = std::lower_bound(ids_.begin(), ids_.end(), id);
  if (it != ids_.end() && *it == id) return false;
  ids_.insert(it, id);
  return true;
}

bool EntityTracker::IdSet::erase(int32_t id) {
  auto it = std::lower_bound(ids_.begin(), ids_.end(), id);
  if (it == ids_.end() || *it != id) return false;
  ids_.erase(it);
  return true;
}

void EntityTracker::insert_by_id(std::vector<Tracked*>& list, Tracked* t) {
  list.insert(std::upper_bound(list.begin(), list.end(), t->sync.entity_id(),
                               [](int32_t id, const Tracked* other) { return id < other->sync.entity_id(); }),
              t);
}

EntityTracker::Tracked* EntityTracker::find(int32_t id) const {
  auto it = by_id_.find(id);
  return it == by_id_.end() ? nullptr : it->second;
}

EntityTracker::EntityTracker(PlayerConnections& connections, const ServerProperties& properties)
    : connections_(connections),
      server_view_distance_(std::clamp(properties.view_distance, 2, 32)),
      broadcast_range_percentage_(properties.entity_broadcast_range_percentage),
      view_rule_(server_view_distance_),
      chunks_(&view_rule_) {}

EntityTracker::~EntityTracker() = default;

EntityTracker::SectionPos EntityTracker::section_of(const Vec3& p) {
  return SectionPos{java_floor(p.x) >> 4, java_floor(p.y) >> 4, java_floor(p.z) >> 4};
}

int EntityTracker::effective_range() const {
  return broadcast_range_percentage_ * kPlayerTrackingRange / 100;
}

int EntityTracker::range_of(const Tracked& t) const {
  if (t.player) return effective_range();
  return broadcast_range_percentage_ * (t.entity->kind().tracking_range * 16) / 100;
}

int EntityTracker::view_distance(const Player& viewer) const {
  return std::clamp(viewer.client_view_distance, 2, server_view_distance_);
}

double EntityTracker::max_visible_range() const {
  return static_cast<double>(std::min(effective_range(), server_view_distance_ * 16));
}

EntityState EntityTracker::state_of(const Player& player) const {
  EntityState s;
  s.position = player.position;
  s.yaw = player.yaw;
  s.pitch = player.pitch;
  s.head_yaw = player.yaw;
  s.on_ground = player.on_ground;
  if (const PlayerMovement* m = movement_ ? movement_->movement(player.conn) : nullptr) {
    const PlayerBody& b = m->body();
    s.velocity = b.velocity;
    s.head_yaw = b.head_yaw;
    s.needs_sync = b.needs_sync;
    s.fall_flying = b.fall_flying;
  }
  return s;
}

PlayerLook EntityTracker::look_of(const Player& player) const {
  const PlayerMovement* m = movement_ ? movement_->movement(player.conn) : nullptr;
  return m ? player_look(m->body(), player.on_fire, player.using_item.living_flags(), player.absorption) : PlayerLook{};
}

EntityState EntityTracker::state_of(const Entity& entity) {
  EntityState s;
  s.position = entity.position;
  s.velocity = entity.velocity;
  s.yaw = entity.yaw;
  s.pitch = entity.pitch;
  s.head_yaw = entity.head_yaw;
  s.on_ground = entity.on_ground;
  s.needs_sync = entity.needs_sync;
  s.data_dirty = entity.data_dirty;
  if (entity.data_dirty) s.data = entity.synched_data();
  return s;
}

std::vector<int32_t> EntityTracker::viewers_of(int32_t entity_id) const {
  const Tracked* t = find(entity_id);
  if (t == nullptr) return {};
  return std::vector<int32_t>(t->seen_by.begin(), t->seen_by.end());
}

std::vector<int32_t> EntityTracker::seen_by(ConnId viewer) const {
  auto id = ids_.find(viewer);
  if (id == ids_.end()) return {};
  const Tracked* t = find(id->second);
  return std::vector<int32_t>(t->sees.begin(), t->sees.end());
}

void EntityTracker::send(ConnId conn, const SharedBytes& body) { connections_.send(conn, body); }

void EntityTracker::refresh_cell(Tracked& t, const Vec3& position) {
  const int64_t cell = TrackingGrid::cell_of(position);
  if (cell == t.cell) return;
  const int32_t id = t.sync.entity_id();
  grid_for(t).remove(id, t.cell);
  grid_for(t).insert(id, cell);
  t.cell = cell;
}

std::vector<EntityTracker::Tracked*> EntityTracker::candidates(const Vec3& around, double radius,
                                                               const IdSet& related) const {
  std::vector<int32_t> ids(related.begin(), related.end());
  grid_.collect(around, radius, ids);
  return in_id_order(std::move(ids), order_);
}

std::vector<EntityTracker::Tracked*> EntityTracker::entities_near(const Vec3& around, double player_radius,
                                                                  double other_radius, const IdSet& related) const {
  std::vector<int32_t> ids(related.begin(), related.end());
  grid_.collect(around, player_radius, ids);
  if (other_radius > 0.0) entity_grid_.collect(around, other_radius, ids);
  return in_id_order(std::move(ids), all_order_);
}

std::vector<EntityTracker::Tracked*> EntityTracker::in_id_order(std::vector<int32_t> ids,
                                                                const std::vector<Tracked*>& everyone) const {
  if (ids.size() * 2 >= everyone.size()) return everyone;
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  std::vector<Tracked*> out;
  out.reserve(ids.size());
  for (int32_t id : ids)
    if (Tracked* t = find(id)) out.push_back(t);
  return out;
}

EntityTracker::Watcher EntityTracker::watcher(Tracked& viewer) const {
  const Player& p = *viewer.player;
  return Watcher{viewer, static_cast<double>(view_distance(p) * 16), p.game_mode == GameMode::kSpectator,
                 chunks_->chunks_of(p)};
}

bool EntityTracker::visible_to(const Tracked& entity, const Watcher& viewer) const {
  const Vec3& at = position_of(entity);
  const Vec3& from = viewer.tracked.player->position;
  const double dx = from.x - at.x;
  const double dz = from.z - at.z;
  const double range = std::min(static_cast<double>(entity.range), viewer.view_blocks);
  if (dx * dx + dz * dz > range * range) return false;
  // ServerPlayer.broadcastToPlayer: spectators see everyone (nobody spectates through another
  // player's eyes here); others do not see spectators. Other entities show to everyone.
  const bool broadcast = entity.player == nullptr || viewer.spectator || entity.player->game_mode != GameMode::kSpectator;
  return broadcast && viewer.chunks.tracks(ChunkPos{java_floor(at.x) >> 4, java_floor(at.z) >> 4});
}

void EntityTracker::update_pair(Tracked& entity, const Watcher& viewer, bool seen) {
  HZ_CHECK(&entity != &viewer.tracked, "an entity paired with itself");  // the callers skip it
  const bool visible = visible_to(entity, viewer);
  if (visible == seen) return;
  if (visible) pair(entity, viewer.tracked);
  else unpair(entity, viewer.tracked);
}

void EntityTracker::pair(Tracked& entity, Tracked& viewer) {
  entity.seen_by.insert(viewer.sync.entity_id());
  viewer.sees.insert(entity.sync.entity_id());
  const Player* target = entity.player;
  std::vector<SharedBytes> pairing =
      target ? entity.sync.pairing_packets(target->uuid, player_look_changes({}, look_of(*target)))
             : entity.sync.pairing_packets(entity.entity->uuid(), entity.entity->synched_data(),
                                           entity.entity->spawn_data());
  // Inside the bundle: before its closing delimiter.
  std::vector<SharedBytes> extras = target ? equipment_pairing_packets(*target) : entity.entity->pairing_extras();
  pairing.insert(pairing.end() - 1, extras.begin(), extras.end());
  for (const SharedBytes& body : pairing) send(viewer.player->conn, body);
}

void EntityTracker::unpair(Tracked& entity, Tracked& viewer) {
  const int32_t entity_id = entity.sync.entity_id();
  entity.seen_by.erase(viewer.sync.entity_id());
  viewer.sees.erase(entity_id);
  send(viewer.player->conn, share(encode_packet(packet::play_cb::EntityDestroy{{entity_id}})));
}

void EntityTracker::update_viewers_of(Tracked& entity) {
  const double radius = std::min(max_visible_range(), static_cast<double>(range_of(entity)));
  IdWalk seen_by(entity.seen_by);
  for (Tracked* viewer : candidates(position_of(entity), radius, entity.seen_by)) {
    const bool seen = seen_by.contains(viewer->sync.entity_id());
    if (viewer != &entity && viewer->player != nullptr) update_pair(entity, watcher(*viewer), seen);
  }
}

void EntityTracker::update_as_viewer(Tracked& viewer, bool mover) {
  const Player& p = *viewer.player;
  const double radius = static_cast<double>(std::min(effective_range(), view_distance(p) * 16));
  const double other = static_cast<double>(std::min(largest_entity_range_, view_distance(p) * 16));
  // The grid always holds the viewer itself, so it comes up in id order among the others.
  const std::vector<Tracked*> entities = entities_near(p.position, radius, other, viewer.sees);
  const Watcher looking = watcher(viewer);
  IdWalk sees(viewer.sees);
  for (size_t i = 0; i < entities.size(); ++i) {
    // The pairs' positions are scattered through memory: ask for the next ones early.
    if (i + 4 < entities.size()) {
      const Tracked* ahead = entities[i + 4];
      __builtin_prefetch(ahead->player ? &ahead->player->position : &ahead->entity->position);
    }
    if (i + 8 < entities.size()) __builtin_prefetch(entities[i + 8]);
    Tracked& entity = *entities[i];
    if (&entity == &viewer) {
      if (mover) update_viewers_of(viewer);
      continue;
    }
    update_pair(entity, looking, sees.contains(entity.sync.entity_id()));
  }
}

void EntityTracker::on_join(Player& player) {
  const EntityState created = state_of(player);
  auto [it, added] = entities_.try_emplace(player.entity_id, Tracked{&player, nullptr, EntitySync(player.entity_id, created), {}, {},
                                                                     TrackingGrid::cell_of(player.position),
                                                                     section_of(player.position), {}, effective_range()});
  if (!added) return;
  ids_[player.conn] = player.entity_id;
  by_id_[player.entity_id] = &it->second;
  insert_by_id(order_, &it->second);
  insert_by_id(all_order_, &it->second);
  grid_.insert(player.entity_id, it->second.cell);
  update_viewers_of(it->second);
  update_as_viewer(it->second);
}

void EntityTracker::on_leave(Player& player) {
  auto id = ids_.find(player.conn);
  if (id == ids_.end()) return;
  auto it = entities_.find(id->second);
  Tracked& leaving = it->second;
  for (int32_t seen : leaving.sees) find(seen)->seen_by.erase(leaving.sync.entity_id());
  remove_from_viewers(leaving);
  grid_.remove(leaving.sync.entity_id(), leaving.cell);
  by_id_.erase(leaving.sync.entity_id());
  std::erase(order_, &leaving);
  std::erase(all_order_, &leaving);
  entities_.erase(it);
  ids_.erase(id);
}

void EntityTracker::remove_from_viewers(Tracked& leaving) {
  if (!leaving.seen_by.empty()) {
    const SharedBytes removal = share(encode_packet(packet::play_cb::EntityDestroy{{leaving.sync.entity_id()}}));
    for (int32_t viewer : leaving.seen_by) {
      Tracked* v = find(viewer);
      v->sees.erase(leaving.sync.entity_id());
      send(v->player->conn, removal);
    }
  }
}

void EntityTracker::add_entity(Entity& entity) {
  const SyncRules rules{entity.kind().type, entity.kind().update_interval, entity.kind().track_delta};
  auto [it, added] = entities_.try_emplace(
      entity.id(), Tracked{nullptr, &entity, EntitySync(entity.id(), state_of(entity), rules), {}, {},
                           TrackingGrid::cell_of(entity.position), section_of(entity.position), {}, 0});
  if (!added) return;
  Tracked& t = it->second;
  t.range = range_of(t);
  by_id_[entity.id()] = &t;
  insert_by_id(all_order_, &t);
  entity_grid_.insert(entity.id(), t.cell);
  largest_entity_range_ = std::max(largest_entity_range_, range_of(t));
  // The pairing carries the current data; nothing is dirty for a new viewer.
  entity.data_dirty = false;
  update_viewers_of(t);
}

void EntityTracker::remove_entity(int32_t entity_id) {
  auto it = entities_.find(entity_id);
  if (it == entities_.end() || it->second.player != nullptr) return;
  Tracked& leaving = it->second;
  remove_from_viewers(leaving);
  entity_grid_.remove(entity_id, leaving.cell);
  by_id_.erase(entity_id);
  std::erase(all_order_, &leaving);
  entities_.erase(it);
}

void EntityTracker::send_to_viewers(int32_t entity_id, const SharedBytes& body) {
  const Tracked* t = find(entity_id);
  if (t == nullptr) return;
  for (int32_t viewer : t->seen_by) send(find(viewer)->player->conn, body);
}

void EntityTracker::send_to_viewers_and_self(const Player& player, SharedBytes body) {
  auto id = ids_.find(player.conn);
  if (id != ids_.end())
    for (int32_t viewer : find(id->second)->seen_by) send(find(viewer)->player->conn, body);
  send(player.conn, body);
}

void EntityTracker::on_player_body_removed(Player& player) {
  auto id = ids_.find(player.conn);
  if (id == ids_.end()) return;
  // One removal per entity, as each tracked entity's removePairing sends.
  for (int32_t seen : find(id->second)->sees)
    send(player.conn, share(encode_packet(packet::play_cb::EntityDestroy{{seen}})));
  on_leave(player);
}

void EntityTracker::on_player_moved(const Player& player) {
  auto id = ids_.find(player.conn);
  if (id == ids_.end()) return;
  Tracked& mover = *find(id->second);
  refresh_cell(mover, player.position);
  update_as_viewer(mover, true);
}

void EntityTracker::tick() {
  std::vector<int32_t> moved;
  for (auto& [id, t] : entities_) {
    const Player* p = t.player;
    const Vec3& position = position_of(t);
    refresh_cell(t, position);
    const SectionPos section = section_of(position);
    if (!(section == t.section)) {
      update_viewers_of(t);
      if (p) moved.push_back(id);
      t.section = section;
    }
    scratch_.clear();
    if (p) {
      EntityState now = state_of(*p);
      const PlayerLook look = look_of(*p);
      now.data = player_look_changes(t.sent_look, look);
      now.data_dirty = !now.data.empty();
      t.sent_look = look;
      t.sync.send_changes(now, scratch_);
      if (PlayerMovement* m = movement_ ? movement_->movement(p->conn) : nullptr) m->body().needs_sync = false;
      // ServerEntity.broadcastAndSend: a player's own client hears its data changes too.
      if (now.data_dirty) send(p->conn, share(encode_packet(packet::play_cb::EntityMetadata{id, now.data})));
    } else {
      t.sync.send_changes(state_of(*t.entity), scratch_);
      t.entity->needs_sync = t.entity->data_dirty = false;
    }
    if (scratch_.empty()) continue;
    for (int32_t viewer : t.seen_by) {
      const ConnId conn = find(viewer)->player->conn;
      for (const SharedBytes& body : scratch_) send(conn, body);
    }
  }
  for (int32_t id : moved)
    if (Tracked* t = find(id)) update_as_viewer(*t);
}

bool EntityTracker::rebuild_indexes() {
  by_id_.clear(), order_.clear(), all_order_.clear();
  grid_ = TrackingGrid{}, entity_grid_ = TrackingGrid{};
  std::set<int32_t> player_ids;
  for (const auto& [conn, id] : ids_) player_ids.insert(id);
  bool consistent = player_ids.size() == ids_.size();
  for (auto& [id, t] : entities_) {
    consistent &= t.sync.entity_id() == id;
    const bool is_player = player_ids.contains(id);
    by_id_[id] = &t;
    all_order_.push_back(&t);  // entities_ is in id order
    if (is_player) order_.push_back(&t);
    (is_player ? grid_ : entity_grid_).insert(id, t.cell);
  }
  for (int32_t id : player_ids) consistent &= entities_.contains(id);
  for (const auto& [id, t] : entities_)
    for (const IdSet* related : {&t.seen_by, &t.sees})
      for (int32_t other : *related) consistent &= entities_.contains(other);
  return consistent;
}

bool EntityTracker::relink(const std::function<Entity*(int32_t)>& find_entity) {
  for (const auto& [conn, id] : ids_) {
    Player* player = connections_.player(conn);
    if (player == nullptr || player->entity_id != id) return false;
    entities_.at(id).player = player;
  }
  for (auto& [id, t] : entities_) {
    if (t.player == nullptr) t.entity = find_entity(id);
    if (t.player == nullptr && t.entity == nullptr) return false;
    t.range = range_of(t);
  }
  return true;
}

uint64_t EntityTracker::hash() const {
  Hasher h;
  for (const auto& [id, t] : entities_) {
    h.i64(id), h.u64(t.player ? t.player->conn : 0), h.u64(t.sync.hash());
    h.u64(t.sent_look.flags), h.i64(t.sent_look.pose), h.u64(t.sent_look.living_flags), h.f32(t.sent_look.absorption);
    for (int32_t v : t.seen_by) h.i64(v);
  }
  return h.digest();
}

}  // namespace hz
