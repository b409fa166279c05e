// Footsteps (docs/rules/sounds.md §6): Entity.move's step clock, which decides after each move
// whether the mover's step sounds, a swimmer's stroke sounds, or nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/data/blocks.h"
#include "sim/game/movement/block_source.h"
#include "sim/game/player.h"
#include "sim/game/sounds/sound_rules.h"
#include "sim/protocol/wire.h"

namespace hz {

// Entity.moveDist and nextStep: the distance walked (0.6 of the moved length) and the mark at
// which the next step sounds.
struct StepClock {
  float move_dist = 0.0f;
  float next_step = 1.0f;
  template <class Io>
  void state_fields(Io& io) {
    io(move_dist, next_step);
  }
};

// The mover after its move: where its feet are and how it moves.
struct StepMover {
  Vec3 position;
  bool on_ground = false;
  bool crouching = false;
  bool swimming = false;  // the swimming flag (sprinting in water), not merely in water
  bool in_water = false;
};

enum class StepSound : uint8_t { kNone, kStep, kSwim };

struct StepResult {
  StepSound sound = StepSound::kNone;
  BlockStateId block = 0;  // a step's block: getOnPosLegacy's, 0.2 below the feet
  BlockPos pos;            // and where it is
};

// Entity.applyMovementEmissionAndPlaySound for a mover that emits sounds: advances the clock by
// the move and says what sounds. The supporting block is getOnPos's, 1e-5 below the feet (the
// supporting-block search is not modelled); a step that only it allows advances the clock
// silently. Blocks are read only when the answer needs them.
StepResult advance_steps(StepClock& clock, const Vec3& moved, const StepMover& mover, const BlockSource& blocks);

// Player.playStepSound's block sounds for a step on `on` (with `above` the block over it), in
// the order played: on land the primary block's step at 0.15 of its type's volume (the block
// above when it is in #inside_step_sound_blocks or #combination_step_sound_blocks), and for a
// combination block also the muffled step of `on` (0.05 of the volume, 0.8 of the pitch); in
// water only the muffled step (the stroke comes first, from the caller). Players' sounds.
std::vector<SoundEvent> player_step_sounds(BlockStateId on, BlockStateId above, bool in_water);

// Entity.isStateClimbable: #climbable or powder snow.
bool step_climbable(BlockStateId state);

// Entity.waterSwimSound's volume for a mover without a rider: min(1, |v| with x and z weighted
// 0.2, times 0.35).
float swim_volume(const Vec3& velocity);

}  // namespace hz
