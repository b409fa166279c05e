#include "sim/world/legacy_random.h"

#include <cstdint>

namespace hz {
namespace {

constexpr uint64_t kMultiplier = 0x5DEECE66Dull;
constexpr uint64_t kAddend = 0xBull;
constexpr uint64_t kMask = (1ull << 48) - 1;

}  // namespace

void LegacyRandom::set_seed(int64_t seed) { state_ = (static_cast<uint64_t>(seed) ^ kMultiplier) & kMask; }

int32_t LegacyRandom::next_bits(int bits) {
  state_ = (state_ * kMultiplier + kAddend) & kMask;
  // Java's (int)(seed >>> (48 - bits)): the low 32 bits, reinterpreted as signed.
  return static_cast<int32_t>(static_cast<uint32_t>(state_ >> (48 - bits)));
}

int32_t LegacyRandom::next_int(int32_t bound) {
  if ((bound & (bound - 1)) == 0)
    return static_cast<int32_t>((static_cast<int64_t>(bound) * static_cast<int64_t>(next_bits(31))) >> 31);
  int32_t sample = 0, modulo = 0;
  do {
    sample = next_bits(31);
    modulo = sample % bound;
    // Java rejects the samples of the last, incomplete run of `bound` values, detected by the
    // int overflow of sample - modulo + (bound - 1); computed wide here, compared with INT_MAX.
  } while (static_cast<int64_t>(sample) - modulo + (bound - 1) > INT32_MAX);
  return modulo;
}

int64_t LegacyRandom::next_long() {
  const int64_t upper = next_bits(32);
  const int64_t lower = next_bits(32);
  return static_cast<int64_t>(static_cast<uint64_t>(upper) << 32) + lower;
}

float LegacyRandom::next_float() { return static_cast<float>(next_bits(24)) * 5.9604645E-8f; }

int64_t LegacyRandom::set_decoration_seed(int64_t world_seed, int32_t min_block_x, int32_t min_block_z) {
  set_seed(world_seed);
  const uint64_t x_scale = static_cast<uint64_t>(next_long()) | 1u;
  const uint64_t z_scale = static_cast<uint64_t>(next_long()) | 1u;
  // Java's long arithmetic wraps: done in unsigned, then reinterpreted.
  const uint64_t mixed = (static_cast<uint64_t>(static_cast<int64_t>(min_block_x)) * x_scale +
                          static_cast<uint64_t>(static_cast<int64_t>(min_block_z)) * z_scale) ^
                         static_cast<uint64_t>(world_seed);
  const auto result = static_cast<int64_t>(mixed);
  set_seed(result);
  return result;
}

}  // namespace hz
