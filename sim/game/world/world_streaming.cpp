#include "sim/game/world/world_streaming.h"

#include <algorithm>

#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/game/core_config.h"
#include "sim/game/game_rules.h"
#include "sim/game/world/light_update_packet.h"
#include "sim/game/world/world_files.h"
#include "sim/protocol/packets.h"

namespace hz {
namespace {

constexpr int kMinViewDistance = 2;
constexpr int kMaxViewDistance = 32;

ChunkPos chunk_of(const Vec3& p) { return ChunkPos{java_floor(p.x) >> 4, java_floor(p.z) >> 4}; }

}  // namespace

WorldStreaming::WorldStreaming(const CoreConfig& config, EffectSink& effects, PlayerConnections& connections,
                               const GameTime& time, const GameRules& rules)
    : config_(config),
      effects_(effects),
      connections_(connections),
      time_(time),
      rules_(rules),
      simulation_(config.properties.simulation_distance),
      view_distance_(std::clamp(config.properties.view_distance, kMinViewDistance, kMaxViewDistance)),
      simulation_distance_(config.properties.simulation_distance),
      spawn_area_{ChunkPos{0, 0}, kSpawnAreaRadius},
      spawn_terrain_([this](ChunkPos pos) { return chunks_->ready_column(pos); }) {
  WorldChunksSettings settings;
  settings.seed = static_cast<uint64_t>(config.world_seed);
  chunks_ = std::make_unique<WorldChunks>(settings, effects_);
}

WorldStreaming::~WorldStreaming() = default;

void WorldStreaming::start() {
  if (started_) return;
  started_ = true;
  tickets_.add(spawn_area_, [&](ChunkPos pos) { want(pos, spawn_area_.center); });
}

bool WorldStreaming::on_job_completed(const JobCompleted& done) {
  if (!chunks_->on_job_completed(done)) return false;
  distribute_ready();
  return true;
}

JobId WorldStreaming::save_all(bool flush) {
  chunks_->save_all(time_.game_time(), false);
  WorldFileFacts facts;
  facts.properties = &config_.properties;
  facts.seed = config_.world_seed;
  const BlockPos spawn = spawn_block();
  facts.spawn.x = spawn.x, facts.spawn.y = spawn.y, facts.spawn.z = spawn.z;
  facts.level_time = time_.level_time();
  facts.rules = &rules_;
  for (StorageWrite& write : world_file_writes(facts)) effects_.emit(std::move(write));
  return flush ? chunks_->save_all(time_.game_time(), true) : 0;  // nothing dirty left: just the flush
}

// --- demand ---

void WorldStreaming::want(ChunkPos pos, ChunkPos from) { chunks_->want(pos, from.ring_distance(pos)); }

void WorldStreaming::unwant(ChunkPos pos) { chunks_->unwant(pos); }

// --- players ---

int WorldStreaming::player_view_distance(const Player& player) const {
  return std::clamp(player.client_view_distance, kMinViewDistance, view_distance_);
}

void WorldStreaming::on_join(Player& player) {
  Viewer& viewer = viewers_[player.conn];
  viewer_index_[player.conn] = &viewer;
  const ChunkPos chunk = chunk_of(player.position);
  viewer.section = SectionPos{chunk.x, java_floor(player.position.y) >> 4, chunk.z};
  // Chunks within view distance get entity-ticking tickets, so those one further are ticking
  // (sendable): the square reaches one chunk past the view distance.
  viewer.loading = ChunkSquare{chunk, view_distance_ + 1};
  tickets_.add(viewer.loading, [&](ChunkPos pos) { want(pos, chunk); });
  simulation_.add_player(chunk);
  update_chunk_tracking(viewer, player);
}

void WorldStreaming::on_leave(Player& player) {
  auto it = viewers_.find(player.conn);
  if (it == viewers_.end()) return;
  // The connection is gone: the view empties without forget packets nobody would read.
  apply_view(it->second, player.conn, ChunkTrackingView(), false);
  tickets_.remove(it->second.loading, [&](ChunkPos pos) { unwant(pos); });
  simulation_.remove_player(it->second.loading.center);
  viewer_index_.erase(player.conn);
  last_viewer_ = {0, nullptr};
  viewers_.erase(it);
}

void WorldStreaming::on_move(Player& player, const MoveInput&) {
  if (Viewer* viewer = find_viewer(player.conn)) follow_position(*viewer, player);
}

void WorldStreaming::on_teleported(Player& player) {
  if (Viewer* viewer = find_viewer(player.conn)) follow_position(*viewer, player);
}

// Vanilla's ChunkMap.move: only a change of section (x, y or z) re-centres tickets and view.
void WorldStreaming::follow_position(Viewer& viewer, const Player& player) {
  const ChunkPos chunk = chunk_of(player.position);
  const SectionPos section{chunk.x, java_floor(player.position.y) >> 4, chunk.z};
  if (section == viewer.section) return;
  viewer.section = section;
  const ChunkSquare next{chunk, viewer.loading.radius};
  tickets_.move(
      viewer.loading, next, [&](ChunkPos pos) { want(pos, chunk); }, [&](ChunkPos pos) { unwant(pos); });
  simulation_.move_player(viewer.loading.center, chunk);
  viewer.loading = next;
  update_chunk_tracking(viewer, player);
}

void WorldStreaming::on_chunk_batch_received(Player& player, float desired) {
  if (Viewer* viewer = find_viewer(player.conn)) viewer->sender.on_batch_received(desired);
}

void WorldStreaming::update_chunk_tracking(Viewer& viewer, const Player& player) {
  const ChunkPos center = chunk_of(player.position);
  const int radius = player_view_distance(player);
  if (viewer.view.is_positioned() && viewer.view.center() == center && viewer.view.radius() == radius) return;
  apply_view(viewer, player.conn, ChunkTrackingView(center, radius), true);
}

void WorldStreaming::apply_view(Viewer& viewer, ConnId conn, ChunkTrackingView next, bool client_connected) {
  const ChunkTrackingView& previous = viewer.view;
  if (next.is_positioned() && (!previous.is_positioned() || previous.center() != next.center()))
    connections_.send(conn, packet::play_cb::UpdateViewPosition{next.center().x, next.center().z});
  view_difference(
      previous, next,
      [&](ChunkPos pos) {
        if (chunks_->is_ready(pos)) viewer.sender.mark_pending(pos);
      },
      [&](ChunkPos pos) {
        if (viewer.sender.drop(pos) && client_connected) connections_.send(conn, packet::play_cb::UnloadChunk{pos.x, pos.z});
      });
  viewer.view = next;
}

// Vanilla's onChunkReadyToSend: every player whose view holds the chunk gets it queued.
void WorldStreaming::distribute_ready() {
  for (ChunkPos pos : chunks_->take_ready()) {
    if (!spawn_ && pos == spawn_area_.center) learn_spawn(*chunks_->ready_column(pos));
    for (auto& [conn, viewer] : viewers_)
      if (viewer.view.contains(pos)) viewer.sender.mark_pending(pos);
  }
}

void WorldStreaming::tick() {
  for (auto& [conn, viewer] : viewers_)
    if (const Player* player = connections_.player(conn)) update_chunk_tracking(viewer, *player);
  broadcast_block_changes();
  chunks_->tick(time_.game_time());
  distribute_ready();
  for (auto& [conn, viewer] : viewers_)
    if (const Player* player = connections_.player(conn)) send_next_chunks(viewer, *player);
  chunks_->refresh_changed_contents();
}

// --- block changes ---

bool WorldStreaming::set_block(const BlockPos& pos, BlockStateId state) {
  std::optional<BlockStateId> old = chunks_->set_block(pos.x, pos.y, pos.z, state);
  if (!old) return false;
  if (*old != state) block_changes_.record(pos);
  return true;
}

BlockStateId WorldStreaming::block_at(const BlockPos& pos) const {
  const ChunkColumn* column = chunks_->ready_column({pos.x >> 4, pos.z >> 4});
  return column ? column->block(pos.x & 15, pos.y, pos.z & 15) : BlockStateId{0};
}

// Vanilla's ChunkHolder.broadcastChanges sends light first, and only to the players for whom the
// chunk is on the edge of what they track: their client lights every other chunk itself.
void WorldStreaming::broadcast_light_changes() {
  chunks_->settle_light();
  const auto changes = chunks_->take_light_changes();
  if (changes.empty()) return;
  const auto viewers = viewers_in_join_order();
  for (const auto& [pos, masks] : changes) {
    const ChunkColumn* column = chunks_->ready_column(pos);
    if (column == nullptr) continue;
    SharedBytes packet;
    for (const auto& [conn, viewer] : viewers) {
      if (!tracks(*viewer, pos) || !is_on_tracked_border(*viewer, pos)) continue;
      if (!packet) packet = share(encode_packet(light_update_packet(pos, column->light(), masks)));
      connections_.send(conn, packet);
    }
  }
}

bool WorldStreaming::is_on_tracked_border(const Viewer& viewer, ChunkPos pos) {
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz)
      if ((dx != 0 || dz != 0) && !tracks(viewer, {pos.x + dx, pos.z + dz})) return true;
  return false;
}

