// The project's one random number generator: a small, seedable, platform-independent generator
// (SplitMix64 seeding a xoroshiro128++ state). Seeded from the world seed or from recorded input.
#pragma once

#include <cstdint>

namespace hz {

class Rng {
 public:
  explicit Rng(uint64_t seed);
  uint64_t next_u64();
  // Uniform in [0, bound), bound > 0.
  uint32_t next_below(uint32_t bound);
  // Uniform in [0, 1) with 53 bits.
  double next_double();
  float next_float();
  // A generator for a sub-stream (e.g. one chunk), independent of how much this one was used.
  static Rng derive(uint64_t seed, int64_t a, int64_t b = 0, int64_t c = 0);
  // The generator's whole state, for state hashes.
  uint64_t state_hash() const { return s0_ * 0x9E3779B97F4A7C15ull ^ s1_; }

  // The state for snapshots (sim/game/snapshot/state_io.h).
  template <class Io>
  void state_fields(Io& io) {
    io(s0_, s1_);
  }

 private:
  uint64_t s0_, s1_;
};

uint64_t splitmix64(uint64_t& state);

}  // namespace hz
