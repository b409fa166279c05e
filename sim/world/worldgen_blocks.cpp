#include "sim/world/worldgen_blocks.h"

#include <cassert>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace hz {
namespace {

using Props = std::pair<std::string_view, std::string_view>;

BlockStateId state(std::string_view block, std::initializer_list<Props> props) {
  std::optional<BlockStateId> s = state_with(block, std::span<const Props>(props.begin(), props.size()));
  assert(s.has_value());
  return s.value_or(0);
}

WorldgenBlocks build() {
  WorldgenBlocks b{};
  b.air = default_state_of("air");
  b.cave_air = default_state_of("cave_air");
  b.stone = default_state_of("stone");
  b.deepslate = state("deepslate", {{"axis", "y"}});
  b.bedrock = default_state_of("bedrock");
  b.dirt = default_state_of("dirt");
  b.grass = state("grass_block", {{"snowy", "false"}});
  b.snowy_grass = state("grass_block", {{"snowy", "true"}});
  b.sand = default_state_of("sand");
  b.sandstone = default_state_of("sandstone");
  b.gravel = default_state_of("gravel");
  b.water = state("water", {{"level", "0"}});
  b.lava = state("lava", {{"level", "0"}});
  b.ice = default_state_of("ice");
  b.snow_layer = state("snow", {{"layers", "1"}});
  b.short_grass = default_state_of("short_grass");
  b.dandelion = default_state_of("dandelion");
  b.poppy = default_state_of("poppy");
  b.dead_bush = default_state_of("dead_bush");
  const std::string_view woods[kTreeKindCount] = {"oak", "birch", "spruce"};
  for (int k = 0; k < kTreeKindCount; ++k) {
    const std::string log = std::string(woods[k]) + "_log";
    const std::string leaves = std::string(woods[k]) + "_leaves";
    b.logs[static_cast<size_t>(k)] = state(log, {{"axis", "y"}});
    for (int d = 1; d <= 7; ++d) {
      const std::string distance = std::to_string(d);
      b.leaves[static_cast<size_t>(k)][static_cast<size_t>(d)] =
          state(leaves, {{"distance", distance}, {"persistent", "false"}, {"waterlogged", "false"}});
    }
  }
  const std::string_view ores[kOreKindCount] = {"coal", "iron", "copper", "gold", "redstone", "lapis", "diamond"};
  for (int k = 0; k < kOreKindCount; ++k) {
    const std::string name = std::string(ores[k]) + "_ore";
    b.ores[static_cast<size_t>(k)] = default_state_of(name);
    b.deepslate_ores[static_cast<size_t>(k)] = default_state_of("deepslate_" + name);
  }
  return b;
}

}  // namespace

const WorldgenBlocks& WorldgenBlocks::get() {
  static const WorldgenBlocks blocks = build();
  return blocks;
}

}  // namespace hz
