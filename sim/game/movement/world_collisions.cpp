#include "sim/game/movement/world_collisions.h"

#include <algorithm>
#include <cmath>

#include "sim/core/java_format.h"

namespace hz {

namespace {
constexpr double kDefaultBorderHalfSize = 5.9999968e7 / 2.0;
}

namespace detail {

bool overlaps_query(const PlacedShape& shape, const VoxelShape& query_shape) {
  return shapes_overlap(shape, PlacedShape{&query_shape});
}

int floor_to_int(double v) { return java_floor(v); }

}  // namespace detail

WorldBorder::WorldBorder()
    : min_x_(-kDefaultBorderHalfSize),
      min_z_(-kDefaultBorderHalfSize),
      max_x_(kDefaultBorderHalfSize),
      max_z_(kDefaultBorderHalfSize),
      shape_(VoxelShape::outside_column(std::floor(min_x_), std::floor(min_z_), std::ceil(max_x_), std::ceil(max_z_))) {}

bool WorldBorder::is_inside_close_to_border(const Vec3& p, const Aabb& box) const {
  const double size = std::max(std::max(std::abs(box.x_size()), std::abs(box.z_size())), 1.0);
  const double to_edge = std::min(std::min(p.x - min_x_, max_x_ - p.x), std::min(p.z - min_z_, max_z_ - p.z));
  const bool within = p.x >= min_x_ - size && p.x < max_x_ + size && p.z >= min_z_ - size && p.z < max_z_ + size;
  return to_edge < size * 2.0 && within;
}

void collect_colliders(const BlockSource& world, const WorldBorder& border, const Vec3& mover_position,
                       const CollisionContext& ctx, const Aabb& query, std::vector<PlacedShape>& out) {
  if (border.is_inside_close_to_border(mover_position, query)) out.push_back(PlacedShape{&border.shape()});
  for_each_block_collision(world, ctx, query, [&](const PlacedShape& s) {
    out.push_back(s);
    return true;
  });
}

bool no_collision(const BlockSource& world, const WorldBorder& border, const Vec3& mover_position,
                  const CollisionContext& ctx, const Aabb& box) {
  if (!for_each_block_collision(world, ctx, box, [](const PlacedShape&) { return false; })) return false;
  if (!border.is_inside_close_to_border(mover_position, box)) return true;
  const VoxelShape box_shape = VoxelShape::from_box(box);
  return !shapes_overlap(PlacedShape{&border.shape()}, PlacedShape{&box_shape});
}

}  // namespace hz
