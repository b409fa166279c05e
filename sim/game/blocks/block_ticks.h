// What a block does when its scheduled tick comes (vanilla's Block.tick, reached through
// ServerLevel.tickBlock only while the block is still the one that asked): buttons pop out,
// falling blocks over free space start to fall, fire burns, covered farmland turns to dirt.
#pragma once

#include "sim/game/blocks/fire_ticks.h"
#include "sim/game/ports.h"

namespace hz {

class BlockTickRules {
 public:
  BlockTickRules(BlockUpdates& world, BlockTickScheduler& ticks, FallingBlockSpawner& falling, Rng& random)
      : world_(world), falling_(falling), fire_(world, ticks, random) {}

  // Where farmland that can no longer stay turns to dirt (the farmland system).
  void set_farmland_to_dirt(FarmlandToDirt* to_dirt) { to_dirt_ = to_dirt; }
  // Where a released button's click goes (docs/rules/sounds.md §5).
  void set_sounds(LevelSounds* sounds) { sounds_ = sounds; }

  void run(const BlockPos& pos, BlockId block);
  // Fire's ticks (also lava's tries at setting fire, which the random ticks run).
  FireTicks& fire() { return fire_; }

 private:
  BlockWorld& world_;
  FallingBlockSpawner& falling_;
  FireTicks fire_;
  FarmlandToDirt* to_dirt_ = nullptr;
  LevelSounds* sounds_ = nullptr;
};

}  // namespace hz
