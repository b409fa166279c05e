// Vanilla's legacy generator (java.util.Random's 48-bit LCG, LegacyRandomSource) with the
// decoration seed WorldgenRandom derives per chunk: what generation-time placements draw from.
#pragma once

#include <cstdint>

namespace hz {

class LegacyRandom {
 public:
  explicit LegacyRandom(int64_t seed) { set_seed(seed); }

  void set_seed(int64_t seed);
  // The top `bits` (1..32) of the next state, as a signed int like Java's next(bits).
  int32_t next_bits(int bits);
  // Uniform in [0, bound); bound > 0 (BitRandomSource.nextInt).
  int32_t next_int(int32_t bound);
  int64_t next_long();
  float next_float();

  // WorldgenRandom.setDecorationSeed: reseeds from the world seed and a chunk's minimum block x
  // and z; returns the seed it set.
  int64_t set_decoration_seed(int64_t world_seed, int32_t min_block_x, int32_t min_block_z);

 private:
  uint64_t state_ = 0;
};

}  // namespace hz
