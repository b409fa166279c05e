#include "sim/game/blocks/block_ticks.h"

#include "sim/data/block_sounds.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/fire_rules.h"
#include "sim/game/blocks/leaves_distance.h"
#include "sim/game/blocks/placement_states.h"
#include "sim/game/blocks/shape_updates.h"
#include "sim/world/chunk_pos.h"

namespace hz {

void BlockTickRules::run(const BlockPos& pos, BlockId block) {
  const BlockStateId state = world_.block_at(pos);
  if (block_of_state(state) != block) return;
  if (is_button(block)) {
    // ButtonBlock.tick: no arrows exist to hold it in; the release clicks for everyone near.
    if (!has_value(state, "powered", "true")) return;
    world_.set_block(pos, with_value(state, "powered", "false"));
    if (sounds_)
      sounds_->play_sound(sound_rules::block_centre(pos), SoundEvent{block_toggle_sounds(block)->off, SoundSource::kBlocks});
    return;
  }
  if (is_leaves(block) && !state_property(state, "distance").empty()) {
    // LeavesBlock.tick: the distance recounted and set with the usual updates (which reach the
    // neighbouring leaves' shape updates, so the change spreads through the canopy).
    const BlockStateId updated = with_updated_leaves_distance(world_, state, pos);
    if (updated != state) world_.set_block(pos, updated);
    return;
  }
  if (fire_rules::is_fire(state)) {
    fire_.tick(pos, state);
    return;
  }
  static const BlockId farmland = block_by_name("farmland").value();
  if (block == farmland) {
    // FarmBlock.tick.
    if (to_dirt_ && !can_survive(world_, state, pos)) to_dirt_->turn_to_dirt(pos);
    return;
  }
  if (is_falling_block(block)) {
    if (is_free_for_falling(world_.block_at(BlockPos{pos.x, pos.y - 1, pos.z})) && pos.y >= kWorldMinY)
      falling_.fall(pos, state);
  }
}

}  // namespace hz
