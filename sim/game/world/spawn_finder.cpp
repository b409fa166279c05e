#include "sim/game/world/spawn_finder.h"

#include <algorithm>
#include <cmath>

#include "sim/core/java_format.h"
#include "sim/world/block_traits.h"
#include "sim/world/chunk_pos.h"

namespace hz {
namespace {

constexpr double kPlayerHalfWidth = 0.3;
constexpr int kMaxCandidates = 1024;  // ABSOLUTE_MAX_ATTEMPTS
// Vanilla's default world border: centre 0, 0, size 5.9999968E7.
constexpr double kBorderHalfSize = 5.9999968e7 / 2.0;

struct Box {
  double min_x, min_y, min_z, max_x, max_y, max_z;
};

bool overlaps(const Box& a, const Box& b) {
  return a.min_x < b.max_x && a.max_x > b.min_x && a.min_y < b.max_y && a.max_y > b.min_y && a.min_z < b.max_z &&
         a.max_z > b.min_z;
}

Box player_box(const BlockPos& feet) {
  const double cx = feet.x + 0.5, cz = feet.z + 0.5;
  return {cx - kPlayerHalfWidth, static_cast<double>(feet.y), cz - kPlayerHalfWidth,
          cx + kPlayerHalfWidth, feet.y + kPlayerHeight,      cz + kPlayerHalfWidth};
}

// A block's shape or fluid meets the box. A fluid fills its whole cell for this test, as the
// liquid check of noCollision looks at the cells the box touches.
bool cell_blocks(const SpawnTerrain& terrain, const Box& box, int x, int y, int z) {
  const BlockStateId state = terrain.block(x, y, z);
  const Box cell{static_cast<double>(x), static_cast<double>(y), static_cast<double>(z),
                 x + 1.0, y + 1.0, z + 1.0};
  if (has_fluid(state) && overlaps(box, cell)) return true;
  for (const ShapeBox& s : collision_boxes(state)) {
    if (overlaps(box, Box{x + s.min_x, y + s.min_y, z + s.min_z, x + s.max_x, y + s.max_y, z + s.max_z})) return true;
  }
  return false;
}


bool is_leaves_state(BlockStateId state) { return (BlockTraits::get().flags(state) & kFlagLeaves) != 0; }

int coprime_for(int candidates) { return candidates <= 16 ? candidates - 1 : 17; }

// Mth.floor(WorldBorder.getDistanceToBorder(x, z)) for the default border.
int distance_to_border(const BlockPos& spawn) {
  const double x = spawn.x, z = spawn.z;
  const double d = std::min({x + kBorderHalfSize, kBorderHalfSize - x, z + kBorderHalfSize, kBorderHalfSize - z});
  return java_floor(d);
}

}  // namespace

std::optional<int> ColumnSpawnTerrain::top_y(HeightmapType type, int x, int z) const {
  const ChunkColumn* column = lookup_(ChunkPos{x >> 4, z >> 4});
  if (!column) return std::nullopt;
  return column->top_y(type, x & 15, z & 15);
}

BlockStateId ColumnSpawnTerrain::block(int x, int y, int z) const {
  if (y < kWorldMinY || y > kWorldMaxY) return 0;
  const ChunkColumn* column = lookup_(ChunkPos{x >> 4, z >> 4});
  return column ? column->block(x & 15, y, z & 15) : BlockStateId{0};
}

bool has_full_top_face(BlockStateId state) {
  constexpr double kTop = 1.0 - 1.0e-7;
  const auto boxes = collision_boxes(state);
  if (boxes.empty()) return false;
  // Every shape is made of sixteenths: the face is full when each sixteenth's centre is covered
  // by a box reaching the top.
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) {
      const double px = (i + 0.5) / 16.0, pz = (j + 0.5) / 16.0;
      const bool covered = std::any_of(boxes.begin(), boxes.end(), [&](const ShapeBox& b) {
        return b.max_y >= kTop && b.min_x <= px && b.max_x >= px && b.min_z <= pz && b.max_z >= pz;
      });
      if (!covered) return false;
    }
  }
  return true;
}