std::vector<std::pair<ConnId, const WorldStreaming::Viewer*>> WorldStreaming::viewers_in_join_order() const {
  std::vector<std::pair<ConnId, const Viewer*>> out;
  for (ConnId conn : connections_.players_in_join_order())
    if (const Viewer* viewer = find_viewer(conn)) out.emplace_back(conn, viewer);
  return out;
}

void WorldStreaming::broadcast_block_changes() {
  broadcast_light_changes();
  if (block_changes_.empty()) return;
  auto state_at = [this](const BlockPos& pos) { return block_at(pos); };
  const auto viewers = viewers_in_join_order();
  for (const BlockChangeBatch::ChunkChanges& changes : block_changes_.take(state_at)) {
    for (const auto& [conn, viewer] : viewers) {
      if (!tracks(*viewer, changes.chunk)) continue;
      for (const SharedBytes& packet : changes.packets) connections_.send(conn, packet);
    }
  }
}

void WorldStreaming::send_next_chunks(Viewer& viewer, const Player& player) {
  std::vector<ChunkPos> batch =
      viewer.sender.next_batch(chunk_of(player.position), [&](ChunkPos pos) { return chunks_->is_ready(pos); });
  if (batch.empty()) return;
  connections_.send(player.conn, packet::play_cb::ChunkBatchStart{});
  for (ChunkPos pos : batch)
    connections_.send(player.conn, chunks_->lit_column(pos)->map_chunk_packet(packet::play_cb::MapChunk::kId));
  connections_.send(player.conn, packet::play_cb::ChunkBatchFinished{static_cast<int32_t>(batch.size())});
}

