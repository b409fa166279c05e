// Random ticks (vanilla's ServerLevel.tickChunk): per ticking chunk, random_tick_speed 1-in-48
// chances of a precipitation check (snow, ice, cauldrons), then random_tick_speed positions from the
// core's Rng per section with ticking blocks, each running its block's rule.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "sim/core/rng.h"
#include "sim/game/blocks/fire_ticks.h"
#include "sim/game/entities/lightning_bolts.h"
#include "sim/game/game_rules.h"
#include "sim/game/ports.h"
#include "sim/game/ticking/ticking_chunks.h"

namespace hz {

// The level's sky and weather as the tick sees them (Level.getSkyDarken, isRaining).
struct LevelSky {
  int sky_darken = 0;
  bool raining = false;
  bool thundering = false;
};

class RandomTicks {
 public:
  using DropLoot = std::function<void(const BlockPos&, BlockStateId)>;

  RandomTicks(const TickingChunks& chunks, BlockWorld& blocks, const GameRules& rules, Rng& random,
              DropLoot drop_loot);

  // One tick of every ticking chunk (skipped while the tick rate manager is frozen, as vanilla's
  // tickChunks is).
  void tick(bool runs_normally);
  // ServerLevel.tickThunder for one chunk. Vanilla calls it from its spawning-chunk loop (the
  // shuffled chunks near players, NaturalSpawning's), not for every ticking chunk.
  void thunder_in(ChunkPos pos);

  // Where the level's sky darkening and rain come from (the time and weather); clear noon until set.
  void set_sky(std::function<LevelSky()> sky) { sky_ = std::move(sky); }

  // Where thunder strikes go (the lightning bolt system), and the block positions of the living
  // entities a bolt may seek out (players in join order today).
  void set_lightning(LightningStrikes* strikes, std::function<std::vector<BlockPos>()> living) {
    strikes_ = strikes;
    living_ = std::move(living);
  }

  // Level.isRainingAt: rain, open sky, nothing motion-blocking above, a biome where it rains.
  bool raining_at(const BlockPos& pos) const;

  // Lava's random tick (fire it may set); without it lava does nothing.
  void set_lava(FireTicks* fire) { fire_ = fire; }
  // Dried-out farmland turning to dirt (the farmland system, which lifts what stands on it);
  // without it the dirt is set alone.
  void set_farmland_to_dirt(FarmlandToDirt* to_dirt) { to_dirt_ = to_dirt; }

  // Positions drawn and blocks ticked so far (for tests and the benchmark report).
  uint64_t positions_drawn() const { return positions_drawn_; }
  uint64_t blocks_ticked() const { return blocks_ticked_; }
  uint64_t precipitation_checks() const { return precipitation_checks_; }
  uint64_t lightning_strikes() const { return lightning_strikes_; }
  uint64_t hash() const;

  // The members hash() covers, for snapshots (sim/game/snapshot/state_io.h).
  template <class Io>
  void state_fields(Io& io) {
    io(positions_drawn_, blocks_ticked_, precipitation_checks_, lightning_strikes_);
  }

 private:
  void tick_chunk(const ChunkColumn& column, int speed);

  const TickingChunks& chunks_;
  BlockWorld& blocks_;
  const GameRules& rules_;
  Rng& random_;
  DropLoot drop_loot_;
  std::function<LevelSky()> sky_;
  LightningStrikes* strikes_ = nullptr;
  FireTicks* fire_ = nullptr;
  FarmlandToDirt* to_dirt_ = nullptr;
  std::function<std::vector<BlockPos>()> living_;
  uint64_t positions_drawn_ = 0;
  uint64_t blocks_ticked_ = 0;
  uint64_t precipitation_checks_ = 0;
  uint64_t lightning_strikes_ = 0;
};

}  // namespace hz
