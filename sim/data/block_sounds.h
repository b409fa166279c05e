// Each block's sound type (docs/rules/sounds.md §5): the volume, pitch and the five sounds a
// block makes when broken, stepped on, placed, hit and landed on (vanilla's SoundType).
#pragma once

#include <cstdint>

#include "sim/data/blocks.h"

namespace hz {

struct BlockSoundType {
  float volume = 1.0f;
  float pitch = 1.0f;
  int32_t break_sound = 0;
  int32_t step_sound = 0;
  int32_t place_sound = 0;
  int32_t hit_sound = 0;
  int32_t fall_sound = 0;
};

// The type of a block (by block id); an unknown id gets the first type (the empty one).
const BlockSoundType& block_sound_type(BlockId block);
inline const BlockSoundType& block_sound_type_of_state(BlockStateId state) {
  return block_sound_type(block_of_state(state));
}

}  // namespace hz
