// Block states the generator places, looked up by name once and then used as plain ids in the
// stage loops (logs and leaves per tree kind, ores and their deepslate forms).
#pragma once

#include <array>

#include "sim/data/blocks.h"

namespace hz {

enum class TreeKind : uint8_t { kOak = 0, kBirch = 1, kSpruce = 2 };
inline constexpr int kTreeKindCount = 3;

// Ore kinds in the order the ore stage places them.
inline constexpr int kOreKindCount = 7;

struct WorldgenBlocks {
  BlockStateId air, cave_air, stone, deepslate, bedrock, dirt, grass, snowy_grass, sand, sandstone, gravel;
  BlockStateId water, lava, ice, snow_layer, short_grass, dandelion, poppy, dead_bush;
  std::array<BlockStateId, kTreeKindCount> logs;
  // leaves[kind][distance], distance 1..7 (index 0 unused), persistent=false, not waterlogged.
  std::array<std::array<BlockStateId, 8>, kTreeKindCount> leaves;
  std::array<BlockStateId, kOreKindCount> ores;            // in stone
  std::array<BlockStateId, kOreKindCount> deepslate_ores;  // in deepslate

  static const WorldgenBlocks& get();
};

}  // namespace hz
