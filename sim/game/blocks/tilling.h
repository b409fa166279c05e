// A hoe used on a block (HoeItem.useOn, docs/rules/placing.md §6): grass, dirt and dirt paths
// under air become farmland, coarse dirt becomes dirt. A pure decision; Placing applies it.
#pragma once

#include <optional>

#include "sim/data/blocks.h"
#include "sim/game/blocks/directions.h"

namespace hz {

// The block a hoe leaves where `clicked` was, clicked on `face` with `above` over it; none when
// the hoe does nothing there (the use passes on).
std::optional<BlockStateId> tilled_state(BlockStateId clicked, BlockStateId above, Dir face);

}  // namespace hz
