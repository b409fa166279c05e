// Ground pathfinding benchmark: a zombie-sized mob finding a path of about 32 blocks across
// generated terrain, with vanilla's navigation limits for a follow range of 40 blocks.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>

#include "sim/game/movement/column_block_source.h"
#include "sim/game/pathfinding/ground_navigation.h"
#include "sim/game/pathfinding/path_finder.h"
#include "sim/world/inline_generation.h"

namespace hz {
namespace {

struct Terrain {
  std::map<ChunkPos, std::shared_ptr<ChunkColumn>> columns;
  ColumnBlockSource blocks{[this](ChunkPos p) -> const ChunkColumn* {
    auto it = columns.find(p);
    return it == columns.end() ? nullptr : it->second.get();
  }};

  Terrain() {
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

const Terrain& terrain() {
  static const Terrain t;
  return t;
}

void BM_GroundPath32Blocks(benchmark::State& state) {
  const Terrain& t = terrain();
  PathMob mob;
  mob.position = {-16.5, static_cast<double>(t.surface(-17, 3)), 3.5};
  const NodePos target{16, t.surface(16, 3), 3};
  const PathSearchLimits limits = ground_navigation_limits(40.0f, 1);
  const NodePos centre{-17, t.surface(-17, 3), 3};
  const SearchRegion region(t.blocks, centre, search_region_radius(limits.max_path_length, kBlockTargetRadiusOffset));
  const NodePos targets[] = {target};
  size_t nodes = 0;
  bool reached = false;
  for (auto _ : state) {
    const auto path = find_path(region, mob, targets, limits);
    benchmark::DoNotOptimize(path);
    nodes = path ? path->points.size() : 0;
    reached = path && path->reached;
  }
  state.counters["path_nodes"] = static_cast<double>(nodes);
  state.counters["reached"] = reached ? 1 : 0;
}
BENCHMARK(BM_GroundPath32Blocks);

}  // namespace
}  // namespace hz
