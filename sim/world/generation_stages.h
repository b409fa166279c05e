// The pure stage functions of terrain generation. Each reads the chunk as the previous stage
// left it (features also read the plans of the eight neighbours) and writes only that chunk, so
// running them on any thread in any order gives the same chunks.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sim/world/chunk_column.h"
#include "sim/world/feature_plan.h"
#include "sim/world/terrain_noise.h"
#include "sim/world/worldgen_blocks.h"

namespace hz {

// Plans of a chunk's 3x3 neighbourhood, index (dx + 1) * 3 + (dz + 1); [4] is the chunk itself.
using NeighbourPlans = std::array<const FeaturePlan*, 9>;

// NOISE: stone (deepslate below y 0), water up to sea level, bedrock floor, biomes.
ChunkColumn run_noise_stage(const TerrainNoise& noise, ChunkPos pos);
// SURFACE: grass and dirt, sand and sandstone, gravel under deep water.
void run_surface_stage(const TerrainNoise& noise, ChunkColumn& column);
// CARVERS: caves from 3D noise (lava below y -55), never opening under water.
void run_carver_stage(const TerrainNoise& noise, ChunkColumn& column);
// The trees a carved chunk will grow (read by its own and its neighbours' FEATURES stage).
FeaturePlan plan_features(uint64_t seed, const ChunkColumn& carved);
// FEATURES: ores and plants of this chunk, every tree of the neighbourhood reaching into it (in
// one global order, so each chunk gets the same blocks whoever finished first), snow and ice.
void run_feature_stage(uint64_t seed, ChunkColumn& column, const NeighbourPlans& plans);

struct TreeBlock {
  int x, y, z;  // world position
  BlockStateId state;
  bool is_log;
};
// Logs in a tree's trunk for a kind and a draw `extra` in 0..3 (planted trees and grown saplings).
int tree_height(TreeKind kind, uint32_t extra);
// Every block of a tree planted by the chunk at `origin`, logs first, in a fixed order.
std::vector<TreeBlock> tree_blocks(const TreePlacement& tree, ChunkPos origin);

}  // namespace hz
