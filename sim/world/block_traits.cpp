#include "sim/world/block_traits.h"

#include <string_view>

namespace hz {

namespace {
int int_property(BlockStateId state, std::string_view property) {
  const std::string_view v = state_property(state, property);
  int n = 0;
  for (char c : v) n = n * 10 + (c - '0');
  return n;
}
}  // namespace

// Vanilla's per-block isRandomlyTicking, for the blocks Horizon gives a random-tick behaviour.
// Lava ticks too: its random tick may set fire (docs/rules/fire.md §4).
bool is_randomly_ticking(BlockStateId state) {
  const std::string_view name = block_info(block_of_state(state)).name;
  if (name == "grass_block" || name == "mycelium" || name == "sugar_cane" || name == "cactus" || name == "ice" ||
      name == "snow" || name == "lava" || name == "farmland") {
    return true;
  }
  if (name.ends_with("_leaves"))
    return state_property(state, "persistent") == "false" && state_property(state, "distance") == "7";
  if (name == "wheat" || name == "carrots" || name == "potatoes") return int_property(state, "age") < 7;
  if (name == "beetroots") return int_property(state, "age") < 3;
  return name.ends_with("_sapling");
}

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
    if (is_randomly_ticking(state)) f |= kFlagRandomTicks;
    flags_[id] = f;
    opacity_[id] = light_opacity(state);
    emission_[id] = emitted_light(state);
  }
}

}  // namespace hz
