// Collision shapes as vanilla's voxel shapes: per axis a sorted coordinate list and a grid of
// full or empty cells, with the per-axis sweep (collide) and the overlap test (joinIsNotEmpty).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/data/blocks.h"
#include "sim/game/movement/aabb.h"

namespace hz {

class VoxelShape {
 public:
  VoxelShape() = default;  // the empty shape

  // The union of block-local boxes, with vanilla's coordinate lists: a box whose six bounds lie
  // on a 1/2^b grid (b <= 3 per axis) contributes every k/2^b, any other box its two bounds;
  // the union is sorted and values within 1e-7 merged.
  static VoxelShape from_boxes(std::span<const ShapeBox> boxes);
  // Shapes.create(box): empty when an extent is below 1e-7; the unit cube; a grid shape when
  // every bound lies on a 1/8 grid inside [0,1]; otherwise one cell spanning the box.
  static VoxelShape from_box(const Aabb& box);
  // Everything except the column [min_x, max_x] x all y x [min_z, max_z] (the world border).
  static VoxelShape outside_column(double min_x, double min_z, double max_x, double max_z);
  // The same cells with every coordinate moved (vanilla's offset lists: one addition each).
  VoxelShape translated(double dx, double dy, double dz) const;

  bool empty() const { return empty_; }
  // The full-cube singleton (Shapes.block()).
  bool is_unit_cube() const { return unit_cube_; }
  int cells(Axis a) const { return static_cast<int>(coords_[index(a)].size()) - 1; }
  std::span<const double> coords(Axis a) const { return coords_[index(a)]; }
  // Out-of-range cells are empty.
  bool full(int x, int y, int z) const;
  // Bounds of the full cells on an axis (empty shapes: +inf / -inf).
  double min(Axis a) const { return bounds_min_[index(a)]; }
  double max(Axis a) const { return bounds_max_[index(a)]; }

 private:
  static int index(Axis a) { return static_cast<int>(a); }
  void finish();  // computes emptiness, bounds and the unit-cube flag from coords and cells

  std::array<std::vector<double>, 3> coords_;
  std::vector<uint8_t> full_;  // index (x * ny + y) * nz + z
  std::array<double, 3> bounds_min_{};
  std::array<double, 3> bounds_max_{};
  bool empty_ = true;
  bool unit_cube_ = false;
};

// A shape placed in the world: its coordinate i on an axis is the shape's coordinate plus the
// offset on that axis (a block position, or 0 for shapes already in world coordinates).
struct PlacedShape {
  const VoxelShape* shape = nullptr;
  double ox = 0, oy = 0, oz = 0;

  double offset(Axis a) const { return a == Axis::kX ? ox : a == Axis::kY ? oy : oz; }
  double coord(Axis a, int i) const { return shape->coords(a)[i] + offset(a); }
  double min(Axis a) const { return shape->min(a) + offset(a); }
  double max(Axis a) const { return shape->max(a) + offset(a); }
};

// VoxelShape.collide: how far `moving` can travel along `axis` (signed `distance`) before it
// touches a full cell of the shape, with vanilla's 1e-7 tolerances.
double collide_with_shape(const PlacedShape& shape, Axis axis, const Aabb& moving, double distance);
// Shapes.collide: the shapes in order, returning 0 as soon as the distance falls below 1e-7.
double collide_with_shapes(std::span<const PlacedShape> shapes, Axis axis, const Aabb& moving, double distance);
// Shapes.joinIsNotEmpty(a, b, AND): whether the two shapes share a cell of positive volume,
// with coordinate lists merged the way vanilla's IndirectMerger merges them.
bool shapes_overlap(const PlacedShape& a, const PlacedShape& b);

}  // namespace hz
