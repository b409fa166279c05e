// Axis-aligned boxes and the three axes, with vanilla's AABB operations (move, expandTowards,
// inflate, strict intersection) in double arithmetic, evaluated in vanilla's order.
#pragma once

#include <algorithm>
#include <cassert>
#include <cmath>

#include "sim/game/player.h"

namespace hz {

enum class Axis : uint8_t { kX = 0, kY = 1, kZ = 2 };

inline double component(const Vec3& v, Axis a) {
  switch (a) {
    case Axis::kX: return v.x;
    case Axis::kY: return v.y;
    default: return v.z;
  }
}

inline Vec3 with_component(Vec3 v, Axis a, double value) {
  switch (a) {
    case Axis::kX: v.x = value; break;
    case Axis::kY: v.y = value; break;
    default: v.z = value; break;
  }
  return v;
}

inline double length_sqr(const Vec3& v) { return v.x * v.x + v.y * v.y + v.z * v.z; }
inline double horizontal_length_sqr(const Vec3& v) { return v.x * v.x + v.z * v.z; }
inline Vec3 operator+(const Vec3& a, const Vec3& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Vec3 operator-(const Vec3& a, const Vec3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline double distance_sqr(const Vec3& a, const Vec3& b) { return length_sqr(a - b); }

struct Aabb {
  double min_x = 0, min_y = 0, min_z = 0, max_x = 0, max_y = 0, max_z = 0;

  bool operator==(const Aabb&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(min_x, min_y, min_z, max_x, max_y, max_z);
  }

  double min(Axis a) const { return a == Axis::kX ? min_x : a == Axis::kY ? min_y : min_z; }
  double max(Axis a) const { return a == Axis::kX ? max_x : a == Axis::kY ? max_y : max_z; }

  Aabb move(double dx, double dy, double dz) const {
    return {min_x + dx, min_y + dy, min_z + dz, max_x + dx, max_y + dy, max_z + dz};
  }
  Aabb move(const Vec3& d) const { return move(d.x, d.y, d.z); }

  // Grows the box toward the movement: the min side for a negative component, the max side
  // for a positive one.
  Aabb expand_towards(double dx, double dy, double dz) const {
    Aabb b = *this;
    (dx < 0 ? b.min_x : b.max_x) += dx;
    (dy < 0 ? b.min_y : b.max_y) += dy;
    (dz < 0 ? b.min_z : b.max_z) += dz;
    return b;
  }
  Aabb expand_towards(const Vec3& d) const { return expand_towards(d.x, d.y, d.z); }

  Aabb inflate(double x, double y, double z) const {
    return {min_x - x, min_y - y, min_z - z, max_x + x, max_y + y, max_z + z};
  }
  Aabb inflate(double d) const { return inflate(d, d, d); }
  Aabb deflate(double d) const { return inflate(-d); }

  // Strict overlap (touching faces do not intersect).
  bool intersects(double x0, double y0, double z0, double x1, double y1, double z1) const {
    return min_x < x1 && max_x > x0 && min_y < y1 && max_y > y0 && min_z < z1 && max_z > z0;
  }
  bool intersects(const Aabb& o) const { return intersects(o.min_x, o.min_y, o.min_z, o.max_x, o.max_y, o.max_z); }

  double x_size() const { return max_x - min_x; }
  double y_size() const { return max_y - min_y; }
  double z_size() const { return max_z - min_z; }
};

// AABB.distanceToSqr(point): from the point to the nearest point of the box (0 inside it).
inline double distance_sqr(const Aabb& box, const Vec3& p) {
  const double dx = std::max({box.min_x - p.x, p.x - box.max_x, 0.0});
  const double dy = std::max({box.min_y - p.y, p.y - box.max_y, 0.0});
  const double dz = std::max({box.min_z - p.z, p.z - box.max_z, 0.0});
  return dx * dx + dy * dy + dz * dz;
}

// The order vanilla resolves a movement's axes in (Direction.axisStepOrder): Y first, then the
// larger horizontal component (X when |x| >= |z|).
struct AxisOrder {
  Axis axes[3];
};
inline AxisOrder axis_step_order(const Vec3& movement) {
  if (std::abs(movement.x) < std::abs(movement.z)) return {{Axis::kY, Axis::kZ, Axis::kX}};
  return {{Axis::kY, Axis::kX, Axis::kZ}};
}

// Java's widening of a float constant: (double) of the nearest float.
constexpr double as_float(double v) { return static_cast<double>(static_cast<float>(v)); }

}  // namespace hz
