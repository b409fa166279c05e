// Farmland under a landing player or mob (FarmBlock.fallOn, docs/rules/random-ticks.md §6b): a
// chance to trample it to dirt; and turning farmland to dirt for any reason (trampling, drying
// out, a solid block above), lifting what stands on it onto the full block.
#pragma once

#include "sim/core/rng.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/ports.h"

namespace hz {

// FarmBlock.fallOn's size rule: only entities whose box holds more than 0.512 cubic blocks trample.
inline constexpr float kTramplingVolume = 0.512f;
bool big_enough_to_trample(float width, float height);

class FarmlandTrampling final : public FallOnBlock, public FarmlandToDirt {
 public:
  FarmlandTrampling(BlockWorld& world, Rng& random, PlayerConnections& players, Mobs& mobs)
      : world_(world), random_(random), players_(players), mobs_(mobs) {}

  // FallOnBlock: one draw from the level's random for any landing on farmland; the farmland turns
  // to dirt when it is below the fall distance less half a block.
  void fall_on(const Lander& who, const BlockPos& pos, BlockStateId state, double fall_distance) override;
  // FarmlandToDirt, with pushEntitiesUp: players and mobs in the top sixteenth of the block are
  // moved onto the dirt's top, then the block changes with a full update.
  void turn_to_dirt(const BlockPos& pos) override;

 private:

  BlockWorld& world_;
  Rng& random_;
  PlayerConnections& players_;
  Mobs& mobs_;
};

}  // namespace hz
