// The game's chunk map: which chunks are wanted, loading them from storage or generating them
// through the GenerationGraph with stage jobs run off the server thread, handing out FULL lit
// columns once ready, and saving dirty chunks when they unload or on save. Work happens on
// demand changes and job results, never as a walk over every loaded chunk per tick.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <memory>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "sim/core/effects.h"
#include "sim/core/inputs.h"
#include "sim/game/world/light_settling.h"
#include "sim/world/anvil/chunk_nbt.h"
#include "sim/world/generation_graph.h"

namespace hz {

// A system that keeps per-chunk data of its own while the chunk is loaded (the scheduled tick
// queues): told when a chunk becomes ready (with what its file carried), saves, and unloads.
class StateReader;
class StateWriter;

class ChunkDataKeeper {
 public:
  virtual ~ChunkDataKeeper() = default;
  // `stored`: what the chunk's file carried; null for a chunk generated here.
  virtual void on_chunk_ready(ChunkPos pos, const anvil::ChunkExtras* stored) = 0;
  // Writes the keeper's data into what the save carries.
  virtual void on_chunk_saving(ChunkPos pos, anvil::ChunkExtras& extras, int64_t game_time) = 0;
  virtual void on_chunk_unloaded(ChunkPos pos) = 0;
};

// The system that keeps a chunk's entities in the dimension's `entities` store (SavedEntities,
// docs/rules/saved-entities.md): handed the entity record read after the chunk became ready, and
// asked for the record to write when the chunk saves or unloads.
class EntityChunkKeeper {
 public:
  virtual ~EntityChunkKeeper() = default;
  // The entity chunk's record as read (file NBT, uncompressed); null when absent or unreadable.
  virtual void on_entities_read(ChunkPos pos, const Bytes* nbt) = 0;
  // The record to write now (empty bytes remove it), or nullopt when nothing needs writing. With
  // `unloading` the keeper also lets go of the chunk's entities (they are in the record).
  virtual std::optional<Bytes> entities_to_save(ChunkPos pos, bool unloading) = 0;
};

// Told when a chunk generated here (never one read from storage) has its entities live, that is
// after its entities store was read or, without an entities store, when it became ready: the
// animals generation places join the world then (docs/rules/spawning.md §8).
class GeneratedChunkListener {
 public:
  virtual ~GeneratedChunkListener() = default;
  virtual void on_chunk_generated(const ChunkColumn& column) = 0;
};

struct WorldChunksSettings {
  uint64_t seed = 0;
  // Generation jobs handed to the workers at a time: enough to keep every worker busy, few enough
  // that newly urgent chunks do not queue behind a long backlog. A constant, so replays agree.
  size_t max_generation_jobs = 64;
  // Chunks unloaded per tick at most (each dirty one is encoded for storage on the server
  // thread); the rest wait for the next ticks, like vanilla's unload queue when time runs out.
  size_t max_unloads_per_tick = 64;
};

class WorldChunks {
 public:
  WorldChunks(WorldChunksSettings settings, EffectSink& effects);

  void set_keeper(ChunkDataKeeper* keeper) { keeper_ = keeper; }
  void set_entity_keeper(EntityChunkKeeper* keeper) { entity_keeper_ = keeper; }
  void set_generated_listener(GeneratedChunkListener* listener) { generated_listener_ = listener; }

  // A chunk is wanted FULL (lower priority numbers are served first) or no longer wanted.
  void want(ChunkPos pos, int priority);
  void unwant(ChunkPos pos);

  // A job's result. False when the job is not one of the world's.
  bool on_job_completed(const JobCompleted& done);
  // Once per tick: unloads (saving dirty chunks) what nothing wants, submits runnable jobs.
  void tick(int64_t game_time);
  // Chunks that became ready since the last call, in the order they did.
  std::vector<ChunkPos> take_ready();

  // The FULL column of a ready chunk; null otherwise. Its light may be stale after block changes
  // (light_valid() false) until the light is settled.
  const ChunkColumn* ready_column(ChunkPos pos) const;
  // The same column with its light brought up to date first, for whatever leaves the core with
  // light in it: chunk packets and saves.
  const ChunkColumn* lit_column(ChunkPos pos);

  // Changes one block of a ready chunk (world coordinates) and returns the state it replaced, or
  // nullopt when the chunk is not ready or y is outside the world. Heightmaps stay exact; the
  // chunk is marked for saving; its light waits for settle_light.
  std::optional<BlockStateId> set_block(int x, int y, int z, BlockStateId state);
  // Updates the light after the block changes since the last call (light_settling.h).
  void settle_light();
  // Light sections changed since the last call, per chunk, for light_update packets.
  std::map<ChunkPos, LightSettling::SectionMasks> take_light_changes() { return light_.take_changes(); }
  // Settles the light, then re-hashes the contents of chunks changed since the last call (once a
  // tick, not per block).
  void refresh_changed_contents();
  bool is_ready(ChunkPos pos) const { return ready_column(pos) != nullptr; }
  // Writes every dirty loaded chunk (save-all, autosave, stop), in position order; with `flush`,
  // then asks storage to put everything on disk (save-all flush, stop) and returns that job's id,
  // which the flush listener is told once storage reports it done (0 without `flush`).
  JobId save_all(int64_t game_time, bool flush);
  // Who hears that a flush is done (set once, by the owner): job ids are data, where a callback
  // per save would not be.
  void set_flush_listener(std::function<void(JobId)> listener) { flush_listener_ = std::move(listener); }

