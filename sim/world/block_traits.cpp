#include "sim/world/block_traits.h"

#include <string_view>

namespace hz {

const BlockTraits& BlockTraits::get() {
  static const BlockTraits traits;
  return traits;
}

BlockTraits::BlockTraits() {
  for (int id = 0; id < kBlockStateCount; ++id) {
    const auto state = static_cast<BlockStateId>(id);
    uint8_t f = 0;
    if (hz::is_air(state)) f |= kFlagAir;
    if (hz::has_fluid(state)) f |= kFlagFluid;
    if (is_water(state)) f |= kFlagWater;
    if (blocks_motion(state)) f |= kFlagMotionBlocking;
    if (!collision_boxes(state).empty()) f |= kFlagSolid;
    std::string_view name = block_info(block_of_state(state)).name;
    if (name.ends_with("_leaves")) f |= kFlagLeaves;
    flags_[id] = f;
    opacity_[id] = light_opacity(state);
    emission_[id] = emitted_light(state);
  }
}

}  // namespace hz
