// The network's shared frames: a large body is framed once per compression threshold and the
// frame decodes to that body; a body that is gone never lends its frame to a new body at the
// same address; entries of bodies that are gone are dropped.
#include <gtest/gtest.h>

#include "server/frame_cache.h"

namespace hz {
namespace {

Bytes body_of(uint8_t seed, size_t size = 20000) {
  Bytes b(size);
  for (size_t i = 0; i < size; ++i) b[i] = static_cast<uint8_t>(seed + i * 7 + (i >> 9));
  return b;
}

Bytes decoded(const SharedBytes& frame, int32_t threshold) {
  FrameDecoder decoder;
  decoder.set_compression_threshold(threshold);
  decoder.feed(*frame);
  auto next = decoder.next();
  EXPECT_TRUE(next.ok() && next->has_value());
  return next.ok() && next->has_value() ? **next : Bytes{};
}

TEST(FrameCache, ALargeBodyIsFramedOncePerThreshold) {
  FrameCache cache;
  FrameEncoder encoder;
  std::string error;
  SharedBytes body = share(body_of(1));
  SharedBytes first = cache.frame(body, 256, encoder, error);
  ASSERT_TRUE(first) << error;
  EXPECT_EQ(cache.frame(body, 256, encoder, error), first);  // the very same buffer
  EXPECT_EQ(decoded(first, 256), *body);
  SharedBytes plain = cache.frame(body, -1, encoder, error);
  ASSERT_TRUE(plain);
  EXPECT_NE(plain, first);
  EXPECT_EQ(decoded(plain, -1), *body);
  // Another buffer with the same content gets its own (equal) frame.
  SharedBytes twin = share(body_of(1));
  EXPECT_EQ(*cache.frame(twin, 256, encoder, error), *first);
}

TEST(FrameCache, ABodyThatIsGoneNeverLendsItsFrame) {
  FrameCache cache;
  FrameEncoder encoder;
  std::string error;
  for (int round = 0; round < 100; ++round) {
    // Each round's body dies before the next is made, so the allocator may reuse its address.
    SharedBytes body = share(body_of(static_cast<uint8_t>(round)));
    SharedBytes frame = cache.frame(body, 256, encoder, error);
    ASSERT_TRUE(frame) << error;
    ASSERT_EQ(decoded(frame, 256), *body) << "round " << round;
  }
}

TEST(FrameCache, EntriesOfBodiesThatAreGoneAreDropped) {
  FrameCache cache;
  FrameEncoder encoder;
  std::string error;
  SharedBytes kept = share(body_of(9));
  ASSERT_TRUE(cache.frame(kept, 256, encoder, error));
  std::vector<SharedBytes> alive;
  for (size_t i = 0; i < FrameCache::kSweepEvery * 2; ++i) {
    SharedBytes body = share(body_of(static_cast<uint8_t>(i), 9000 + i));
    ASSERT_TRUE(cache.frame(body, 256, encoder, error));
    if (i % 2 == 0) alive.push_back(body);
  }
  // At most the live bodies and the dead ones since the last sweep remain.
  EXPECT_LE(cache.size(), 1 + alive.size() + FrameCache::kSweepEvery);
  EXPECT_GE(cache.size(), 1 + alive.size());
}

TEST(FrameCache, ABodyNoClientMayReceiveIsAnError) {
  FrameCache cache;
  FrameEncoder encoder;
  std::string error;
  SharedBytes huge = share(Bytes(kMaxUncompressedLength + 1, 0));
  EXPECT_FALSE(cache.frame(huge, 256, encoder, error));
  EXPECT_FALSE(error.empty());
}

}  // namespace
}  // namespace hz