// --- spawn ---

void WorldStreaming::learn_spawn(const ChunkColumn& column) {
  spawn_ = spawn_position_in_chunk(spawn_terrain_, spawn_area_.center);
  if (spawn_) return;
  const int top = column.top_y(HeightmapType::kMotionBlocking, 0, 0);
  spawn_ = BlockPos{spawn_area_.center.x * 16, top < kWorldMinY ? kSeaLevel + 1 : top + 1, spawn_area_.center.z * 16};
}

std::pair<int, int> WorldStreaming::spawn_area_progress() const {
  const int side = 2 * spawn_area_.radius + 1;
  int ready = 0;
  for (int dx = -spawn_area_.radius; dx <= spawn_area_.radius; ++dx)
    for (int dz = -spawn_area_.radius; dz <= spawn_area_.radius; ++dz)
      ready += chunks_->is_ready({spawn_area_.center.x + dx, spawn_area_.center.z + dz}) ? 1 : 0;
  return {ready, side * side};
}

BlockPos WorldStreaming::spawn_block() const {
  // Before the spawn chunk exists (only in tests that never run its jobs): just above sea level.
  return spawn_.value_or(BlockPos{0, kSeaLevel + 2, 0});
}

Vec3 WorldStreaming::spawn_point() const {
  const BlockPos block = spawn_block();
  return Vec3{block.x + 0.5, static_cast<double>(block.y), block.z + 0.5};
}

