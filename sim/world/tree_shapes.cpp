// Tree shapes: oak and birch with vanilla's blob foliage, spruce with its stacked cone, and the
// leaves' distance to the nearest log worked out inside each tree.
#include <algorithm>
#include <array>

#include "sim/core/rng.h"
#include "sim/world/generation_stages.h"

namespace hz {
namespace {

constexpr int kReach = 3;  // leaves never extend further than this from the trunk
constexpr int kSide = 2 * kReach + 1;
constexpr int kMaxTall = 16;

enum class TreeCell : uint8_t { kEmpty, kLog, kLeaf };

struct TreeGrid {
  int tall = 0;
  std::array<TreeCell, kSide * kSide * kMaxTall> cells{};
  static size_t index(int dx, int dy, int dz) {
    return static_cast<size_t>((dy * kSide + (dz + kReach)) * kSide + (dx + kReach));
  }
  TreeCell& at(int dx, int dy, int dz) { return cells[index(dx, dy, dz)]; }
  void leaf(int dx, int dy, int dz) {
    if (dy >= 0 && dy < tall && at(dx, dy, dz) == TreeCell::kEmpty) at(dx, dy, dz) = TreeCell::kLeaf;
  }
};

// Oak and birch: two wide layers under two narrow ones; corners dropped at random (always on top).
void blob_foliage(TreeGrid& grid, int top, Rng& rng) {
  for (int ly = 0; ly >= -3; --ly) {
    const int radius = std::max(1 - ly / 2, 0);
    for (int dz = -radius; dz <= radius; ++dz)
      for (int dx = -radius; dx <= radius; ++dx) {
        const bool corner = (dx == radius || dx == -radius) && (dz == radius || dz == -radius);
        const bool coin = rng.next_below(2) == 0;
        if (corner && (coin || ly == 0)) continue;
        grid.leaf(dx, top + ly, dz);
      }
  }
}

// Spruce: rings that grow one step per layer going down and restart smaller, up to `max_radius`.
void cone_foliage(TreeGrid& grid, int top, int foliage_height, int max_radius, Rng& rng) {
  int radius = static_cast<int>(rng.next_below(2));
  int grow_to = 1, restart_at = 0;
  for (int ly = 0; ly >= -foliage_height; --ly) {
    for (int dz = -radius; dz <= radius; ++dz)
      for (int dx = -radius; dx <= radius; ++dx) {
        const bool corner = (dx == radius || dx == -radius) && (dz == radius || dz == -radius);
        if (corner && radius > 0) continue;
        grid.leaf(dx, top + ly, dz);
      }
    if (radius >= grow_to) {
      radius = restart_at;
      restart_at = 1;
      grow_to = std::min(grow_to + 1, max_radius);
    } else {
      ++radius;
    }
  }
}

// Leaves' distance (1..7) to the nearest log through leaves, by breadth-first search.
std::array<uint8_t, kSide * kSide * kMaxTall> leaf_distances(TreeGrid& grid) {
  std::array<uint8_t, kSide * kSide * kMaxTall> distance{};
  distance.fill(7);
  std::vector<std::array<int, 3>> frontier;
  for (int dy = 0; dy < grid.tall; ++dy)
    for (int dz = -kReach; dz <= kReach; ++dz)
      for (int dx = -kReach; dx <= kReach; ++dx)
        if (grid.at(dx, dy, dz) == TreeCell::kLog) {
          distance[TreeGrid::index(dx, dy, dz)] = 0;
          frontier.push_back({dx, dy, dz});
        }
  static constexpr int kSteps[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  for (size_t head = 0; head < frontier.size(); ++head) {
    const auto [x, y, z] = frontier[head];
    const uint8_t next = static_cast<uint8_t>(distance[TreeGrid::index(x, y, z)] + 1);
    if (next >= 7) continue;
    for (const auto& s : kSteps) {
      const int nx = x + s[0], ny = y + s[1], nz = z + s[2];
      if (nx < -kReach || nx > kReach || nz < -kReach || nz > kReach || ny < 0 || ny >= grid.tall) continue;
      if (grid.at(nx, ny, nz) != TreeCell::kLeaf || distance[TreeGrid::index(nx, ny, nz)] <= next) continue;
      distance[TreeGrid::index(nx, ny, nz)] = next;
      frontier.push_back({nx, ny, nz});
    }
  }
  return distance;
}

}  // namespace

std::vector<TreeBlock> tree_blocks(const TreePlacement& tree, ChunkPos origin) {
  const WorldgenBlocks& b = WorldgenBlocks::get();
  Rng rng(tree.shape_seed);
  TreeGrid grid;
  const int height = std::clamp<int>(tree.height, 1, kMaxTall - 2);
  grid.tall = height + 2;
  for (int dy = 0; dy < height; ++dy) grid.at(0, dy, 0) = TreeCell::kLog;
  if (tree.kind == TreeKind::kSpruce) {
    const int max_radius = 2 + static_cast<int>(rng.next_below(2));
    const int foliage_height = height - 2 - static_cast<int>(rng.next_below(2));
    cone_foliage(grid, height, foliage_height, max_radius, rng);
  } else {
    blob_foliage(grid, height, rng);
  }
  const auto distance = leaf_distances(grid);

  const int kind = static_cast<int>(tree.kind);
  const int wx = origin.x * 16 + tree.x, wz = origin.z * 16 + tree.z;
  std::vector<TreeBlock> out;
  for (int dy = 0; dy < height; ++dy) out.push_back({wx, tree.y + dy, wz, b.logs[static_cast<size_t>(kind)], true});
  for (int dy = 0; dy < grid.tall; ++dy)
    for (int dz = -kReach; dz <= kReach; ++dz)
      for (int dx = -kReach; dx <= kReach; ++dx) {
        if (grid.at(dx, dy, dz) != TreeCell::kLeaf) continue;
        const uint8_t d = std::max<uint8_t>(1, distance[TreeGrid::index(dx, dy, dz)]);
        out.push_back({wx + dx, tree.y + dy, wz + dz,
                       b.leaves[static_cast<size_t>(kind)][d], false});
      }
  return out;
}

}  // namespace hz
