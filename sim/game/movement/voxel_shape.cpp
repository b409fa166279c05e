#include "sim/game/movement/voxel_shape.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hz {

namespace {

constexpr double kEpsilon = 1.0e-7;
constexpr double kInf = std::numeric_limits<double>::infinity();

// Java's Math.round(double) as used by the shape code (values here are small).
double java_round(double v) { return std::floor(v + 0.5); }

// Shapes.findBits: the smallest b in 0..3 such that both bounds lie on the 1/2^b grid (within
// 1e-7 scaled by the grid), or -1 when none does or the interval leaves [0, 1].
int grid_bits(double min, double max) {
  if (min < -kEpsilon || max > 1.0000001) return -1;
  for (int bits = 0; bits <= 3; ++bits) {
    double intervals = static_cast<double>(1 << bits);
    double scaled_min = min * intervals;
    double scaled_max = max * intervals;
    bool min_on_grid = std::abs(scaled_min - java_round(scaled_min)) < kEpsilon * intervals;
    bool max_on_grid = std::abs(scaled_max - java_round(scaled_max)) < kEpsilon * intervals;
    if (min_on_grid && max_on_grid) return bits;
  }
  return -1;
}

struct BoxLayout {
  bool skip = false;           // an extent below 1e-7: the box is the empty shape
  std::array<int, 3> bits{};   // -1 everywhere when the box is off the grid
  bool on_grid = false;
};

BoxLayout layout_of(const ShapeBox& b) {
  BoxLayout l;
  if (b.max_x - b.min_x < kEpsilon || b.max_y - b.min_y < kEpsilon || b.max_z - b.min_z < kEpsilon) {
    l.skip = true;
    return l;
  }
  l.bits = {grid_bits(b.min_x, b.max_x), grid_bits(b.min_y, b.max_y), grid_bits(b.min_z, b.max_z)};
  l.on_grid = l.bits[0] >= 0 && l.bits[1] >= 0 && l.bits[2] >= 0;
  return l;
}

double box_min(const ShapeBox& b, int axis) { return axis == 0 ? b.min_x : axis == 1 ? b.min_y : b.min_z; }
double box_max(const ShapeBox& b, int axis) { return axis == 0 ? b.max_x : axis == 1 ? b.max_y : b.max_z; }

// The coordinate a box bound stands for: the grid value for grid boxes, the bound itself else.
double snapped(double v, const BoxLayout& l, int axis) {
  if (!l.on_grid) return v;
  double size = static_cast<double>(1 << l.bits[axis]);
  return java_round(v * size) / size;
}

int nearest_index(std::span<const double> coords, double v) {
  int best = 0;
  for (int i = 1; i < static_cast<int>(coords.size()); ++i)
    if (std::abs(coords[i] - v) < std::abs(coords[best] - v)) best = i;
  return best;
}

// VoxelShape.findIndex on a placed list: the largest i with coordinate i <= v, or -1.
int find_index(std::span<const double> coords, double offset, double v) {
  int i = 0;
  const int n = static_cast<int>(coords.size());
  while (i < n && !(v < coords[i] + offset)) ++i;
  return i - 1;
}

Axis other_axis_b(Axis a) { return a == Axis::kX ? Axis::kY : a == Axis::kY ? Axis::kZ : Axis::kX; }
Axis other_axis_c(Axis a) { return a == Axis::kX ? Axis::kZ : a == Axis::kY ? Axis::kX : Axis::kY; }

bool full_at(const VoxelShape& s, Axis a, int ia, Axis b, int ib, Axis c, int ic) {
  int idx[3];
  idx[static_cast<int>(a)] = ia;
  idx[static_cast<int>(b)] = ib;
  idx[static_cast<int>(c)] = ic;
  return s.full(idx[0], idx[1], idx[2]);
}

// One merged cell of two coordinate lists: the cell of each list it lies in.
struct MergedCell {
  int first;
  int second;
};

// The merged cells of one axis; coordinate lists are short, so they live on the stack unless a
// shape is unusually detailed.
class MergedCells {
 public:
  void clear() { size_ = 0, heap_.clear(); }
  void push_back(MergedCell c) {
    if (size_ < kInline) inline_[size_] = c;
    else heap_.push_back(c);
    ++size_;
  }
  MergedCell& back() { return size_ <= kInline ? inline_[size_ - 1] : heap_.back(); }
  void pop_back() {
    if (size_ > kInline) heap_.pop_back();
    --size_;
  }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const MergedCell& operator[](size_t i) const { return i < kInline ? inline_[i] : heap_[i - kInline]; }

