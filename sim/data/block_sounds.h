// Blocks' sounds (docs/rules/sounds.md §5): each block's sound type (the volume, pitch and five
// sounds of vanilla's SoundType), and the open and close sounds of the blocks toggled by hand.
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

// The sounds of a block a player toggles by hand: on = open or pressed, off = close or released.
struct BlockToggleSounds {
  int32_t on = 0;
  int32_t off = 0;
};

// The type of a block (by block id); an unknown id gets the first type (the empty one).
const BlockSoundType& block_sound_type(BlockId block);
inline const BlockSoundType& block_sound_type_of_state(BlockStateId state) {
  return block_sound_type(block_of_state(state));
}
// A door's, trapdoor's, fence gate's, button's or the lever's sounds; null for other blocks.
const BlockToggleSounds* block_toggle_sounds(BlockId block);

}  // namespace hz
