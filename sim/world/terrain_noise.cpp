#include "sim/world/terrain_noise.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>
#include <utility>

#include "sim/world/chunk_pos.h"

namespace hz {
namespace {

// Surface height against continentalness: deep sea floor, slope, coast at sea level, inland.
constexpr std::array<std::pair<double, double>, 10> kHeightSpline = {{
    {-1.0, 28.0}, {-0.5, 36.0}, {-0.3, 46.0}, {-0.19, 56.0}, {-0.12, 62.5},
    {-0.06, 65.0}, {0.0, 67.0}, {0.25, 73.0}, {0.6, 84.0}, {1.0, 96.0},
}};

double spline(double c) {
  if (c <= kHeightSpline.front().first) return kHeightSpline.front().second;
  for (size_t i = 1; i < kHeightSpline.size(); ++i) {
    const auto [x1, y1] = kHeightSpline[i];
    if (c <= x1) {
      const auto [x0, y0] = kHeightSpline[i - 1];
      return y0 + (c - x0) / (x1 - x0) * (y1 - y0);
    }
  }
  return kHeightSpline.back().second;
}

double clamp01(double v) { return std::clamp(v, 0.0, 1.0); }

}  // namespace

TerrainNoise::TerrainNoise(uint64_t seed)
    : seed_(seed),
      continentalness_(seed, 1, 5, 1100.0),
      temperature_(seed, 2, 3, 900.0),
      humidity_(seed, 3, 3, 700.0),
      erosion_(seed, 4, 4, 500.0),
      hills_(seed, 5, 4, 170.0),
      overhang_(seed, 6, 3, 48.0),
      surface_(seed, 7, 2, 24.0),
      tunnel_a_(seed, 8, 2, 60.0),
      tunnel_b_(seed, 9, 2, 60.0),
      cavern_(seed, 10, 2, 90.0) {}

const TerrainNoise& TerrainNoise::for_seed(uint64_t seed) {
  thread_local std::unique_ptr<const TerrainNoise> last;
  if (!last || last->seed() != seed) last = std::make_unique<const TerrainNoise>(seed);
  return *last;
}

Climate TerrainNoise::climate(double x, double z) const {
  // Octave sums rarely leave [-0.6, 0.6]; stretch them so the thresholds in biomes.h are reached.
  return Climate{continentalness_.sample2(x, z) * 1.8, temperature_.sample2(x, z) * 1.8,
                 humidity_.sample2(x, z) * 1.8};
}

ColumnShape TerrainNoise::column_shape(double x, double z) const {
  const double c = continentalness_.sample2(x, z) * 1.8;
  const double landness = clamp01((c - kOceanLimit) / 0.3);
  const double rugged = clamp01((0.15 - erosion_.sample2(x, z) * 1.8) / 0.7);
  const double amplitude = 2.0 + landness * (3.0 + 30.0 * rugged * rugged);
  const double hill = hills_.sample2(x, z) * 1.6;
  return ColumnShape{spline(c) + hill * amplitude, landness * (1.0 + 7.0 * rugged * rugged)};
}

double TerrainNoise::density(double x, double y, double z, const ColumnShape& shape) const {
  const double base = shape.height - y;
  // Far from the target height the noise cannot change the sign: skip evaluating it.
  if (base > shape.roughness * 1.25 + 1.0 || base < -(shape.roughness * 1.25 + 1.0)) return base;
  return base + shape.roughness * overhang_.sample(x, y * 1.5, z);
}

int TerrainNoise::surface_depth(int x, int z) const {
  const double n = surface_.sample2(static_cast<double>(x), static_cast<double>(z));
  return 3 + std::clamp(static_cast<int>((n + 0.5) * 2.0), 0, 2);
}

double TerrainNoise::cave(double x, double y, double z) const {
  // Tunnels follow where two independent fields both cross zero.
  const double a = tunnel_a_.sample(x, y * 1.6, z);
  const double b = tunnel_b_.sample(x, y * 1.6, z);
  const double tunnel = a * a + b * b - 0.007;
  // Caverns: large pockets, only well below sea level and more common deeper.
  const double depth_bias = std::clamp((20.0 - y) / 80.0, 0.0, 1.0);
  const double cavern = 0.55 - depth_bias * 0.25 - cavern_.sample(x, y * 2.0, z);
  return std::min(tunnel, cavern * 0.05);
}

std::pair<int, int> find_spawn_column(const TerrainNoise& noise) {
  constexpr int kStep = 16;
  constexpr int kMaxRing = 64;  // up to 1024 blocks out; beyond that the origin is used
  for (int ring = 0; ring <= kMaxRing; ++ring) {
    for (int dx = -ring; dx <= ring; ++dx)
      for (int dz = -ring; dz <= ring; ++dz) {
        if (std::max(std::abs(dx), std::abs(dz)) != ring) continue;
        const double x = dx * kStep + 8, z = dz * kStep + 8;
        const BiomeKind biome = noise.biome(x, z);
        if (is_ocean(biome) || noise.column_shape(x, z).height < kSeaLevel + 2) continue;
        return {static_cast<int>(x), static_cast<int>(z)};
      }
  }
  return {8, 8};
}

}  // namespace hz
