// Natural spawning (vanilla's ServerChunkCache.tickChunks and NaturalSpawner, docs/rules/spawning.md):
// each tick, count the mobs per category, shuffle the ticking chunks near players, try each category.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "sim/core/properties.h"
#include "sim/core/rng.h"
#include "sim/game/game_rules.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/mobs/spawning/spawn_rules.h"
#include "sim/game/ports.h"
#include "sim/game/ticking/ticking_chunks.h"

namespace hz {

class NaturalSpawning {
 public:
  NaturalSpawning(const TickingChunks& chunks, Mobs& mobs, const PlayerConnections& players, const GameRules& rules,
                  Rng& random, Difficulty difficulty);

  // The world spawn block (no mob spawns within 24 blocks of its centre) and the level's light
  // conditions (sky darkening and thunder); the world origin and clear noon until set.
  void set_spawn_point(std::function<BlockPos()> spawn_point) { spawn_point_ = std::move(spawn_point); }
  void set_level(std::function<spawning::SpawnLevel()> level) { level_ = std::move(level); }
  // What vanilla's tickSpawningChunk does in each spawning chunk before its spawning (thunder).
  void set_chunk_hook(std::function<void(ChunkPos)> hook) { chunk_hook_ = std::move(hook); }

  // One tick at `game_time` (skipped while the tick rate manager is frozen, as tickChunks is).
  void tick(int64_t game_time, bool runs_normally);

  // Counters for tests and the benchmark report.
  uint64_t attempts() const { return attempts_; }
  uint64_t spawned() const { return spawned_; }
  uint64_t hash() const;

  // The members hash() covers, for snapshots (sim/game/snapshot/state_io.h); the rest is rebuilt
  // every tick.
  template <class Io>
  void state_fields(Io& io) {
    io(attempts_, spawned_);
  }

 private:
  void spawn_category_for_chunk(spawning::MobCategory category, const ChunkColumn& column,
                                const spawning::SpawnLevel& level);
  void spawn_category_for_position(spawning::MobCategory category, const ChunkColumn& column, const BlockPos& start,
                                   const spawning::SpawnLevel& level);
  bool player_close_enough(ChunkPos pos) const;
  // The caps' spawnable chunks (spawning::natural_spawn_chunk_count), counted again only when a
  // player has come, gone or changed chunk.
  int spawn_chunk_count();
  // The nearest non-spectator player's squared distance, or nothing when there is none.
  bool nearest_player_distance_sqr(double x, double y, double z, double& out) const;

  const TickingChunks& chunks_;
  Mobs& mobs_;
  const PlayerConnections& players_;
  const GameRules& rules_;
  Rng& random_;
  Difficulty difficulty_;
  std::function<BlockPos()> spawn_point_;
  std::function<spawning::SpawnLevel()> level_;
  std::function<void(ChunkPos)> chunk_hook_;
  std::array<int, spawning::kCategoryCount> counts_{};
  std::vector<ChunkPos> order_;  // this tick's shuffled spawning chunks (kept to reuse the storage)
  // This tick's players that count for spawning (not spectators): their positions, read once
  // because every spawning chunk and every pack member measures its distance to all of them.
  std::vector<Vec3> player_positions_;
  // The chunks holding the players DistanceManager counts (sorted), and their spawn chunk count:
  // a cache of values drawn from the players alone, so snapshots leave it out.
  std::vector<ChunkPos> player_chunks_, counted_player_chunks_;
  int spawn_chunk_count_ = 0;
  uint64_t attempts_ = 0;
  uint64_t spawned_ = 0;
};

}  // namespace hz