 private:
  static constexpr size_t kInline = 48;
  std::array<MergedCell, kInline> inline_;
  std::vector<MergedCell> heap_;
  size_t size_ = 0;
};

// IndirectMerger for an AND join: coordinates of one list before the other list starts or after
// it ends are skipped; values within 1e-7 of the last kept value are merged into it. Returns the
// merged cells (one fewer than the merged coordinates).
void merge_for_and(std::span<const double> a, double a_offset, std::span<const double> b, double b_offset,
                   MergedCells& cells) {
  cells.clear();
  const int na = static_cast<int>(a.size());
  const int nb = static_cast<int>(b.size());
  int ia = 0, ib = 0;
  double last = std::numeric_limits<double>::quiet_NaN();
  while (true) {
    bool a_done = ia >= na;
    bool b_done = ib >= nb;
    if (a_done && b_done) break;
    bool take_a = !a_done && (b_done || a[ia] + a_offset < b[ib] + b_offset + kEpsilon);
    if (take_a) {
      ++ia;
      if (ib == 0 || b_done) continue;
    } else {
      ++ib;
      if (ia == 0 || a_done) continue;
    }
    double value = take_a ? a[ia - 1] + a_offset : b[ib - 1] + b_offset;
    if (!(last >= value - kEpsilon)) {
      cells.push_back({ia - 1, ib - 1});
      last = value;
    } else {
      cells.back() = {ia - 1, ib - 1};
    }
  }
  // The last kept coordinate closes the previous cell and opens none.
  if (!cells.empty()) cells.pop_back();
}

}  // namespace

bool VoxelShape::full(int x, int y, int z) const {
  const int nx = cells(Axis::kX), ny = cells(Axis::kY), nz = cells(Axis::kZ);
  if (x < 0 || y < 0 || z < 0 || x >= nx || y >= ny || z >= nz) return false;
  return full_[(static_cast<size_t>(x) * ny + y) * nz + z] != 0;
}

void VoxelShape::finish() {
  const int n[3] = {cells(Axis::kX), cells(Axis::kY), cells(Axis::kZ)};
  int lo[3] = {INT32_MAX, INT32_MAX, INT32_MAX};
  int hi[3] = {-1, -1, -1};
  for (int x = 0; x < n[0]; ++x)
    for (int y = 0; y < n[1]; ++y)
      for (int z = 0; z < n[2]; ++z) {
        if (!full(x, y, z)) continue;
        const int at[3] = {x, y, z};
        for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], at[a]), hi[a] = std::max(hi[a], at[a]);
      }
  empty_ = hi[0] < 0;
  for (int a = 0; a < 3; ++a) {
    bounds_min_[a] = empty_ ? kInf : coords_[a][lo[a]];
    bounds_max_[a] = empty_ ? -kInf : coords_[a][hi[a] + 1];
  }
  unit_cube_ = !empty_;
  for (int a = 0; a < 3; ++a)
    unit_cube_ = unit_cube_ && coords_[a].size() == 2 && coords_[a][0] == 0.0 && coords_[a][1] == 1.0;
}

