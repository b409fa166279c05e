// What the shell counts without decoding: frames in an inbound byte stream however the reads
// split it, and ticks per second measured over a window of wall time.
#include <gtest/gtest.h>

#include "server/metrics/inbound_frame_counter.h"
#include "server/status/tps_window.h"
#include "sim/core/types.h"

namespace hz {
namespace {

TEST(InboundFrameCounter, CountsFramesAcrossReads) {
  // Frames of 3, 0 and 200 body bytes (200 = VarInt C8 01).
  Bytes stream = {3, 'a', 'b', 'c', 0, 0xC8, 0x01};
  stream.insert(stream.end(), 200, 'x');
  InboundFrameCounter whole;
  EXPECT_EQ(whole.feed(stream), 3u);
  for (size_t piece = 1; piece < 10; ++piece) {
    InboundFrameCounter split;
    uint64_t frames = 0;
    for (size_t i = 0; i < stream.size(); i += piece)
      frames += split.feed(std::span<const uint8_t>(stream).subspan(i, std::min(piece, stream.size() - i)));
    EXPECT_EQ(frames, 3u) << "piece " << piece;
  }
}

TEST(InboundFrameCounter, StopsAtALengthTheProtocolForbids) {
  InboundFrameCounter counter;
  Bytes bad = {0xFF, 0xFF, 0xFF, 0x01, 1, 'a'};
  EXPECT_EQ(counter.feed(bad), 0u);
  EXPECT_EQ(counter.feed(Bytes{1, 'a'}), 0u);
}

TEST(TpsWindow, MeasuresTicksOverWallTime) {
  TpsWindow w;
  EXPECT_EQ(w.ticks_per_second(), 0);
  w.add(0, 0);
  EXPECT_EQ(w.ticks_per_second(), 0);
  for (int i = 1; i <= 200; ++i) w.add(int64_t{i} * 50'000'000, i);  // 20 per second for 10 s
  EXPECT_DOUBLE_EQ(w.ticks_per_second(), 20.0);
  for (int i = 1; i <= 100; ++i) w.add(10'000'000'000 + int64_t{i} * 100'000'000, 200 + i);  // then 10 per second
  EXPECT_NEAR(w.ticks_per_second(), 10.0, 0.3);
}

}  // namespace
}  // namespace hz
