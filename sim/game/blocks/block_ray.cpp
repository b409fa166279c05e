#include "sim/game/blocks/block_ray.h"

#include <cmath>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "sim/core/java_format.h"
#include "sim/core/java_math.h"
#include "sim/data/blocks.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/placement_states.h"
#include "sim/game/movement/aabb.h"

namespace hz {

namespace {

constexpr double kClipEpsilon = 1.0e-7;

double frac(double v) { return v - std::floor(v); }
int sign(double v) { return v == 0.0 ? 0 : v > 0.0 ? 1 : -1; }

// AABB.clipPoint: the ray meets the plane `plane` of axis a inside the box's other two extents,
// earlier than the best hit so far.
bool clip_point(double& best_t, double da, double db, double dc, double plane, double min_b, double max_b,
                double min_c, double max_c, double a, double b, double c) {
  const double s = (plane - a) / da;
  const double pb = b + s * db, pc = c + s * dc;
  if (0.0 < s && s < best_t && min_b - kClipEpsilon < pb && pb < max_b + kClipEpsilon && min_c - kClipEpsilon < pc &&
      pc < max_c + kClipEpsilon) {
    best_t = s;
    return true;
  }
  return false;
}

// AABB.getDirection for one box (already moved to world coordinates).
void clip_box(const ShapeBox& box, const Vec3& from, const Vec3& d, double& best_t, std::optional<Dir>& face) {
  if (d.x > kClipEpsilon) {
    if (clip_point(best_t, d.x, d.y, d.z, box.min_x, box.min_y, box.max_y, box.min_z, box.max_z, from.x, from.y, from.z))
      face = Dir::kWest;
  } else if (d.x < -kClipEpsilon) {
    if (clip_point(best_t, d.x, d.y, d.z, box.max_x, box.min_y, box.max_y, box.min_z, box.max_z, from.x, from.y, from.z))
      face = Dir::kEast;
  }
  if (d.y > kClipEpsilon) {
    if (clip_point(best_t, d.y, d.z, d.x, box.min_y, box.min_z, box.max_z, box.min_x, box.max_x, from.y, from.z, from.x))
      face = Dir::kDown;
  } else if (d.y < -kClipEpsilon) {
    if (clip_point(best_t, d.y, d.z, d.x, box.max_y, box.min_z, box.max_z, box.min_x, box.max_x, from.y, from.z, from.x))
      face = Dir::kUp;
  }
  if (d.z > kClipEpsilon) {
    if (clip_point(best_t, d.z, d.x, d.y, box.min_z, box.min_x, box.max_x, box.min_y, box.max_y, from.z, from.x, from.y))
      face = Dir::kNorth;
  } else if (d.z < -kClipEpsilon) {
    if (clip_point(best_t, d.z, d.x, d.y, box.max_z, box.min_x, box.max_x, box.min_y, box.max_y, from.z, from.x, from.y))
      face = Dir::kSouth;
  }
}

// Direction.getApproximateNearest: the direction whose step best matches the vector.
Dir approximate_nearest(const Vec3& v) {
  Dir best = Dir::kNorth;
  double best_dot = -std::numeric_limits<double>::infinity();
  for (Dir d : {Dir::kDown, Dir::kUp, Dir::kNorth, Dir::kSouth, Dir::kWest, Dir::kEast}) {
    const Step s = step_of(d);
    const double dot = v.x * s.x + v.y * s.y + v.z * s.z;
    if (dot > best_dot) best_dot = dot, best = d;
  }
  return best;
}

// VoxelShape.clip: a start just inside the shape is a hit where it starts; else the nearest face.
std::optional<BlockHit> clip_shape(std::span<const ShapeBox> boxes, const Vec3& from, const Vec3& to,
                                   const BlockPos& pos) {
  if (boxes.empty()) return std::nullopt;
  const Vec3 d = to - from;
  if (d.x * d.x + d.y * d.y + d.z * d.z < kClipEpsilon) return std::nullopt;
  const Vec3 probe{from.x + d.x * 0.001, from.y + d.y * 0.001, from.z + d.z * 0.001};
  for (const ShapeBox& b : boxes) {
    const double lx = probe.x - pos.x, ly = probe.y - pos.y, lz = probe.z - pos.z;
    if (b.min_x <= lx && lx < b.max_x && b.min_y <= ly && ly < b.max_y && b.min_z <= lz && lz < b.max_z)
      return BlockHit{true, pos, opposite(approximate_nearest(d)), probe, true};
  }
  double best_t = 1.0;
  std::optional<Dir> face;
  for (const ShapeBox& b : boxes) {
    const ShapeBox moved{b.min_x + pos.x, b.min_y + pos.y, b.min_z + pos.z,
                         b.max_x + pos.x, b.max_y + pos.y, b.max_z + pos.z};
    clip_box(moved, from, d, best_t, face);
  }
  if (!face) return std::nullopt;
  return BlockHit{true, pos, *face, Vec3{from.x + best_t * d.x, from.y + best_t * d.y, from.z + best_t * d.z}, false};
}

// A fluid source's shape: 8/9 of a block high, a full block under the same fluid.
std::vector<ShapeBox> source_fluid_shape(const BlockWorld& world, const BlockPos& pos) {
  const BlockStateId state = world.block_at(pos);
  const std::string_view name = block_info(block_of_state(state)).name;
  const bool lava = name == "lava" && has_value(state, "level", "0");
  const bool water = water_source_at(world, pos);
  if (!lava && !water) return {};
  const BlockStateId above = world.block_at(relative(pos, Dir::kUp));
  const bool same_above = water ? is_water(above) : block_info(block_of_state(above)).name == "lava";
  return {ShapeBox{0, 0, 0, 1, same_above ? 1.0 : 8.0 / 9.0, 1}};
}

std::optional<BlockHit> clip_at(const BlockWorld& world, const BlockPos& pos, const Vec3& from, const Vec3& to,
                                FluidClip fluids) {
  const auto block = clip_shape(collision_boxes(world.block_at(pos)), from, to, pos);
  std::optional<BlockHit> fluid;
  if (fluids == FluidClip::kSourceOnly) fluid = clip_shape(source_fluid_shape(world, pos), from, to, pos);
  const double block_d = block ? distance_sqr(from, block->location) : std::numeric_limits<double>::max();
  const double fluid_d = fluid ? distance_sqr(from, fluid->location) : std::numeric_limits<double>::max();
  return block_d <= fluid_d ? block : fluid;
}

}  // namespace

Vec3 view_vector(float pitch, float yaw) {
  const float x_rot = pitch * kDegreesToRadians;
  const float y_rot = -yaw * kDegreesToRadians;
  const float y_cos = table_cos(y_rot), y_sin = table_sin(y_rot);
  const float x_cos = table_cos(x_rot), x_sin = table_sin(x_rot);
  return Vec3{static_cast<double>(y_sin * x_cos), static_cast<double>(-x_sin), static_cast<double>(y_cos * x_cos)};
}

BlockHit clip_blocks(const BlockWorld& world, const Vec3& from, const Vec3& to, FluidClip fluids) {
  if (from == to) return BlockHit{};
  // BlockGetter.traverseBlocks: both ends pulled out by 1e-7 so edges are not missed.
  const double to_x = lerp(-kClipEpsilon, to.x, from.x), to_y = lerp(-kClipEpsilon, to.y, from.y),
               to_z = lerp(-kClipEpsilon, to.z, from.z);
  const double from_x = lerp(-kClipEpsilon, from.x, to.x), from_y = lerp(-kClipEpsilon, from.y, to.y),
               from_z = lerp(-kClipEpsilon, from.z, to.z);
  BlockPos pos{java_floor(from_x), java_floor(from_y), java_floor(from_z)};
  if (auto hit = clip_at(world, pos, from, to, fluids)) return *hit;
  const double dx = to_x - from_x, dy = to_y - from_y, dz = to_z - from_z;
  const int sx = sign(dx), sy = sign(dy), sz = sign(dz);
  const double big = std::numeric_limits<double>::max();
  const double tdx = sx == 0 ? big : sx / dx, tdy = sy == 0 ? big : sy / dy, tdz = sz == 0 ? big : sz / dz;
  double tx = tdx * (sx > 0 ? 1.0 - frac(from_x) : frac(from_x));
  double ty = tdy * (sy > 0 ? 1.0 - frac(from_y) : frac(from_y));
  double tz = tdz * (sz > 0 ? 1.0 - frac(from_z) : frac(from_z));
  while (tx <= 1.0 || ty <= 1.0 || tz <= 1.0) {
    if (tx < ty) {
      if (tx < tz) {
        pos.x += sx, tx += tdx;
      } else {
        pos.z += sz, tz += tdz;
      }
    } else if (ty < tz) {
      pos.y += sy, ty += tdy;
    } else {
      pos.z += sz, tz += tdz;
    }
    if (auto hit = clip_at(world, pos, from, to, fluids)) return *hit;
  }
  return BlockHit{};
}

}  // namespace hz