  size_t loaded_count() const { return loaded_; }
  // Moves whenever a chunk becomes ready or unloads: caches of "which chunks are loaded" compare it.
  uint64_t membership_version() const { return membership_version_; }
  size_t tracked_count() const { return slots_.size(); }
  size_t generation_jobs_in_flight() const { return generation_in_flight_; }
  size_t jobs_in_flight() const { return jobs_.size(); }
  size_t unloads_waiting() const { return unload_candidates_.size(); }
  const GenerationGraph& graph() const { return graph_; }
  // Loaded chunks' heap bytes, summed on demand (for statistics, not per tick).
  size_t memory_bytes() const;
  // Covers the loaded chunks' contents (see loaded_contents_hash_), the chunk map's bookkeeping
  // and counters; costs the same however many chunks are loaded.
  uint64_t hash() const;
  // The loaded and loading chunks, the generation graph, the jobs in flight and light settling, in
  // a snapshot (world_chunks_snapshot.cpp). Columns shared between a slot and the graph are
  // written once and stay shared when read.
  template <class Io>
  void state_fields(Io& io) {
    if constexpr (Io::kReading) read_state(io);
    else write_state(io);
  }

 private:
  struct Slot {
    enum class Stage : uint8_t { kReading, kGenerating, kReady };
    Stage stage = Stage::kReading;
    bool wanted = true;
    bool dirty = false;
    bool generated = false;  // kReady: generated here, its generation animals not yet added
    int priority = 0;
    JobId read_job = 0;
    JobId entity_read_job = 0;                      // kReady: the read of its entities store
    std::shared_ptr<ChunkColumn> column;            // kReady
    uint64_t contents = 0;                          // kReady: its position and stored_hash()
    std::unique_ptr<anvil::ChunkExtras> extras;     // what a stored chunk carried, for its next save
  };
  struct PendingJob {
    uint32_t kind = 0;
    ChunkPos pos;
    bool entities = false;  // a read or write of the entities store
  };

  void write_state(StateWriter& out);
  void read_state(StateReader& in);
  Slot* find(ChunkPos pos);
  const Slot* find(ChunkPos pos) const;
  JobId submit(uint32_t kind, ChunkPos pos, Bytes request);
  void on_read(ChunkPos pos, JobId job, const Bytes& result);
  void load_stored(ChunkPos pos, Slot& slot, const Bytes& nbt);
  void announce_generated(Slot& slot);
  void start_generation(ChunkPos pos, Slot& slot, std::shared_ptr<ChunkColumn> stored);
  void adopt_loaded_neighbours(ChunkPos pos);
  void check_loaded_totals(StateReader& in) const;
  void on_generated(const Bytes& result);
  void collect_finished();
  void make_ready(ChunkPos pos, Slot& slot, std::shared_ptr<ChunkColumn> column, bool dirty);
  void write(ChunkPos pos, Slot& slot, int64_t game_time);
  void read_entities(ChunkPos pos);
  void on_entities_read(ChunkPos pos, JobId job, const Bytes& result);
  void save_entities(ChunkPos pos, bool unloading);
  void on_written(ChunkPos pos, const Bytes& result);
  void on_flushed(JobId job, const Bytes& result);
  void unload_unwanted(int64_t game_time);
  void submit_generation_jobs();
  void log(LogLevel level, std::string text);
  void relight(ChunkPos pos, Slot& slot);
  Slot& slot_for(ChunkPos pos);   // slots_[pos]
  void erase_slot(ChunkPos pos);  // slots_.erase(pos)

  WorldChunksSettings settings_;
  EffectSink& effects_;
  GenerationGraph graph_;
  // Looked up by position; iterated only after sorting (save_all), never in hash order.
  absl::flat_hash_map<ChunkPos, Slot> slots_;
  // The slot found last: mobs' and movement's block lookups ask for one chunk many times in a
  // row. Points into slots_, so every insertion or erasure forgets it (erase_slot, slot_for).
  mutable ChunkPos cached_pos_;
  mutable const Slot* cached_slot_ = nullptr;
  std::map<JobId, PendingJob> jobs_;
  std::function<void(JobId)> flush_listener_;
  std::deque<ChunkPos> unload_candidates_;
  std::vector<ChunkPos> ready_;
  JobId next_job_ = 1;
  size_t generation_in_flight_ = 0;
  size_t loaded_ = 0;
  uint64_t membership_version_ = 0;  // a cache key only: not part of the state hash
  // Sum of the loaded chunks' `contents`: which chunks are loaded and what they hold, in any order.
  // Each is hashed when it becomes ready and again at the end of a tick in which set_block changed
  // it (`changed_`), never per tick for all.
  uint64_t loaded_contents_hash_ = 0;
  std::set<ChunkPos> changed_;
  LightSettling light_;
  ChunkDataKeeper* keeper_ = nullptr;
  EntityChunkKeeper* entity_keeper_ = nullptr;
  GeneratedChunkListener* generated_listener_ = nullptr;
  uint64_t generated_ = 0, loaded_from_storage_ = 0, written_ = 0;
};

}  // namespace hz
