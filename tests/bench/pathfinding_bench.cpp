// Ground pathfinding benchmark: a zombie-sized mob finding a path of about 32 blocks across
// generated terrain, with vanilla's navigation limits for a follow range of 40 blocks.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>

#include "sim/game/movement/column_block_source.h"
#include "sim/game/pathfinding/ground_navigation.h"
#include "sim/game/pathfinding/path_finder.h"
#include "tests/bench/bench_terrain.h"

namespace hz {
namespace {

using Terrain = BenchTerrain;
const Terrain& terrain() { return bench_terrain(); }

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