bool player_fits(const SpawnTerrain& terrain, const BlockPos& feet) {
  const Box box = player_box(feet);
  for (int y = feet.y - 1; y <= java_floor(box.max_y); ++y)
    for (int x = feet.x - 1; x <= feet.x + 1; ++x)
      for (int z = feet.z - 1; z <= feet.z + 1; ++z)
        if (cell_blocks(terrain, box, x, y, z)) return false;
  return true;
}

std::optional<BlockPos> respawn_position_in_column(const SpawnTerrain& terrain, int x, int z) {
  const std::optional<int> top = terrain.top_y(HeightmapType::kMotionBlocking, x, z);
  if (!top || *top < kWorldMinY) return std::nullopt;
  const int surface = *terrain.top_y(HeightmapType::kWorldSurface, x, z);
  const int floor = *terrain.top_y(HeightmapType::kOceanFloor, x, z);
  if (surface <= *top && surface > floor) return std::nullopt;  // fluid on top: an ocean or a lake
  for (int y = *top + 1; y >= kWorldMinY; --y) {
    const BlockStateId state = terrain.block(x, y, z);
    if (has_fluid(state)) return std::nullopt;
    if (!has_full_top_face(state)) continue;
    // Leaves as ground would be a tree top, and the ground under a canopy is in the tree: neither
    // is a spawn column (docs/rules/player-data.md, 5.2).
    if (is_leaves_state(state)) return std::nullopt;
    return BlockPos{x, y + 1, z};
  }
  return std::nullopt;
}

Vec3 fixup_spawn_height(const SpawnTerrain& terrain, BlockPos pos) {
  while (!player_fits(terrain, pos) && pos.y < kWorldMaxY) ++pos.y;
  --pos.y;
  while (player_fits(terrain, pos) && pos.y > kWorldMinY) --pos.y;
  ++pos.y;
  return Vec3{pos.x + 0.5, static_cast<double>(pos.y), pos.z + 0.5};
}

Vec3 find_player_spawn(const SpawnTerrain& terrain, const SpawnSearch& search, Rng& random) {
  if (search.adventure) return fixup_spawn_height(terrain, search.spawn);
  int radius = std::max(0, search.radius);
  const int to_border = distance_to_border(search.spawn);
  if (to_border < radius) radius = to_border;
  if (to_border <= 1) radius = 1;
  const int64_t side = int64_t{radius} * 2 + 1;
  const int candidates = static_cast<int>(std::min<int64_t>(kMaxCandidates, side * side));
  const int coprime = coprime_for(candidates);
  const int offset = static_cast<int>(random.next_below(static_cast<uint32_t>(candidates)));
  for (int i = 0; i < candidates; ++i) {
    const int value = static_cast<int>((offset + int64_t{coprime} * i) % candidates);
    const int x = search.spawn.x + value % static_cast<int>(side) - radius;
    const int z = search.spawn.z + value / static_cast<int>(side) - radius;
    const std::optional<BlockPos> feet = respawn_position_in_column(terrain, x, z);
    if (feet && player_fits(terrain, *feet)) return Vec3{feet->x + 0.5, static_cast<double>(feet->y), feet->z + 0.5};
  }
  return fixup_spawn_height(terrain, search.spawn);
}

std::optional<BlockPos> spawn_position_in_chunk(const SpawnTerrain& terrain, ChunkPos chunk) {
  for (int x = chunk.x * 16; x < chunk.x * 16 + 16; ++x) {
    for (int z = chunk.z * 16; z < chunk.z * 16 + 16; ++z) {
      const std::optional<BlockPos> feet = respawn_position_in_column(terrain, x, z);
      if (feet && player_fits(terrain, *feet)) return feet;
    }
  }
  return std::nullopt;
}

}  // namespace hz
