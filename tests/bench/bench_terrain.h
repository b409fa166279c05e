// Benchmark helper: 8 x 8 chunks of seed 12345's terrain generated in-process once, as a block
// source, with the surface height of a column (shared by the movement and pathfinding benches).
#pragma once

#include <memory>

#include "absl/container/flat_hash_map.h"

#include "sim/game/movement/column_block_source.h"
#include "sim/world/inline_generation.h"

namespace hz {

struct BenchTerrain {
  // A hash map like the game's chunk map (WorldChunks), so lookups cost what they cost there.
  absl::flat_hash_map<ChunkPos, std::shared_ptr<ChunkColumn>> columns;
  ColumnBlockSource blocks{[this](ChunkPos p) -> const ChunkColumn* {
    auto it = columns.find(p);
    return it == columns.end() ? nullptr : it->second.get();
  }};

  BenchTerrain() {
    GenerationGraph graph(12345);
    for (int x = -4; x < 4; ++x)
      for (int z = -4; z < 4; ++z) graph.request({x, z});
    run_generation_inline(graph);
    for (auto& c : graph.take_finished()) columns[c->pos()] = c;
  }
  // The first block above the highest block with a collision shape.
  int surface(int x, int z) const {
    for (int y = kWorldMaxY; y > kWorldMinY; --y)
      if (!collision_boxes(blocks.block(x, y, z)).empty()) return y + 1;
    return 64;
  }
};

inline const BenchTerrain& bench_terrain() {
  static const BenchTerrain t;
  return t;
}

}  // namespace hz
