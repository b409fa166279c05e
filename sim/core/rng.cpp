#include "sim/core/rng.h"

#include <bit>

namespace hz {

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

Rng::Rng(uint64_t seed) {
  uint64_t s = seed;
  s0_ = splitmix64(s);
  s1_ = splitmix64(s);
  if ((s0_ | s1_) == 0) s1_ = 1;
}

uint64_t Rng::next_u64() {
  const uint64_t a = s0_;
  uint64_t b = s1_;
  const uint64_t result = std::rotl(a + b, 17) + a;
  b ^= a;
  s0_ = std::rotl(a, 49) ^ b ^ (b << 21);
  s1_ = std::rotl(b, 28);
  return result;
}

uint32_t Rng::next_below(uint32_t bound) {
  // Lemire's multiply-shift; the tiny bias is irrelevant here and it is branch-free.
  return static_cast<uint32_t>(((next_u64() >> 32) * static_cast<uint64_t>(bound)) >> 32);
}

double Rng::next_double() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

float Rng::next_float() { return static_cast<float>(next_u64() >> 40) * 0x1.0p-24f; }

Rng Rng::derive(uint64_t seed, int64_t a, int64_t b, int64_t c) {
  uint64_t s = seed;
  uint64_t k = splitmix64(s) ^ static_cast<uint64_t>(a) * 0x9E3779B97F4A7C15ull;
  k = splitmix64(k) ^ static_cast<uint64_t>(b) * 0xC2B2AE3D27D4EB4Full;
  k = splitmix64(k) ^ static_cast<uint64_t>(c) * 0x165667B19E3779F9ull;
  return Rng(k);
}

}  // namespace hz
