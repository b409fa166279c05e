// Which blocks burn, from vanilla 26.1.2 (not in minecraft-data): fire's ignite and burn odds per
// block (FireBlock.bootStrap) and the blocks lava sets alight (the ignitedByLava block property).
#pragma once

#include <cstdint>

#include "sim/data/blocks.h"

namespace hz {

// Chances out of fire's rolls: `ignite` is how readily fire spreads into the air beside the
// block, `burn` how readily the block itself burns away. Both 0 for blocks that do not burn.
struct Flammability {
  uint8_t ignite = 0;
  uint8_t burn = 0;
};

Flammability flammability(BlockId block);
// BlockBehaviour.Properties.ignitedByLava: lava's random tick may set fire beside or above it.
bool ignited_by_lava(BlockId block);

}  // namespace hz
