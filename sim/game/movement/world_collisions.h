// The world's collision queries for a moving player: block shapes met by a box (vanilla's
// BlockCollisions scan), the world border's shape near the edge, and noCollision.
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <optional>
#include <vector>

#include "sim/game/movement/block_shapes.h"
#include "sim/game/movement/block_source.h"
#include "sim/game/movement/voxel_shape.h"

namespace hz {

// Vanilla's default world border: centre 0,0, size 5.9999968E7.
class WorldBorder {
 public:
  WorldBorder();
  // isInsideCloseToBorder: the mover is within twice the box's larger horizontal size (at least
  // 1) of the nearest edge, and inside the border widened by that size.
  bool is_inside_close_to_border(const Vec3& position, const Aabb& box) const;
  // Everything outside the border, widened to whole blocks.
  const VoxelShape& shape() const { return shape_; }

 private:
  double min_x_, min_z_, max_x_, max_z_;
  VoxelShape shape_;
};

// The block shapes that count for `query`, in vanilla's scan order (x fastest, then y, then z,
// over the box grown by one block), moved to their block positions. Cells on the scan's faces
// count only for blocks with large shapes; edges and corners never (edges would only matter for
// moving pistons, which Horizon does not simulate). `fn(const PlacedShape&)` returns false to
// stop; the function returns false when it was stopped.
template <class Fn>
bool for_each_block_collision(const BlockSource& world, const CollisionContext& ctx, const Aabb& query, Fn&& fn);

// Entity.collectColliders for a player: the border shape when close to it, then block shapes.
void collect_colliders(const BlockSource& world, const WorldBorder& border, const Vec3& mover_position,
                       const CollisionContext& ctx, const Aabb& query, std::vector<PlacedShape>& out);

// CollisionGetter.noCollision(entity, box): no block shape, and no overlap with the border shape
// when close to it (Horizon has no entities that collide with players).
bool no_collision(const BlockSource& world, const WorldBorder& border, const Vec3& mover_position,
                  const CollisionContext& ctx, const Aabb& box);

// --- implementation of the template ---

namespace detail {
// Whether a non-cube placed shape overlaps the query's own shape (joinIsNotEmpty).
bool overlaps_query(const PlacedShape& shape, const VoxelShape& query_shape);
int floor_to_int(double v);
}  // namespace detail

template <class Fn>
bool for_each_block_collision(const BlockSource& world, const CollisionContext& ctx, const Aabb& query, Fn&& fn) {
  constexpr double kEpsilon = 1.0e-7;
  const int x0 = detail::floor_to_int(query.min_x - kEpsilon) - 1, x1 = detail::floor_to_int(query.max_x + kEpsilon) + 1;
  const int y0 = detail::floor_to_int(query.min_y - kEpsilon) - 1, y1 = detail::floor_to_int(query.max_y + kEpsilon) + 1;
  const int z0 = detail::floor_to_int(query.min_z - kEpsilon) - 1, z1 = detail::floor_to_int(query.max_z + kEpsilon) + 1;
  std::optional<VoxelShape> query_shape;  // built when the first non-cube shape needs it
  // Cells above and below the world are air, and unloaded chunks are skipped whole: the cells
  // that remain come in the same order, so huge boxes cost only what they can hit.
  const int y_from = std::max(y0, world.min_y() - 1), y_to = std::min(y1, world.max_y() + 1);
  // Whether the chunks the box crosses are loaded, asked once per row of chunks instead of per
  // row of blocks (for the first four chunks across; a wider box asks per row of blocks).
  // A world of columns also gives the columns themselves, read directly for each block.
  constexpr int kKnownChunks = 4;
  std::array<bool, kKnownChunks> loaded{};
  std::array<const ChunkColumn*, kKnownChunks> columns{};
  int loaded_chunk_z = INT32_MIN;
  for (int z = z0; z <= z1; ++z) {
    const int z_face = (z == z0 || z == z1) ? 1 : 0;
    if ((z >> 4) != loaded_chunk_z) {
      loaded_chunk_z = z >> 4;
      for (int i = 0; i < kKnownChunks && (x0 >> 4) + i <= (x1 >> 4); ++i) {
        columns[static_cast<size_t>(i)] = world.column((x0 >> 4) + i, loaded_chunk_z);
        loaded[static_cast<size_t>(i)] =
            columns[static_cast<size_t>(i)] != nullptr || world.is_chunk_loaded((x0 >> 4) + i, loaded_chunk_z);
      }
    }
    for (int y = y_from; y <= y_to; ++y) {
      const int yz_faces = z_face + ((y == y0 || y == y1) ? 1 : 0);
      int known_chunk_x = INT32_MIN;  // the chunk whose loaded state is `known_loaded`
      bool known_loaded = false;
      const ChunkColumn* known_column = nullptr;
      for (int x = x0; x <= x1; ++x) {
        if ((x >> 4) != known_chunk_x) {
          known_chunk_x = x >> 4;
          const int i = known_chunk_x - (x0 >> 4);
          known_column = i < kKnownChunks ? columns[static_cast<size_t>(i)] : world.column(known_chunk_x, z >> 4);
          known_loaded = i < kKnownChunks ? loaded[static_cast<size_t>(i)]
                                          : known_column != nullptr || world.is_chunk_loaded(known_chunk_x, z >> 4);
        }
        if (!known_loaded) {
          x |= 15;  // the last column of this chunk; the loop moves on to the next chunk
          continue;
        }
        const int faces = yz_faces + ((x == x0 || x == x1) ? 1 : 0);
        if (faces >= 2) continue;
        const BlockStateId state = known_column ? known_column->block(x & 15, y, z & 15) : world.block(x, y, z);
        if (faces == 1 && !has_large_collision_shape(state)) continue;
        const VoxelShape* shape = block_collision_shape(state, x, y, z, ctx);
        if (!shape) continue;
        const PlacedShape placed{shape, static_cast<double>(x), static_cast<double>(y), static_cast<double>(z)};
        if (shape->is_unit_cube()) {
          if (!query.intersects(x, y, z, x + 1.0, y + 1.0, z + 1.0)) continue;
        } else {
          if (!query_shape) query_shape = VoxelShape::from_box(query);
          if (!detail::overlaps_query(placed, *query_shape)) continue;
        }
        if (!fn(placed)) return false;
      }
    }
  }
  return true;
}

}  // namespace hz
