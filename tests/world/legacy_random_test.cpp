// LegacyRandom against values java.util.Random gives for the same seeds (the generator vanilla's
// LegacyRandomSource is), and the decoration seed against its formula restated with wide integers.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>

#include "sim/world/legacy_random.h"

namespace hz {
namespace {

TEST(LegacyRandom, MatchesJavaUtilRandom) {
  EXPECT_EQ(LegacyRandom(42).next_bits(32), -1170105035);  // new Random(42).nextInt()
  EXPECT_EQ(LegacyRandom(42).next_int(10), 0);             // new Random(42).nextInt(10)
  EXPECT_EQ(LegacyRandom(0).next_long(), -4962768465676381896LL);
  EXPECT_FLOAT_EQ(LegacyRandom(0).next_float(), 0.73096776f);
  EXPECT_FLOAT_EQ(LegacyRandom(42).next_float(), 0.7275637f);
}

// java.util.Random restated: 48-bit state, multiplier 0x5DEECE66D, addend 11.
struct ReferenceJavaRandom {
  unsigned __int128 state;
  explicit ReferenceJavaRandom(int64_t seed) : state((static_cast<uint64_t>(seed) ^ 0x5DEECE66DULL) & 0xFFFFFFFFFFFFULL) {}
  int32_t next(int bits) {
    state = (state * 0x5DEECE66DULL + 11) % (static_cast<unsigned __int128>(1) << 48);
    const auto top = static_cast<uint64_t>(state >> (48 - bits));
    return static_cast<int32_t>(static_cast<uint32_t>(top));
  }
  int32_t next_int(int32_t bound) {
    if ((bound & -bound) == bound) return static_cast<int32_t>((static_cast<int64_t>(bound) * next(31)) >> 31);
    while (true) {
      const int32_t bits = next(31);
      const int32_t val = bits % bound;
      if (static_cast<int64_t>(bits) - val + (bound - 1) <= INT32_MAX) return val;
    }
  }
};

RC_GTEST_PROP(LegacyRandom, NextIntMatchesTheReference, (int64_t seed)) {
  const int32_t bound = *rc::gen::inRange<int32_t>(1, INT32_MAX);
  LegacyRandom random(seed);
  ReferenceJavaRandom reference(seed);
  for (int i = 0; i < 8; ++i) RC_ASSERT(random.next_int(bound) == reference.next_int(bound));
}

RC_GTEST_PROP(LegacyRandom, DecorationSeedFollowsItsFormula, (int64_t seed, int32_t x, int32_t z)) {
  // setDecorationSeed: two longs from the world seed, each made odd, x * a + z * b, xor the seed.
  ReferenceJavaRandom first(seed);
  auto next_long = [&] {
    const int64_t hi = first.next(32), lo = first.next(32);
    return static_cast<int64_t>(static_cast<uint64_t>(hi) << 32) + lo;
  };
  const uint64_t a = static_cast<uint64_t>(next_long()) | 1, b = static_cast<uint64_t>(next_long()) | 1;
  const auto expected = static_cast<int64_t>((static_cast<uint64_t>(static_cast<int64_t>(x)) * a +
                                              static_cast<uint64_t>(static_cast<int64_t>(z)) * b) ^
                                             static_cast<uint64_t>(seed));
  LegacyRandom random(0);
  RC_ASSERT(random.set_decoration_seed(seed, x, z) == expected);
  ReferenceJavaRandom after(expected);
  RC_ASSERT(random.next_bits(32) == after.next(32));
}

}  // namespace
}  // namespace hz
