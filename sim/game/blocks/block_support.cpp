#include "sim/game/blocks/block_support.h"

#include <algorithm>
#include <string>

#include "sim/game/blocks/block_kinds.h"

namespace hz {

namespace {

// VoxelShape's tolerance when it decides which cells reach a face.
constexpr double kFaceEpsilon = 1.0e-7;

constexpr FaceRect kWholeFace{0, 0, 1, 1};
constexpr FaceRect kCentreSupport{7.0 / 16, 7.0 / 16, 9.0 / 16, 9.0 / 16};

bool reaches_face(const ShapeBox& b, Dir face) {
  double lo = 0, hi = 0;
  switch (axis_of(face)) {
    case 'x': lo = b.min_x, hi = b.max_x; break;
    case 'y': lo = b.min_y, hi = b.max_y; break;
    default: lo = b.min_z, hi = b.max_z; break;
  }
  const bool positive = face == Dir::kUp || face == Dir::kSouth || face == Dir::kEast;
  return positive ? hi >= 1.0 - kFaceEpsilon && lo < 1.0 - kFaceEpsilon : lo <= kFaceEpsilon && hi > kFaceEpsilon;
}

FaceRect project(const ShapeBox& b, Dir face) {
  switch (axis_of(face)) {
    case 'x': return FaceRect{b.min_z, b.min_y, b.max_z, b.max_y};
    case 'y': return FaceRect{b.min_x, b.min_z, b.max_x, b.max_z};
    default: return FaceRect{b.min_x, b.min_y, b.max_x, b.max_y};
  }
}

// The cut points of `area` and of every rectangle inside it along one axis, sorted.
template <class Lo, class Hi>
std::vector<double> cuts(std::span<const FaceRect> rects, double from, double to, Lo lo, Hi hi) {
  std::vector<double> out{from, to};
  for (const FaceRect& r : rects)
    for (double c : {lo(r), hi(r)})
      if (c > from && c < to) out.push_back(c);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool point_covered(std::span<const FaceRect> rects, double u, double v) {
  return std::any_of(rects.begin(), rects.end(),
                     [&](const FaceRect& r) { return r.min_u <= u && u <= r.max_u && r.min_v <= v && v <= r.max_v; });
}

ShapeBox cube(double height) { return ShapeBox{0, 0, 0, 1, height, 1}; }

}  // namespace

std::vector<FaceRect> face_shape(std::span<const ShapeBox> boxes, Dir face) {
  std::vector<FaceRect> out;
  for (const ShapeBox& b : boxes)
    if (reaches_face(b, face)) out.push_back(project(b, face));
  return out;
}

bool covers(std::span<const FaceRect> rects, const FaceRect& area) {
  const auto us = cuts(rects, area.min_u, area.max_u, [](const FaceRect& r) { return r.min_u; },
                       [](const FaceRect& r) { return r.max_u; });
  const auto vs = cuts(rects, area.min_v, area.max_v, [](const FaceRect& r) { return r.min_v; },
                       [](const FaceRect& r) { return r.max_v; });
  for (size_t i = 0; i + 1 < us.size(); ++i)
    for (size_t j = 0; j + 1 < vs.size(); ++j)
      if (!point_covered(rects, (us[i] + us[i + 1]) / 2, (vs[j] + vs[j + 1]) / 2)) return false;
  return true;
}

std::vector<ShapeBox> support_boxes(BlockStateId state) {
  const BlockId block = block_of_state(state);
  const std::string_view name = block_info(block).name;
  if (is_leaves(block)) return {};
  if (name == "mud" || name == "soul_sand") return {cube(1.0)};
  if (name == "snow") return {cube(2.0 * std::stoi(std::string(state_property(state, "layers"))) / 16.0)};
  if (is_fence_gate(block)) {
    if (has_value(state, "open", "true")) return {};
    const std::string_view facing = state_property(state, "facing");
    const bool along_x = facing == "north" || facing == "south";  // the bar spans the other axis
    return {along_x ? ShapeBox{0, 5.0 / 16, 6.0 / 16, 1, 1.5, 10.0 / 16} : ShapeBox{6.0 / 16, 5.0 / 16, 0, 10.0 / 16, 1.5, 1}};
  }
  const auto boxes = collision_boxes(state);
  return std::vector<ShapeBox>(boxes.begin(), boxes.end());
}

bool face_sturdy(BlockStateId state, Dir face, Support type) {
  const std::vector<ShapeBox> boxes = support_boxes(state);
  const std::vector<FaceRect> rects = face_shape(boxes, face);
  if (type == Support::kCenter) return covers(rects, kCentreSupport);
  if (type == Support::kRigid) {
    constexpr double kRing = 2.0 / 16.0;
    const FaceRect ring[] = {{0, 0, 1, kRing}, {0, 1 - kRing, 1, 1}, {0, 0, kRing, 1}, {1 - kRing, 0, 1, 1}};
    for (const FaceRect& part : ring)
      if (!covers(rects, part)) return false;
    return true;
  }
  // A full face is the unit square exactly: nothing of the cut may stick out of it.
  for (const FaceRect& r : rects)
    if (r.min_u < 0 || r.min_v < 0 || r.max_u > 1 || r.max_v > 1) return false;
  return covers(rects, kWholeFace);
}

bool collision_full_block(BlockStateId state) {
  const auto boxes = collision_boxes(state);
  if (boxes.empty()) return false;
  for (const ShapeBox& b : boxes)
    if (b.min_x < 0 || b.min_y < 0 || b.min_z < 0 || b.max_x > 1 || b.max_y > 1 || b.max_z > 1) return false;
  // Inside the cube: full when every horizontal slice between the boxes' heights is covered.
  std::vector<double> ys{0, 1};
  for (const ShapeBox& b : boxes) ys.insert(ys.end(), {b.min_y, b.max_y});
  std::sort(ys.begin(), ys.end());
  ys.erase(std::unique(ys.begin(), ys.end()), ys.end());
  for (size_t i = 0; i + 1 < ys.size(); ++i) {
    const double mid = (ys[i] + ys[i + 1]) / 2;
    std::vector<FaceRect> slice;
    for (const ShapeBox& b : boxes)
      if (b.min_y <= mid && mid <= b.max_y) slice.push_back(project(b, Dir::kUp));
    if (!covers(slice, kWholeFace)) return false;
  }
  return true;
}

}  // namespace hz
