#include "sim/game/blocks/block_ticks.h"

#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/shape_updates.h"
#include "sim/world/chunk_pos.h"

namespace hz {

void BlockTickRules::run(const BlockPos& pos, BlockId block) {
  const BlockStateId state = world_.block_at(pos);
  if (block_of_state(state) != block) return;
  if (is_button(block)) {
    // ButtonBlock.tick: no arrows exist to hold it in.
    if (has_value(state, "powered", "true")) world_.set_block(pos, with_value(state, "powered", "false"));
    return;
  }
  if (is_falling_block(block)) {
    if (is_free_for_falling(world_.block_at(BlockPos{pos.x, pos.y - 1, pos.z})) && pos.y >= kWorldMinY)
      falling_.fall(pos, state);
  }
}

}  // namespace hz
