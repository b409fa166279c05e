// The world in the running game: the chunk map (WorldChunks) kept loaded around players and the
// spawn area, each player's tracking view and chunk sender (vanilla's ChunkMap and
// PlayerChunkSender), the spawn point, and the simulation distance. Follows players as a
// PlayerListener; job results reach it through the core.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"

#include "sim/game/player.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"
#include "sim/game/ticking/ticking_chunks.h"
#include "sim/game/tracking/chunk_visibility.h"
#include "sim/game/world/block_change_batch.h"
#include "sim/game/world/chunk_sender.h"
#include "sim/game/world/loading_tickets.h"
#include "sim/game/world/simulation_chunks.h"
#include "sim/game/world/spawn_finder.h"
#include "sim/game/world/tracking_view.h"
#include "sim/game/world/world_chunks.h"

namespace hz {

class GameRules;
struct CoreConfig;

class WorldStreaming final : public PlayerListener, public BlockWorld, public TickingChunks, public ChunkVisibility {
 public:
  // The spawn chunk and its neighbours are kept loaded (and prepared before the server is up).
  static constexpr int kSpawnAreaRadius = 1;

  // `effects`: where the chunk map's jobs, storage writes and logs go (in emission order).
  WorldStreaming(const CoreConfig& config, EffectSink& effects, PlayerConnections& connections, const GameTime& time,
                 const GameRules& rules);
  ~WorldStreaming() override;

  // Starts loading the spawn area (called once, when the core starts).
  void start();
  // A job result the core routed here; false when it was not the world's.
  bool on_job_completed(const JobCompleted& done);
  // save-all, autosave and stop: every dirty loaded chunk goes to storage, then level.dat and the
  // saved data; with `flush` storage is asked to put it all on disk, and the flush job's id is
  // returned for the flush listener (0 without `flush`).
  JobId save_all(bool flush);
  void set_flush_listener(std::function<void(JobId)> listener) { chunks_->set_flush_listener(std::move(listener)); }

  // PlayerListener
  void on_join(Player& player) override;
  void on_leave(Player& player) override;
  void on_move(Player& player, const MoveInput& move) override;
  void on_teleported(Player& player) override;
  void on_chunk_batch_received(Player& player, float desired_chunks_per_tick) override;
  void tick() override;

  // True once the spawn chunk is loaded and the spawn point is known.
  bool spawn_ready() const { return spawn_.has_value(); }
  // Chunks of the spawn area loaded so far, and how many it has (the server is up at all of them).
  std::pair<int, int> spawn_area_progress() const;
  // The world spawn: the bottom centre of the first column of the spawn chunk (x outer, z inner)
  // with ground a player fits on (spawn_finder.h); x 0.5, z 0.5 on the highest motion-blocking
  // block when no column has any.
  Vec3 spawn_point() const;
  BlockPos spawn_block() const;
  // What the spawn finder reads: the loaded columns.
  const SpawnTerrain& spawn_terrain() const { return spawn_terrain_; }
  // view-distance clamped to vanilla's 2..32.
  int server_view_distance() const { return view_distance_; }
  int simulation_distance() const { return simulation_distance_; }

  const WorldChunks& chunks() const { return *chunks_; }
  // The system that keeps per-chunk data (scheduled ticks) while chunks are loaded.
  void set_chunk_keeper(ChunkDataKeeper* keeper) { chunks_->set_keeper(keeper); }
  void set_entity_keeper(EntityChunkKeeper* keeper) { chunks_->set_entity_keeper(keeper); }
  void set_generated_listener(GeneratedChunkListener* listener) { chunks_->set_generated_listener(listener); }

  // The one path for block changes: stores `state` at `pos` in a ready chunk (heightmaps exact,
  // chunk marked for saving, light relit when next sent or saved) and records the change for this
  // tick's broadcast to the players who have the chunk. False when the chunk is not loaded or y is
  // outside the world. Setting the state already there changes nothing and sends nothing.
  bool set_block(const BlockPos& pos, BlockStateId state) override;
  // The state at a world position; air where no chunk is loaded.
  BlockStateId block_at(const BlockPos& pos) const override;
  uint8_t raw_brightness(const BlockPos& pos) const override {
    return std::max(sky_light_at(pos), block_light_at(pos));
  }
  bool is_loaded(const BlockPos& pos) const override { return chunks_->is_ready({pos.x >> 4, pos.z >> 4}); }
  // The loaded FULL column at a chunk, or null.
  const ChunkColumn* column(ChunkPos pos) const override { return chunks_->ready_column(pos); }
  // Vanilla's isChunkTracked: in the player's view and already sent (not pending).
  bool is_chunk_tracked(ConnId player, ChunkPos pos) const;
  // ChunkVisibility: the same, for entity tracking.
  ViewerChunks chunks_of(const Player& viewer) const override {
    const Viewer* v = find_viewer(viewer.conn);
    return v == nullptr ? ViewerChunks{} : ViewerChunks{v->view, &v->sender};
  }
  const ChunkTrackingView* view_of(ConnId player) const;
  const PlayerChunkSender* sender_of(ConnId player) const;
  // Simulation distance (vanilla's simulation tickets, simulation_chunks.h): entities tick within
  // Chebyshev distance min(s, 31) of a player's chunk, blocks within one more.
  bool is_entity_ticking(ChunkPos pos) const;
  bool is_block_ticking(ChunkPos pos) const;
  // ServerLevel.isPositionTickingWithEntitiesLoaded, where scheduled block and fluid ticks run:
  // block ticking and a ticking chunk (loaded with its eight neighbours; entities load with it).
  bool ticks_scheduled_at(ChunkPos pos) const;
  // The one query other systems ask (random ticks now; scheduled ticks and mobs later): the chunk
  // is entity ticking and loaded with its eight neighbours, as vanilla's forEachBlockTickingChunk
  // takes the entity-ticking chunks whose holder has a ticking chunk.
  bool is_ticking(ChunkPos pos) const override;
  // Every ticking chunk in (x, z) order.
  template <typename Visit>
  void for_each_ticking_chunk(Visit&& visit) const {
    for (ChunkPos pos : ticking_chunks()) visit(*chunks_->ready_column(pos));
  }
  // The ticking chunks in (x, z) order, recomputed only when players' squares or the loaded
  // chunks changed (checking eight neighbours of every chunk every tick would cost more than the
  // random ticks themselves).
  const std::vector<ChunkPos>& ticking_chunks() const override;
  // Light as the world has it now (settled once a tick, like vanilla's asynchronous engine): sky
  // 15 and block 0 where no chunk is loaded.
  uint8_t sky_light_at(const BlockPos& pos) const override;
  uint8_t block_light_at(const BlockPos& pos) const override;