// --- queries ---

bool WorldStreaming::is_chunk_tracked(ConnId player, ChunkPos pos) const {
  const Viewer* viewer = find_viewer(player);
  return viewer != nullptr && tracks(*viewer, pos);
}

const ChunkTrackingView* WorldStreaming::view_of(ConnId player) const {
  const Viewer* viewer = find_viewer(player);
  return viewer == nullptr ? nullptr : &viewer->view;
}

const PlayerChunkSender* WorldStreaming::sender_of(ConnId player) const {
  const Viewer* viewer = find_viewer(player);
  return viewer == nullptr ? nullptr : &viewer->sender;
}

bool WorldStreaming::is_entity_ticking(ChunkPos pos) const { return simulation_.contains(pos); }

bool WorldStreaming::is_block_ticking(ChunkPos pos) const { return simulation_.block_ticking(pos); }

bool WorldStreaming::ticks_scheduled_at(ChunkPos pos) const {
  return simulation_.block_ticking(pos) && ticking_column(pos) != nullptr;
}

bool WorldStreaming::is_ticking(ChunkPos pos) const { return simulation_.contains(pos) && ticking_column(pos); }

const std::vector<ChunkPos>& WorldStreaming::ticking_chunks() const {
  if (ticking_cache_simulation_ != simulation_.version() || ticking_cache_membership_ != chunks_->membership_version()) {
    ticking_cache_.clear();
    for (ChunkPos pos : simulation_.chunks())
      if (ticking_column(pos) != nullptr) ticking_cache_.push_back(pos);
    ticking_cache_simulation_ = simulation_.version();
    ticking_cache_membership_ = chunks_->membership_version();
  }
  return ticking_cache_;
}

const ChunkColumn* WorldStreaming::ticking_column(ChunkPos pos) const {
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz)
      if ((dx != 0 || dz != 0) && !chunks_->is_ready({pos.x + dx, pos.z + dz})) return nullptr;
  return chunks_->ready_column(pos);
}

uint8_t WorldStreaming::sky_light_at(const BlockPos& pos) const {
  if (pos.y > kWorldMaxY) return 15;
  const ChunkColumn* c = chunks_->ready_column({pos.x >> 4, pos.z >> 4});
  return c ? c->light().sky_at(pos.x & 15, pos.y, pos.z & 15) : 15;
}

uint8_t WorldStreaming::block_light_at(const BlockPos& pos) const {
  if (pos.y > kWorldMaxY) return 0;
  const ChunkColumn* c = chunks_->ready_column({pos.x >> 4, pos.z >> 4});
  return c ? c->light().block_at(pos.x & 15, pos.y, pos.z & 15) : 0;
}

uint64_t WorldStreaming::hash() const {
  Hasher h;
  h.u64(chunks_->hash());
  h.u64(block_changes_.hash());
  h.u64(tickets_.wanted_count());
  h.u64(simulation_.hash());
  h.u64(spawn_.has_value());
  if (spawn_) h.i64(spawn_->x), h.i64(spawn_->y), h.i64(spawn_->z);
  for (const auto& [conn, v] : viewers_) {
    h.u64(conn);
    h.u64(v.view.is_positioned()), h.i64(v.view.center().x), h.i64(v.view.center().z), h.i64(v.view.radius());
    h.i64(v.loading.center.x), h.i64(v.loading.center.z);
    h.u64(v.sender.pending_count()), h.f32(v.sender.desired_chunks_per_tick()), h.f32(v.sender.batch_quota());
    h.i64(v.sender.unacknowledged_batches()), h.i64(v.sender.max_unacknowledged_batches());
  }
  return h.digest();
}

}  // namespace hz
