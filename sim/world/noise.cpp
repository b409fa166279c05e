#include "sim/world/noise.h"

#include <cmath>

#include "sim/core/java_math.h"

namespace hz {
namespace {

double fade(double t) { return t * t * t * (t * (t * 6.0 - 15.0) + 10.0); }

// Ken Perlin's twelve cube-edge gradients (four repeated to fill sixteen).
double grad3(int hash, double x, double y, double z) {
  const int h = hash & 15;
  const double u = h < 8 ? x : y;
  const double v = h < 4 ? y : (h == 12 || h == 14 ? x : z);
  return ((h & 1) ? -u : u) + ((h & 2) ? -v : v);
}

double grad2(int hash, double x, double z) {
  switch (hash & 7) {
    case 0: return x + z;
    case 1: return -x + z;
    case 2: return x - z;
    case 3: return -x - z;
    case 4: return x;
    case 5: return -x;
    case 6: return z;
    default: return -z;
  }
}

}  // namespace

PerlinNoise::PerlinNoise(Rng& rng) {
  ox_ = rng.next_double() * 256.0;
  oy_ = rng.next_double() * 256.0;
  oz_ = rng.next_double() * 256.0;
  for (int i = 0; i < 256; ++i) perm_[static_cast<size_t>(i)] = static_cast<uint8_t>(i);
  for (int i = 255; i > 0; --i) {
    const auto j = rng.next_below(static_cast<uint32_t>(i + 1));
    std::swap(perm_[static_cast<size_t>(i)], perm_[j]);
  }
  for (size_t i = 0; i < 256; ++i) perm_[i + 256] = perm_[i];
}

double PerlinNoise::sample(double x, double y, double z) const {
  x += ox_;
  y += oy_;
  z += oz_;
  const double fx = std::floor(x), fy = std::floor(y), fz = std::floor(z);
  const int X = static_cast<int>(fx) & 255, Y = static_cast<int>(fy) & 255, Z = static_cast<int>(fz) & 255;
  x -= fx;
  y -= fy;
  z -= fz;
  const double u = fade(x), v = fade(y), w = fade(z);
  const int A = perm(X) + Y, AA = perm(A) + Z, AB = perm(A + 1) + Z;
  const int B = perm(X + 1) + Y, BA = perm(B) + Z, BB = perm(B + 1) + Z;
  return lerp(w,
              lerp(v, lerp(u, grad3(perm(AA), x, y, z), grad3(perm(BA), x - 1, y, z)),
                   lerp(u, grad3(perm(AB), x, y - 1, z), grad3(perm(BB), x - 1, y - 1, z))),
              lerp(v, lerp(u, grad3(perm(AA + 1), x, y, z - 1), grad3(perm(BA + 1), x - 1, y, z - 1)),
                   lerp(u, grad3(perm(AB + 1), x, y - 1, z - 1), grad3(perm(BB + 1), x - 1, y - 1, z - 1))));
}

double PerlinNoise::sample2(double x, double z) const {
  x += ox_;
  z += oz_;
  const double fx = std::floor(x), fz = std::floor(z);
  const int X = static_cast<int>(fx) & 255, Z = static_cast<int>(fz) & 255;
  x -= fx;
  z -= fz;
  const double u = fade(x), w = fade(z);
  const int A = perm(X) + Z, B = perm(X + 1) + Z;
  // Scaled so the extremes sit near +-1 like the 3D version.
  return 0.7071067811865476 * lerp(w, lerp(u, grad2(perm(A), x, z), grad2(perm(B), x - 1, z)),
                                   lerp(u, grad2(perm(A + 1), x, z - 1), grad2(perm(B + 1), x - 1, z - 1)));
}

OctaveNoise::OctaveNoise(uint64_t seed, uint64_t salt, int octaves, double base_scale)
    : base_frequency_(1.0 / base_scale) {
  Rng rng = Rng::derive(seed, static_cast<int64_t>(salt), 0x6e6f697365);  // "noise"
  octaves_.reserve(static_cast<size_t>(octaves));
  double amplitude = 1.0, total = 0.0;
  for (int i = 0; i < octaves; ++i) {
    octaves_.emplace_back(rng);
    total += amplitude;
    amplitude *= 0.5;
  }
  normaliser_ = 1.0 / total;
}

double OctaveNoise::sample(double x, double y, double z) const {
  double sum = 0.0, frequency = base_frequency_, amplitude = 1.0;
  for (const PerlinNoise& octave : octaves_) {
    sum += amplitude * octave.sample(x * frequency, y * frequency, z * frequency);
    frequency *= 2.0;
    amplitude *= 0.5;
  }
  return sum * normaliser_;
}

double OctaveNoise::sample2(double x, double z) const {
  double sum = 0.0, frequency = base_frequency_, amplitude = 1.0;
  for (const PerlinNoise& octave : octaves_) {
    sum += amplitude * octave.sample2(x * frequency, z * frequency);
    frequency *= 2.0;
    amplitude *= 0.5;
  }
  return sum * normaliser_;
}

}  // namespace hz
