// What a block does when its scheduled tick comes (vanilla's Block.tick, reached through
// ServerLevel.tickBlock only while the block is still the one that asked): buttons pop out,
// falling blocks over free space start to fall.
#pragma once

#include "sim/game/ports.h"

namespace hz {

class BlockTickRules {
 public:
  BlockTickRules(BlockWorld& world, FallingBlockSpawner& falling) : world_(world), falling_(falling) {}

  void run(const BlockPos& pos, BlockId block);

 private:
  BlockWorld& world_;
  FallingBlockSpawner& falling_;
};

}  // namespace hz
