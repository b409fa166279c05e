// Gradient (improved Perlin) noise with permutation tables shuffled by hz::Rng, and sums of
// octaves. Only +, -, *, / and floor on doubles, so every machine computes the same bits.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/core/rng.h"

namespace hz {

class PerlinNoise {
 public:
  explicit PerlinNoise(Rng& rng);
  // Roughly in [-1, 1]; 0 on every integer lattice point before the random offset.
  double sample(double x, double y, double z) const;
  double sample2(double x, double z) const;

 private:
  int perm(int i) const { return perm_[static_cast<size_t>(i & 511)]; }
  std::array<uint8_t, 512> perm_{};
  double ox_, oy_, oz_;
};

// Octaves at doubling frequency and halving amplitude, normalised to roughly [-1, 1].
class OctaveNoise {
 public:
  // `base_scale` is the wavelength in blocks of the first (coarsest) octave.
  OctaveNoise(uint64_t seed, uint64_t salt, int octaves, double base_scale);
  double sample(double x, double y, double z) const;
  double sample2(double x, double z) const;

 private:
  std::vector<PerlinNoise> octaves_;
  double base_frequency_;
  double normaliser_;
};

}  // namespace hz