VoxelShape VoxelShape::from_boxes(std::span<const ShapeBox> boxes) {
  VoxelShape s;
  std::vector<BoxLayout> layouts;
  layouts.reserve(boxes.size());
  for (const ShapeBox& b : boxes) {
    BoxLayout l = layout_of(b);
    layouts.push_back(l);
    if (l.skip) continue;
    for (int a = 0; a < 3; ++a) {
      if (l.on_grid) {
        int size = 1 << l.bits[a];
        for (int k = 0; k <= size; ++k) s.coords_[a].push_back(static_cast<double>(k) / size);
      } else {
        s.coords_[a].push_back(box_min(b, a));
        s.coords_[a].push_back(box_max(b, a));
      }
    }
  }
  if (s.coords_[0].empty()) return VoxelShape();
  for (auto& list : s.coords_) {
    std::sort(list.begin(), list.end());
    std::vector<double> merged;
    for (double v : list)
      if (merged.empty() || !(merged.back() >= v - kEpsilon)) merged.push_back(v);
    list = std::move(merged);
  }
  const int nx = s.cells(Axis::kX), ny = s.cells(Axis::kY), nz = s.cells(Axis::kZ);
  s.full_.assign(static_cast<size_t>(nx) * ny * nz, 0);
  for (size_t i = 0; i < boxes.size(); ++i) {
    if (layouts[i].skip) continue;
    int lo[3], hi[3];
    for (int a = 0; a < 3; ++a) {
      lo[a] = nearest_index(s.coords_[a], snapped(box_min(boxes[i], a), layouts[i], a));
      hi[a] = nearest_index(s.coords_[a], snapped(box_max(boxes[i], a), layouts[i], a));
    }
    for (int x = lo[0]; x < hi[0]; ++x)
      for (int y = lo[1]; y < hi[1]; ++y)
        for (int z = lo[2]; z < hi[2]; ++z) s.full_[(static_cast<size_t>(x) * ny + y) * nz + z] = 1;
  }
  s.finish();
  return s;
}

VoxelShape VoxelShape::from_box(const Aabb& box) {
  ShapeBox b{box.min_x, box.min_y, box.min_z, box.max_x, box.max_y, box.max_z};
  BoxLayout l = layout_of(b);
  if (l.skip) return VoxelShape();
  VoxelShape s;
  if (!l.on_grid) {
    for (int a = 0; a < 3; ++a) s.coords_[a] = {box_min(b, a), box_max(b, a)};
    s.full_.assign(1, 1);
    s.finish();
    return s;
  }
  int lo[3], hi[3], size[3];
  for (int a = 0; a < 3; ++a) {
    size[a] = 1 << l.bits[a];
    for (int k = 0; k <= size[a]; ++k) s.coords_[a].push_back(static_cast<double>(k) / size[a]);
    lo[a] = static_cast<int>(java_round(box_min(b, a) * size[a]));
    hi[a] = static_cast<int>(java_round(box_max(b, a) * size[a]));
  }
  s.full_.assign(static_cast<size_t>(size[0]) * size[1] * size[2], 0);
  for (int x = lo[0]; x < hi[0]; ++x)
    for (int y = lo[1]; y < hi[1]; ++y)
      for (int z = lo[2]; z < hi[2]; ++z) s.full_[(static_cast<size_t>(x) * size[1] + y) * size[2] + z] = 1;
  s.finish();
  return s;
}

VoxelShape VoxelShape::outside_column(double min_x, double min_z, double max_x, double max_z) {
  VoxelShape s;
  s.coords_[0] = {-kInf, min_x, max_x, kInf};
  s.coords_[1] = {-kInf, kInf};
  s.coords_[2] = {-kInf, min_z, max_z, kInf};
  s.full_.assign(9, 1);
  s.full_[(1 * 1 + 0) * 3 + 1] = 0;  // the column inside the border
  s.finish();
  return s;
}

