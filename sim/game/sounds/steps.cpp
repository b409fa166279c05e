#include "sim/game/sounds/steps.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "sim/core/java_format.h"
#include "sim/data/block_sounds.h"
#include "sim/data/block_tags.h"

namespace hz {

namespace {

constexpr double kMoveDistScale = static_cast<double>(0.6f);

// vibrationAndSoundEffectsFromBlock's test: a block that is not air, stood on (or climbed, or
// crouched on without rising), while not swimming.
bool steps_on(BlockStateId state, const Vec3& moved, const StepMover& mover) {
  if (is_air(state)) return false;
  const bool crouching_level = mover.crouching && moved.y == 0.0;
  return (mover.on_ground || step_climbable(state) || crouching_level) && !mover.swimming;
}

BlockPos below_feet(const Vec3& position, float offset) {
  return BlockPos{java_floor(position.x), java_floor(position.y - static_cast<double>(offset)), java_floor(position.z)};
}

BlockStateId block_at(const BlockSource& blocks, const BlockPos& p) { return blocks.block(p.x, p.y, p.z); }

}  // namespace

bool step_climbable(BlockStateId state) {
  // Asked on every move: the tag's table and powder snow's id, looked up once.
  static const std::vector<bool>& climbable = block_tag_members("minecraft:climbable");
  static const BlockId powder_snow = *block_by_name("powder_snow");
  const BlockId block = block_of_state(state);
  return climbable[block] || block == powder_snow;
}

StepResult advance_steps(StepClock& clock, const Vec3& moved, const StepMover& mover, const BlockSource& blocks) {
  const BlockPos supporting_pos = below_feet(mover.position, 1.0e-5f);
  std::optional<BlockStateId> supporting;
  const auto horizontal = static_cast<float>(std::sqrt(moved.x * moved.x + moved.z * moved.z) * kMoveDistScale);
  if (moved.y == 0.0) {
    clock.move_dist += horizontal;  // the whole length is the horizontal one: no need to ask
  } else {
    supporting = block_at(blocks, supporting_pos);
    const auto whole = static_cast<float>(std::sqrt(moved.x * moved.x + moved.y * moved.y + moved.z * moved.z) *
                                          kMoveDistScale);
    clock.move_dist += step_climbable(*supporting) ? whole : horizontal;
  }
  if (!(clock.move_dist > clock.next_step)) return {};
  if (!supporting) supporting = block_at(blocks, supporting_pos);
  if (is_air(*supporting)) return {};
  const BlockPos effect_pos = below_feet(mover.position, 0.2f);
  const BlockStateId effect = effect_pos == supporting_pos ? *supporting : block_at(blocks, effect_pos);
  const bool sounds = steps_on(effect, moved, mover);
  const bool stepped = sounds || (!(effect_pos == supporting_pos) && steps_on(*supporting, moved, mover));
  // Entity.nextStep: the next whole distance.
  const auto next = static_cast<float>(static_cast<int>(clock.move_dist) + 1);
  if (sounds) {
    clock.next_step = next;
    return {StepSound::kStep, effect, effect_pos};
  }
  if (stepped) {
    clock.next_step = next;
    return {};
  }
  if (!mover.in_water) return {};
  clock.next_step = next;
  return {StepSound::kSwim, 0, {}};
}

std::vector<SoundEvent> player_step_sounds(BlockStateId on, BlockStateId above, bool in_water) {
  static const std::vector<bool>& inside = block_tag_members("minecraft:inside_step_sound_blocks");
  static const std::vector<bool>& combination = block_tag_members("minecraft:combination_step_sound_blocks");
  const auto step = [](BlockStateId state) {
    const BlockSoundType& type = block_sound_type_of_state(state);
    return SoundEvent{type.step_sound, SoundSource::kPlayers, type.volume * 0.15f, type.pitch};
  };
  const auto muffled = [](BlockStateId state) {
    const BlockSoundType& type = block_sound_type_of_state(state);
    return SoundEvent{type.step_sound, SoundSource::kPlayers, type.volume * 0.05f, type.pitch * 0.8f};
  };
  if (in_water) return {muffled(on)};
  const BlockId above_block = block_of_state(above);
  if (!inside[above_block] && !combination[above_block]) return {step(on)};
  if (combination[above_block]) return {step(above), muffled(on)};
  return {step(above)};
}

float swim_volume(const Vec3& velocity) {
  const double weighted = velocity.x * velocity.x * static_cast<double>(0.2f) + velocity.y * velocity.y +
                          velocity.z * velocity.z * static_cast<double>(0.2f);
  return std::min(1.0f, static_cast<float>(std::sqrt(weighted)) * 0.35f);
}

}  // namespace hz
