#include "sim/game/tracking/entity_tracker.h"

#include <algorithm>

#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/game/core.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

int server_view_distance(const Core& core) { return std::clamp(core.config().properties.view_distance, 2, 32); }

}  // namespace

EntityTracker::EntityTracker(Core& core)
    : core_(core), view_rule_(server_view_distance(core)), chunks_(&view_rule_) {}

EntityTracker::~EntityTracker() = default;

EntityTracker::SectionPos EntityTracker::section_of(const Vec3& p) {
  return SectionPos{java_floor(p.x) >> 4, java_floor(p.y) >> 4, java_floor(p.z) >> 4};
}

int EntityTracker::effective_range() const {
  return core_.config().properties.entity_broadcast_range_percentage * kPlayerTrackingRange / 100;
}

int EntityTracker::view_distance(const Player& viewer) const {
  return std::clamp(viewer.client_view_distance, 2, server_view_distance(core_));
}

double EntityTracker::max_visible_range() const {
  return static_cast<double>(std::min(effective_range(), server_view_distance(core_) * 16));
}

const Player* EntityTracker::player_of(const Tracked& t) const { return core_.sessions().player(t.conn); }

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

std::vector<int32_t> EntityTracker::seen_by(ConnId viewer) const {
  auto id = ids_.find(viewer);
  if (id == ids_.end()) return {};
  const Tracked& t = entities_.at(id->second);
  return std::vector<int32_t>(t.sees.begin(), t.sees.end());
}

void EntityTracker::send(ConnId conn, const SharedBytes& body) { core_.sessions().send(conn, body); }

void EntityTracker::refresh_cell(Tracked& t, const Vec3& position) {
  const int64_t cell = TrackingGrid::cell_of(position);
  if (cell == t.cell) return;
  const int32_t id = t.sync.entity_id();
  grid_.remove(id, t.cell);
  grid_.insert(id, cell);
  t.cell = cell;
}

