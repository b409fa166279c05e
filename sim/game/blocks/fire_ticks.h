// Fire at work (docs/rules/fire.md): fire's scheduled tick (ageing, going out in rain or without
// fuel, burning its neighbours away, spreading into the air around it) and lava's random tick
// setting fire. Every draw comes from the core's one Rng, in vanilla's order.
#pragma once

#include <cstdint>
#include <functional>

#include "sim/core/properties.h"
#include "sim/core/rng.h"
#include "sim/game/blocks/block_updates.h"

namespace hz {

// What fire asks of the level around it.
struct FireSurroundings {
  // ServerLevel.canSpreadFireAround (the fire_spread_radius_around_player rule).
  std::function<bool(const BlockPos&)> can_spread_around;
  std::function<bool()> raining;                        // Level.isRaining
  std::function<bool(const BlockPos&)> raining_at;      // Level.isRainingAt
  std::function<bool(const BlockPos&)> increased_burnout;  // the biome's gameplay/increased_fire_burnout
  std::function<Difficulty()> difficulty;
};

class FireTicks {
 public:
  FireTicks(BlockUpdates& world, BlockTickScheduler& ticks, Rng& random) : world_(world), ticks_(ticks), random_(random) {}

  void set_surroundings(FireSurroundings surroundings) { around_ = std::move(surroundings); }

  // FireBlock.tick for the fire at pos (the caller checked the block is still fire). The next
  // tick was already asked for when the fire was placed and is asked for again here.
  void tick(const BlockPos& pos, BlockStateId state);
  // LavaFluid.randomTick for the lava at pos.
  void lava_tick(const BlockPos& pos);

  uint64_t fires_lit() const { return fires_lit_; }
  uint64_t blocks_burnt() const { return blocks_burnt_; }
  uint64_t hash() const;

  // The members hash() covers, for snapshots (sim/game/snapshot/state_io.h).
  template <class Io>
  void state_fields(Io& io) {
    io(fires_lit_, blocks_burnt_);
  }

 private:
  bool near_rain(const BlockPos& pos) const;
  void remove(const BlockPos& pos);
  void check_burn_out(const BlockPos& pos, int chance, int age);
  void spread_around(const BlockPos& pos, int age, bool increased_burnout);
  void light(const BlockPos& pos, BlockStateId fire);

  BlockUpdates& world_;
  BlockTickScheduler& ticks_;
  Rng& random_;
  FireSurroundings around_;
  uint64_t fires_lit_ = 0;
  uint64_t blocks_burnt_ = 0;
};

// FireBlock.getFireTickDelay: 30 to 39 ticks.
int fire_tick_delay(Rng& random);

}  // namespace hz
