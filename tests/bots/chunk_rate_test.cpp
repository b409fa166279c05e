// The bots' chunk rate feedback: vanilla's starting figure, clamping of one batch's sample, and
// convergence to the measured time per chunk.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "tools/bots/chunk_rate.h"

namespace hz::bots {
namespace {

TEST(ChunkRate, StartsAtThreeAndAHalfChunksPerTick) {
  ChunkRate rate;
  EXPECT_FLOAT_EQ(rate.desired_chunks_per_tick(), 3.5f);
}

TEST(ChunkRate, EmptyBatchChangesNothing) {
  ChunkRate rate;
  rate.on_batch_start(0);
  rate.on_batch_finished(50'000'000, 0);
  EXPECT_FLOAT_EQ(rate.desired_chunks_per_tick(), 3.5f);
}

TEST(ChunkRate, OneInstantBatchIsClampedToAThird) {
  // 2 ms per chunk at first; an instant batch counts as 2/3 ms, averaged with weight 1.
  ChunkRate rate;
  rate.on_batch_start(1000);
  rate.on_batch_finished(1000, 9);
  double expected = (2'000'000.0 + 2'000'000.0 / 3) / 2;
  EXPECT_DOUBLE_EQ(rate.nanos_per_chunk(), expected);
  EXPECT_FLOAT_EQ(rate.desired_chunks_per_tick(), static_cast<float>(7'000'000.0 / expected));
}

TEST(ChunkRate, SlowBatchIsClampedToThreeTimes) {
  ChunkRate rate;
  rate.on_batch_start(0);
  rate.on_batch_finished(1'000'000'000, 1);  // one second for one chunk
  EXPECT_DOUBLE_EQ(rate.nanos_per_chunk(), (2'000'000.0 + 6'000'000.0) / 2);
}

RC_GTEST_PROP(ChunkRate, EachSampleMovesTheEstimateTowardsIt, ()) {
  ChunkRate rate;
  int64_t now = 0;
  const int batches = *rc::gen::inRange(1, 60);
  for (int i = 0; i < batches; ++i) {
    int64_t took = *rc::gen::inRange<int64_t>(0, 200'000'000);
    int32_t size = *rc::gen::inRange(1, 65);
    double before = rate.nanos_per_chunk();
    double sample = static_cast<double>(took) / size;
    rate.on_batch_start(now);
    now += took;
    rate.on_batch_finished(now, size);
    double after = rate.nanos_per_chunk();
    RC_ASSERT(after >= std::min(before, sample) - 1e-6);
    RC_ASSERT(after <= std::max(before, sample) + 1e-6);
    // One batch moves the estimate at most halfway to a third or three times the old value.
    RC_ASSERT(after >= before * (2.0 / 3.0) - 1e-6);
    RC_ASSERT(after <= before * 2.0 + 1e-6);
  }
}

RC_GTEST_PROP(ChunkRate, ConvergesToASteadyTimePerChunk, ()) {
  const int64_t per_chunk = *rc::gen::inRange<int64_t>(200'000, 20'000'000);
  ChunkRate rate;
  int64_t now = 0;
  for (int i = 0; i < 600; ++i) {
    rate.on_batch_start(now);
    now += per_chunk * 4;
    rate.on_batch_finished(now, 4);
  }
  RC_ASSERT(std::abs(rate.nanos_per_chunk() - per_chunk) < per_chunk * 0.01);
  RC_ASSERT(std::abs(rate.desired_chunks_per_tick() - 7'000'000.0 / per_chunk) < 7'000'000.0 / per_chunk * 0.02);
}

}  // namespace
}  // namespace hz::bots
