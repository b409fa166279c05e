#include "sim/game/explosions/explosion_rays.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "sim/core/java_format.h"

namespace hz::explosion_rays {

std::vector<BlockPos> exploded_positions(const Vec3& center, float radius, Rng& random, const Resistance& resistance,
                                         const InWorld& in_world) {
  auto less = [](const BlockPos& a, const BlockPos& b) { return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z); };
  // Ordered, so the result never depends on hashing (vanilla collects into a HashSet).
  std::set<BlockPos, decltype(less)> hit(less);
  constexpr int kLast = kRayGrid - 1;
  for (int xx = 0; xx < kRayGrid; ++xx) {
    for (int yy = 0; yy < kRayGrid; ++yy) {
      for (int zz = 0; zz < kRayGrid; ++zz) {
        if (xx != 0 && xx != kLast && yy != 0 && yy != kLast && zz != 0 && zz != kLast) continue;
        // The direction is computed in float and widened, as vanilla does.
        double xd = static_cast<double>(static_cast<float>(xx) / 15.0f * 2.0f - 1.0f);
        double yd = static_cast<double>(static_cast<float>(yy) / 15.0f * 2.0f - 1.0f);
        double zd = static_cast<double>(static_cast<float>(zz) / 15.0f * 2.0f - 1.0f);
        const double length = std::sqrt(xd * xd + yd * yd + zd * zd);
        xd /= length;
        yd /= length;
        zd /= length;
        float power = radius * (0.7f + random.next_float() * 0.6f);
        double x = center.x, y = center.y, z = center.z;
        for (; power > 0.0f; power -= kPowerPerStep) {
          const BlockPos pos{java_floor(x), java_floor(y), java_floor(z)};
          if (!in_world(pos)) break;
          if (const std::optional<float> r = resistance(pos)) power -= (*r + 0.3f) * 0.3f;
          if (power > 0.0f) hit.insert(pos);
          x += xd * static_cast<double>(kStep);
          y += yd * static_cast<double>(kStep);
          z += zd * static_cast<double>(kStep);
        }
      }
    }
  }
  return {hit.begin(), hit.end()};
}

float seen_percent(const Vec3& center, const Aabb& box, const ClearLine& clear) {
  const double xs = 1.0 / ((box.max_x - box.min_x) * 2.0 + 1.0);
  const double ys = 1.0 / ((box.max_y - box.min_y) * 2.0 + 1.0);
  const double zs = 1.0 / ((box.max_z - box.min_z) * 2.0 + 1.0);
  const double x_offset = (1.0 - std::floor(1.0 / xs) * xs) / 2.0;
  const double z_offset = (1.0 - std::floor(1.0 / zs) * zs) / 2.0;
  if (xs < 0.0 || ys < 0.0 || zs < 0.0) return 0.0f;
  auto lerp = [](double t, double a, double b) { return a + t * (b - a); };
  int hits = 0, count = 0;
  // The steps accumulate in double exactly as vanilla's loops do, so the sample count matches.
  for (double xx = 0.0; xx <= 1.0; xx += xs) {
    for (double yy = 0.0; yy <= 1.0; yy += ys) {
      for (double zz = 0.0; zz <= 1.0; zz += zs) {
        const Vec3 from{lerp(xx, box.min_x, box.max_x) + x_offset, lerp(yy, box.min_y, box.max_y),
                        lerp(zz, box.min_z, box.max_z) + z_offset};
        if (clear(from, center)) ++hits;
        ++count;
      }
    }
  }
  return static_cast<float>(hits) / static_cast<float>(count);
}

float entity_damage(float radius, double distance, float exposure) {
  const float double_radius = radius * 2.0f;
  const double dist = distance / static_cast<double>(double_radius);
  const double impact = (1.0 - dist) * static_cast<double>(exposure);
  return static_cast<float>((impact * impact + impact) / 2.0 * 7.0 * static_cast<double>(double_radius) + 1.0);
}

double knockback_power(float radius, double distance, float exposure) {
  const double dist = distance / static_cast<double>(radius * 2.0f);
  return (1.0 - dist) * static_cast<double>(exposure);
}

}  // namespace hz::explosion_rays
