// The per-iteration digests: a packet counts by its content whether or not its shared buffer was
// seen before, so caching the hashes of large bodies never changes a digest.
#include <gtest/gtest.h>

#include "sim/core/effect_digest.h"

namespace hz {
namespace {

struct Discard final : EffectSink {
  void emit(Effect) override {}
};

Bytes big_body(uint8_t fill, size_t size = 60000) {
  Bytes b(size, fill);
  b[0] = 0x2d;
  return b;
}

TEST(DigestingSink, ASharedBodyDigestsLikeFreshCopies) {
  Discard discard;
  DigestingSink shared(discard), fresh(discard);
  SharedBytes chunk = share(big_body(7));
  for (ConnId conn : {1u, 2u, 3u}) {
    shared.emit(SendPacket{conn, chunk});
    fresh.emit(SendPacket{conn, share(big_body(7))});
  }
  shared.emit(SendPacket{1, chunk});  // the same buffer again on the same connection
  fresh.emit(SendPacket{1, share(big_body(7))});
  EXPECT_EQ(shared.take(), fresh.take());
}

TEST(DigestingSink, OneDifferentByteInALargeBodyChangesTheDigest) {
  Discard discard;
  DigestingSink a(discard), b(discard);
  Bytes changed = big_body(7);
  changed[59999] = 8;
  a.emit(SendPacket{1, share(big_body(7))});
  b.emit(SendPacket{1, share(std::move(changed))});
  EXPECT_NE(a.take().outbound.at(1), b.take().outbound.at(1));
}

TEST(DigestingSink, ABodyDroppedEverywhereIsForgottenAndItsAddressMayCarryNewContent) {
  Discard discard;
  DigestingSink sink(discard), reference(discard);
  for (int round = 0; round < 50; ++round) {
    // Each round's buffer dies after its pass, so the allocator may hand its address out again.
    SharedBytes body = share(big_body(static_cast<uint8_t>(round)));
    sink.emit(SendPacket{1, body});
    reference.emit(SendPacket{1, share(big_body(static_cast<uint8_t>(round)))});
    body.reset();
    EXPECT_EQ(sink.take(), reference.take()) << "round " << round;
  }
}

TEST(DigestingSink, SmallAndLargePacketsAndOtherEffectsAreAllCounted) {
  Discard discard;
  DigestingSink a(discard), b(discard);
  a.emit(SendPacket{1, share(Bytes{1, 2, 3})});
  b.emit(SendPacket{1, share(Bytes{1, 2, 4})});
  EXPECT_NE(a.take(), b.take());
  a.emit(LogLine{LogLevel::kInfo, "x"});
  b.emit(LogLine{LogLevel::kInfo, "y"});
  EXPECT_NE(a.take().other_effects, b.take().other_effects);
}

}  // namespace
}  // namespace hz