std::vector<int32_t> EntityTracker::candidates(const Vec3& around, double radius, const std::set<int32_t>& related) const {
  std::vector<int32_t> out(related.begin(), related.end());
  grid_.collect(around, radius, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void EntityTracker::update_pair(Tracked& entity, Tracked& viewer) {
  if (&entity == &viewer) return;
  const Player* target = player_of(entity);
  const Player* watcher = player_of(viewer);
  if (!target || !watcher) return;
  const double dx = watcher->position.x - target->position.x;
  const double dz = watcher->position.z - target->position.z;
  const double distance_sqr = dx * dx + dz * dz;
  const double range = static_cast<double>(std::min(effective_range(), view_distance(*watcher) * 16));
  // ServerPlayer.broadcastToPlayer: spectators see everyone (nobody spectates through another
  // player's eyes here); others do not see spectators.
  const bool broadcast = watcher->game_mode == GameMode::kSpectator || target->game_mode != GameMode::kSpectator;
  const bool visible = distance_sqr <= range * range && broadcast &&
                       chunks_->is_chunk_tracked(*watcher, java_floor(target->position.x) >> 4,
                                                 java_floor(target->position.z) >> 4);
  const int32_t entity_id = entity.sync.entity_id();
  const int32_t viewer_id = viewer.sync.entity_id();
  if (visible) {
    if (!entity.seen_by.insert(viewer_id).second) return;
    viewer.sees.insert(entity_id);
    for (const SharedBytes& body : entity.sync.pairing_packets(entity.uuid)) send(viewer.conn, body);
  } else if (entity.seen_by.erase(viewer_id) != 0) {
    viewer.sees.erase(entity_id);
    send(viewer.conn, share(encode_packet(packet::play_cb::EntityDestroy{{entity_id}})));
  }
}

void EntityTracker::update_viewers_of(Tracked& entity) {
  const Player* p = player_of(entity);
  if (!p) return;
  for (int32_t id : candidates(p->position, max_visible_range(), entity.seen_by)) {
    auto it = entities_.find(id);
    if (it != entities_.end()) update_pair(entity, it->second);
  }
}

void EntityTracker::update_as_viewer(Tracked& viewer) {
  const Player* p = player_of(viewer);
  if (!p) return;
  const double radius = static_cast<double>(std::min(effective_range(), view_distance(*p) * 16));
  for (int32_t id : candidates(p->position, radius, viewer.sees)) {
    auto it = entities_.find(id);
    if (it != entities_.end()) update_pair(it->second, viewer);
  }
}

void EntityTracker::on_join(Player& player) {
  const EntityState created = state_of(player);
  auto [it, added] = entities_.try_emplace(player.entity_id, Tracked{player.conn, player.uuid,
                                                                     EntitySync(player.entity_id, created), {}, {},
                                                                     TrackingGrid::cell_of(player.position),
                                                                     section_of(player.position)});
  if (!added) return;
  ids_[player.conn] = player.entity_id;
  grid_.insert(player.entity_id, it->second.cell);
  update_viewers_of(it->second);
  update_as_viewer(it->second);
}

void EntityTracker::on_leave(Player& player) {
  auto id = ids_.find(player.conn);
  if (id == ids_.end()) return;
  auto it = entities_.find(id->second);
  Tracked& leaving = it->second;
  for (int32_t seen : leaving.sees) entities_.at(seen).seen_by.erase(leaving.sync.entity_id());
  if (!leaving.seen_by.empty()) {
    const SharedBytes removal = share(encode_packet(packet::play_cb::EntityDestroy{{leaving.sync.entity_id()}}));
    for (int32_t viewer : leaving.seen_by) {
      Tracked& v = entities_.at(viewer);
      v.sees.erase(leaving.sync.entity_id());
      send(v.conn, removal);
    }
  }
  grid_.remove(leaving.sync.entity_id(), leaving.cell);
  entities_.erase(it);
  ids_.erase(id);
}

void EntityTracker::on_player_moved(const Player& player) {
  auto id = ids_.find(player.conn);
  if (id == ids_.end()) return;
  Tracked& mover = entities_.at(id->second);
  refresh_cell(mover, player.position);
  std::set<int32_t> related = mover.sees;
  related.insert(mover.sync.entity_id());
  const double radius = static_cast<double>(std::min(effective_range(), view_distance(player) * 16));
  for (int32_t other : candidates(player.position, radius, related)) {
    auto it = entities_.find(other);
    if (it == entities_.end()) continue;
    if (other == mover.sync.entity_id()) update_viewers_of(mover);
    else update_pair(it->second, mover);
  }
}

void EntityTracker::tick() {
  std::vector<int32_t> moved;
  for (auto& [id, t] : entities_) {
    const Player* p = player_of(t);
    if (!p) continue;
    refresh_cell(t, p->position);
    const SectionPos section = section_of(p->position);
    if (!(section == t.section)) {
      update_viewers_of(t);
      moved.push_back(id);
      t.section = section;
    }
    scratch_.clear();
    t.sync.send_changes(state_of(*p), scratch_);
    if (PlayerMovement* m = movement_ ? movement_->movement(t.conn) : nullptr) m->body().needs_sync = false;
    for (int32_t viewer : t.seen_by) {
      const ConnId conn = entities_.at(viewer).conn;
      for (const SharedBytes& body : scratch_) send(conn, body);
    }
  }
  for (int32_t id : moved) {
    auto it = entities_.find(id);
    if (it != entities_.end()) update_as_viewer(it->second);
  }
}

uint64_t EntityTracker::hash() const {
  Hasher h;
  for (const auto& [id, t] : entities_) {
    h.i64(id), h.u64(t.conn), h.u64(t.sync.hash());
    for (int32_t v : t.seen_by) h.i64(v);
  }
  return h.digest();
}

}  // namespace hz
