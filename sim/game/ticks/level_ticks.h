// One of vanilla's scheduled tick queues (LevelTicks with a LevelChunkTicks per chunk): ticks
// ordered by trigger time, priority and sub-tick order, at most one per (position, type).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "sim/protocol/wire.h"
#include "sim/world/chunk_pos.h"

namespace hz {

// TickPriority: -3 (extremely high) .. 3 (extremely low); lower runs first.
inline constexpr int kTickPriorityNormal = 0;

// A tick as it is saved: its delay is relative to the game time of the save (SavedTick).
struct SavedTick {
  uint32_t type = 0;  // block id, or fluid index for the fluid queue
  BlockPos pos;
  int32_t delay = 0;
  int32_t priority = kTickPriorityNormal;
  bool operator==(const SavedTick&) const = default;
};

// A tick waiting in the queue (ScheduledTick).
struct ScheduledTick {
  uint32_t type = 0;
  BlockPos pos;
  int64_t trigger = 0;
  int32_t priority = kTickPriorityNormal;
  int64_t sub_tick = 0;
  template <class Io>
  void state_fields(Io& io) {
    io(type, pos, trigger, priority, sub_tick);
  }
};

class LevelTicks {
 public:
  // Vanilla's limit of ticks run per level tick per queue.
  static constexpr int kMaxTicksPerTick = 65536;

  // A loaded chunk's container, with the ticks its file held (LevelChunkTicks.unpack: they get
  // the sub-tick orders -n..-1, in file order, so they run before anything scheduled later).
  void add_chunk(ChunkPos chunk, const std::vector<SavedTick>& saved, int64_t game_time);
  // The chunk unloaded: its ticks are dropped (save them first with saved()).
  void remove_chunk(ChunkPos chunk);
  bool has_chunk(ChunkPos chunk) const { return chunks_.contains(chunk); }
  // The chunk's ticks as a save writes them, delays relative to `game_time`, in drain order.
  std::vector<SavedTick> saved(ChunkPos chunk, int64_t game_time) const;

  // LevelTicks.schedule: false when the chunk has no container (not loaded) or the same type is
  // already waiting at the position.
  bool schedule(const ScheduledTick& tick);
  bool has_scheduled(const BlockPos& pos, uint32_t type) const;

  // LevelTicks.tick: collects up to `max` due ticks of chunks that `ticking` accepts (earliest
  // first within a chunk, then across chunks by priority and sub-tick order), removes them, and
  // runs them in that order. Ticks scheduled while running wait for a later tick.
  void tick(int64_t now, int max, const std::function<bool(ChunkPos)>& ticking,
            const std::function<void(const BlockPos&, uint32_t)>& run);

  size_t count() const;
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(chunks_, active_);
    if constexpr (Io::kReading)
      for (ChunkPos chunk : active_) io.check(chunks_.contains(chunk) && !chunks_.at(chunk).queue.empty());
  }

 private:
  struct DrainOrder {
    bool operator()(const ScheduledTick& a, const ScheduledTick& b) const {
      return std::tie(a.trigger, a.priority, a.sub_tick) < std::tie(b.trigger, b.priority, b.sub_tick);
    }
  };
  using Key = std::tuple<int32_t, int32_t, int32_t, uint32_t>;  // x, y, z, type
  struct Container {
    std::set<ScheduledTick, DrainOrder> queue;
    std::set<Key> present;  // ticksPerPosition
    // `present` follows from the queue and is rebuilt when read.
    template <class Io>
    void state_fields(Io& io) {
      io(queue);
      if constexpr (Io::kReading) {
        present.clear();
        for (const ScheduledTick& t : queue) io.check(present.insert(key_of(t.pos, t.type)).second);
      }
    }
  };

  static Key key_of(const BlockPos& pos, uint32_t type) { return {pos.x, pos.y, pos.z, type}; }

  std::map<ChunkPos, Container> chunks_;
  // The chunks whose container holds ticks: what a tick and the hash walk (most loaded chunks
  // have none, and there are thousands of them with many players).
  std::set<ChunkPos> active_;
};

ChunkPos chunk_of_block(const BlockPos& pos);

}  // namespace hz
