#include "sim/core/hash.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <vector>

namespace hz {
namespace {

TEST(Hash, SplittingTheInputDoesNotChangeTheDigest) {
  std::vector<uint8_t> data(1000);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 7 + 3);
  uint64_t whole = hash_bytes(data);
  for (size_t cut : {0, 1, 7, 8, 9, 500, 999, 1000}) {
    Hasher h;
    h.bytes(data.data(), cut);
    h.bytes(data.data() + cut, data.size() - cut);
    EXPECT_EQ(h.digest(), whole) << "cut at " << cut;
  }
}

TEST(Hash, PinnedValuesNeverChange) {
  // Traces store these digests: changing the hash function breaks every recorded trace.
  EXPECT_EQ(hash_bytes({}), 0xe255f2f48fa6632aull);
  const uint8_t abc[] = {'a', 'b', 'c'};
  EXPECT_EQ(hash_bytes(abc), 0x6ba7e0ee7569ed0cull);
}

// u64 takes whole words without a loop over their bytes, also when bytes are pending: the digest
// must be the one of the same bytes fed one by one.
RC_GTEST_PROP(Hash, AWordIsItsEightBytesWhateverIsPending,
              (const std::vector<uint8_t>& head, const std::vector<uint64_t>& words, const std::vector<uint8_t>& tail)) {
  Hasher by_word, by_byte;
  by_word.bytes(head);
  by_byte.bytes(head);
  for (uint64_t w : words) {
    by_word.u64(w);
    for (int i = 0; i < 8; ++i) {
      const auto b = static_cast<uint8_t>(w >> (8 * i));
      by_byte.bytes(&b, 1);
    }
  }
  by_word.bytes(tail);
  by_byte.bytes(tail);
  RC_ASSERT(by_word.digest() == by_byte.digest());
}

RC_GTEST_PROP(Hash, DifferentLengthsOfZerosDiffer, (uint8_t a, uint8_t b)) {
  RC_PRE(a != b);
  std::vector<uint8_t> x(a, 0), y(b, 0);
  RC_ASSERT(hash_bytes(x) != hash_bytes(y));
}

}  // namespace
}  // namespace hz