  uint64_t hash() const;

 private:
  struct SectionPos {
    int32_t x = 0, y = 0, z = 0;
    bool operator==(const SectionPos&) const = default;
    template <class Io>
    void state_fields(Io& io) {
      io(x, y, z);
    }
  };
  struct Viewer {
    ChunkTrackingView view;
    PlayerChunkSender sender;
    ChunkSquare loading;  // the player's loading tickets
    SectionPos section;   // vanilla's lastSectionPos
    template <class Io>
    void state_fields(Io& io) {
      io(view, sender, loading, section);
    }
  };

 public:
  // The chunks, tickets, viewers and spawn in a snapshot; reading rebuilds the viewer index and
  // forgets the caches.
  template <class Io>
  void state_fields(Io& io) {
    io(*chunks_, block_changes_, tickets_, simulation_, viewers_, spawn_area_, started_, spawn_);
    if constexpr (Io::kReading) {
      viewer_index_.clear();
      for (auto& [conn, viewer] : viewers_) viewer_index_[conn] = &viewer;
      last_viewer_ = {0, nullptr};
      ticking_cache_.clear();
      ticking_cache_simulation_ = ticking_cache_membership_ = ~uint64_t{0};
    }
  }

 private:

  void follow_position(Viewer& viewer, const Player& player);
  void update_chunk_tracking(Viewer& viewer, const Player& player);
  void apply_view(Viewer& viewer, ConnId conn, ChunkTrackingView next, bool client_connected);
  void want(ChunkPos pos, ChunkPos from);
  void unwant(ChunkPos pos);
  void distribute_ready();
  void send_next_chunks(Viewer& viewer, const Player& player);
  int player_view_distance(const Player& player) const;
  void learn_spawn(const ChunkColumn& column);
  // The column when it and its eight neighbours are loaded, else null.
  const ChunkColumn* ticking_column(ChunkPos pos) const;
  // Vanilla's broadcastChanges: this tick's block changes to every player tracking their chunk.
  void broadcast_block_changes();
  void broadcast_light_changes();
  // isChunkTracked for a viewer: in its view and already sent.
  // Entity tracking asks for one viewer many times in a row: the last answer is kept.
  Viewer* find_viewer(ConnId conn) const {
    if (conn == last_viewer_.first && last_viewer_.second != nullptr) return last_viewer_.second;
    auto it = viewer_index_.find(conn);
    if (it == viewer_index_.end()) return nullptr;
    last_viewer_ = {conn, it->second};
    return it->second;
  }
  static bool tracks(const Viewer& viewer, ChunkPos pos) {
    return viewer.view.contains(pos) && !viewer.sender.is_pending(pos);
  }
  // Whether the viewer tracks a chunk but not all eight around it.
  static bool is_on_tracked_border(const Viewer& viewer, ChunkPos pos);
  // The players' viewers in join order, looked up once for a broadcast over many chunks.
  std::vector<std::pair<ConnId, const Viewer*>> viewers_in_join_order() const;

  const CoreConfig& config_;
  EffectSink& effects_;
  PlayerConnections& connections_;
  const GameTime& time_;
  const GameRules& rules_;
  std::unique_ptr<WorldChunks> chunks_;
  BlockChangeBatch block_changes_;
  LoadingTickets tickets_;
  SimulationChunks simulation_;
  // Cache of ticking_chunks(), keyed by the two versions it was computed at.
  mutable std::vector<ChunkPos> ticking_cache_;
  mutable uint64_t ticking_cache_simulation_ = ~uint64_t{0}, ticking_cache_membership_ = ~uint64_t{0};
  std::map<ConnId, Viewer> viewers_;
  absl::flat_hash_map<ConnId, Viewer*> viewer_index_;  // lookups only, never iterated
  mutable std::pair<ConnId, Viewer*> last_viewer_{0, nullptr};  // forgotten when a viewer leaves
  int view_distance_;
  int simulation_distance_;
  ChunkSquare spawn_area_;
  bool started_ = false;
  std::optional<BlockPos> spawn_;
  ColumnSpawnTerrain spawn_terrain_;
};

}  // namespace hz