VoxelShape VoxelShape::translated(double dx, double dy, double dz) const {
  if (empty_) return VoxelShape();
  VoxelShape s = *this;
  const double d[3] = {dx, dy, dz};
  for (int a = 0; a < 3; ++a)
    for (double& c : s.coords_[a]) c += d[a];
  s.finish();
  s.unit_cube_ = false;  // a moved cube is no longer the singleton
  return s;
}

double collide_with_shape(const PlacedShape& placed, Axis a, const Aabb& moving, double distance) {
  const VoxelShape& s = *placed.shape;
  if (s.empty()) return distance;
  if (std::abs(distance) < kEpsilon) return 0.0;
  const Axis b = other_axis_b(a), c = other_axis_c(a);
  const double max_a = moving.max(a), min_a = moving.min(a);
  const auto ca = s.coords(a), cb = s.coords(b), cc = s.coords(c);
  const double oa = placed.offset(a), ob = placed.offset(b), oc = placed.offset(c);
  const int a_min = find_index(ca, oa, min_a + kEpsilon);
  const int a_max = find_index(ca, oa, max_a - kEpsilon);
  const int b_min = std::max(0, find_index(cb, ob, moving.min(b) + kEpsilon));
  const int b_max = std::min(s.cells(b), find_index(cb, ob, moving.max(b) - kEpsilon) + 1);
  const int c_min = std::max(0, find_index(cc, oc, moving.min(c) + kEpsilon));
  const int c_max = std::min(s.cells(c), find_index(cc, oc, moving.max(c) - kEpsilon) + 1);
  auto layer_has_full_cell = [&](int layer) {
    for (int ib = b_min; ib < b_max; ++ib)
      for (int ic = c_min; ic < c_max; ++ic)
        if (full_at(s, a, layer, b, ib, c, ic)) return true;
    return false;
  };
  if (distance > 0) {
    for (int layer = a_max + 1; layer < s.cells(a); ++layer) {
      if (!layer_has_full_cell(layer)) continue;
      double reach = ca[layer] + oa - max_a;
      if (reach >= -kEpsilon) distance = std::min(distance, reach);
      return distance;
    }
  } else if (distance < 0) {
    for (int layer = a_min - 1; layer >= 0; --layer) {
      if (!layer_has_full_cell(layer)) continue;
      double reach = ca[layer + 1] + oa - min_a;
      if (reach <= kEpsilon) distance = std::max(distance, reach);
      return distance;
    }
  }
  return distance;
}

double collide_with_shapes(std::span<const PlacedShape> shapes, Axis axis, const Aabb& moving, double distance) {
  for (const PlacedShape& s : shapes) {
    if (std::abs(distance) < kEpsilon) return 0.0;
    distance = collide_with_shape(s, axis, moving, distance);
  }
  return distance;
}

bool shapes_overlap(const PlacedShape& a, const PlacedShape& b) {
  if (a.shape->empty() || b.shape->empty()) return false;
  constexpr Axis kAxes[3] = {Axis::kX, Axis::kY, Axis::kZ};
  for (Axis axis : kAxes) {
    if (a.max(axis) < b.min(axis) - kEpsilon) return false;
    if (b.max(axis) < a.min(axis) - kEpsilon) return false;
  }
  MergedCells merged[3];
  for (Axis axis : kAxes) {
    int i = static_cast<int>(axis);
    merge_for_and(a.shape->coords(axis), a.offset(axis), b.shape->coords(axis), b.offset(axis), merged[i]);
    if (merged[i].empty()) return false;
  }
  for (size_t ix = 0; ix < merged[0].size(); ++ix)
    for (size_t iy = 0; iy < merged[1].size(); ++iy)
      for (size_t iz = 0; iz < merged[2].size(); ++iz) {
        const MergedCell &x = merged[0][ix], &y = merged[1][iy], &z = merged[2][iz];
        if (a.shape->full(x.first, y.first, z.first) && b.shape->full(x.second, y.second, z.second)) return true;
      }
  return false;
}

}  // namespace hz
