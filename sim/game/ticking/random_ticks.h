// Random ticks (vanilla's ServerLevel.tickChunk): random_tick_speed positions from the core's Rng
// per section with ticking blocks, in every ticking chunk, each running its block's rule.
#pragma once

#include <cstdint>
#include <functional>

#include "sim/core/rng.h"
#include "sim/game/game_rules.h"
#include "sim/game/ports.h"
#include "sim/game/ticking/ticking_chunks.h"

namespace hz {

class RandomTicks {
 public:
  using DropLoot = std::function<void(const BlockPos&, BlockStateId)>;

  RandomTicks(const TickingChunks& chunks, BlockWorld& blocks, const GameRules& rules, Rng& random,
              DropLoot drop_loot);

  // One tick of every ticking chunk (skipped while the tick rate manager is frozen, as vanilla's
  // tickChunks is).
  void tick(bool runs_normally);

  // Positions drawn and blocks ticked so far (for tests and the benchmark report).
  uint64_t positions_drawn() const { return positions_drawn_; }
  uint64_t blocks_ticked() const { return blocks_ticked_; }
  uint64_t hash() const;

 private:
  void tick_chunk(const ChunkColumn& column, int speed);

  const TickingChunks& chunks_;
  BlockWorld& blocks_;
  const GameRules& rules_;
  Rng& random_;
  DropLoot drop_loot_;
  uint64_t positions_drawn_ = 0;
  uint64_t blocks_ticked_ = 0;
};

}  // namespace hz
