#include "sim/game/blocks/tilling.h"

#include <string_view>

namespace hz {

std::optional<BlockStateId> tilled_state(BlockStateId clicked, BlockStateId above, Dir face) {
  const std::string_view name = block_info(block_of_state(clicked)).name;
  // onlyIfAirAbove: not from below, and air over the block.
  const bool air_above = face != Dir::kDown && is_air(above);
  if (name == "grass_block" || name == "dirt" || name == "dirt_path") {
    if (air_above) return default_state_of("farmland");
  } else if (name == "coarse_dirt") {
    if (air_above) return default_state_of("dirt");
  }
  // Rooted dirt (dirt and a dropped hanging root, whatever is above) is not modelled yet.
  return std::nullopt;
}

}  // namespace hz
