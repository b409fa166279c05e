// The chunk sender against a reference model written from spec section 4 (vanilla's
// PlayerChunkSender): random pending marks and drops, ticks from moving player chunks with
// chunks that cannot be sent yet, and acknowledgements at random times with any desired rate
// (NaN, zero, negative, tiny, above 64, infinite).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include "sim/game/world/chunk_sender.h"

namespace hz {
namespace {

struct SenderModel {
  std::set<ChunkPos> pending;
  float desired = 9.0f;
  float quota = 0.0f;
  int unacknowledged = 0;
  int max_unacknowledged = 1;

  bool drop(ChunkPos p) { return pending.erase(p) == 0; }

  void acknowledge(float f) {
    unacknowledged -= 1;
    if (std::isnan(f)) desired = 0.01f;
    else if (f < 0.01f) desired = 0.01f;
    else desired = std::min(f, 64.0f);
    if (unacknowledged == 0) quota = 1.0f;
    max_unacknowledged = 10;
  }

  // sendNextChunks. Vanilla leaves the order among equally distant chunks open; Horizon orders
  // them by x, then z, which the model follows so batches can be compared exactly.
  std::vector<ChunkPos> tick(ChunkPos player, const std::set<ChunkPos>& sendable) {
    if (unacknowledged >= max_unacknowledged) return {};
    quota = std::min(quota + desired, std::max(1.0f, desired));
    if (quota < 1.0f || pending.empty()) return {};
    const auto limit = static_cast<size_t>(std::floor(quota));
    std::vector<ChunkPos> order(pending.begin(), pending.end());
    std::stable_sort(order.begin(), order.end(), [&](ChunkPos a, ChunkPos b) {
      auto d = [&](ChunkPos c) {
        return static_cast<long long>(c.x - player.x) * (c.x - player.x) +
               static_cast<long long>(c.z - player.z) * (c.z - player.z);
      };
      return d(a) < d(b);
    });
    if (order.size() > limit) order.resize(limit);
    std::vector<ChunkPos> batch;
    for (ChunkPos p : order)
      if (sendable.count(p)) batch.push_back(p);
    if (batch.empty()) return batch;
    for (ChunkPos p : batch) pending.erase(p);
    unacknowledged += 1;
    quota -= static_cast<float>(batch.size());
    return batch;
  }
};

float random_rate() {
  return *rc::gen::oneOf(rc::gen::element(std::numeric_limits<float>::quiet_NaN(), 0.0f, -0.0f, -3.5f, 0.005f,
                                          0.01f, 0.3f, 1.0f, 3.5f, 9.0f, 63.9f, 64.0f, 64.5f, 1000.0f,
                                          std::numeric_limits<float>::infinity(),
                                          -std::numeric_limits<float>::infinity()),
                         rc::gen::map(rc::gen::inRange(-100000, 100000), [](int v) { return v / 1000.0f; }));
}

ChunkPos random_chunk() { return {*rc::gen::inRange(-6, 7), *rc::gen::inRange(-6, 7)}; }

void expect_same(const PlayerChunkSender& s, const SenderModel& m) {
  RC_ASSERT(s.pending_count() == m.pending.size());
  RC_ASSERT(s.unacknowledged_batches() == m.unacknowledged);
  RC_ASSERT(s.max_unacknowledged_batches() == m.max_unacknowledged);
  // Bit-equal floats: both follow the same float arithmetic (NaN never reaches them).
  RC_ASSERT(s.desired_chunks_per_tick() == m.desired);
  RC_ASSERT(s.batch_quota() == m.quota);
}

RC_GTEST_PROP(WorldChunkSender, FollowsTheReferenceModel, ()) {
  PlayerChunkSender sender;
  SenderModel model;
  std::set<ChunkPos> sendable;
  for (int x = -6; x <= 6; ++x)
    for (int z = -6; z <= 6; ++z)
      if (*rc::gen::inRange(0, 5) != 0) sendable.insert({x, z});
  ChunkPos player{0, 0};
  const int steps = *rc::gen::inRange(1, 150);
  for (int i = 0; i < steps; ++i) {
    switch (*rc::gen::inRange(0, 7)) {
      case 0:
      case 1: {  // chunks enter the view
        const int n = *rc::gen::inRange(1, 30);
        for (int k = 0; k < n; ++k) {
          const ChunkPos p = random_chunk();
          sender.mark_pending(p);
          model.pending.insert(p);
          RC_ASSERT(sender.is_pending(p));
        }
        break;
      }
      case 2: {  // a chunk leaves the view
        const ChunkPos p = random_chunk();
        RC_ASSERT(sender.drop(p) == model.drop(p));
        break;
      }
      case 3:  // the client acknowledges a batch (possibly one never sent)
        if (model.unacknowledged > 0 || *rc::gen::inRange(0, 10) == 0) {
          const float f = random_rate();
          sender.on_batch_received(f);
          model.acknowledge(f);
        }
        break;
      case 4:  // the player walks
        player = random_chunk();
        break;
      default: {  // a tick ends: the sender sends what it may
        auto got = sender.next_batch(player, [&](ChunkPos p) { return sendable.count(p) > 0; });
        auto want = model.tick(player, sendable);
        RC_ASSERT(got == want);
        break;
      }
    }
    expect_same(sender, model);
  }
}

TEST(WorldChunkSender, FirstBatchIsNineThenWaitsForTheAcknowledgement) {
  PlayerChunkSender s;
  for (int x = -5; x <= 5; ++x)
    for (int z = -5; z <= 5; ++z) s.mark_pending({x, z});
  auto all = [](ChunkPos) { return true; };
  auto first = s.next_batch({0, 0}, all);
  ASSERT_EQ(first.size(), 9u);
  EXPECT_EQ(first.front(), (ChunkPos{0, 0}));
  for (size_t i = 1; i < first.size(); ++i) {
    auto d = [](ChunkPos p) { return p.x * p.x + p.z * p.z; };
    EXPECT_LE(d(first[i - 1]), d(first[i]));
  }
  EXPECT_TRUE(s.next_batch({0, 0}, all).empty());  // one unacknowledged batch at first
  s.on_batch_received(2.5f);
  EXPECT_EQ(s.next_batch({0, 0}, all).size(), 2u);  // quota 1 + 2.5, capped at 2.5
  EXPECT_EQ(s.next_batch({0, 0}, all).size(), 2u);  // 0.5 + 2.5 = 3, capped at 2.5
  EXPECT_EQ(s.max_unacknowledged_batches(), 10);
}

TEST(WorldChunkSender, SlowRateSendsOneChunkEveryFewTicks) {
  PlayerChunkSender s;
  for (int x = 0; x < 20; ++x) s.mark_pending({x, 0});
  auto all = [](ChunkPos) { return true; };
  ASSERT_EQ(s.next_batch({0, 0}, all).size(), 9u);
  s.on_batch_received(0.25f);  // quota reset to 1 by the acknowledgement
  EXPECT_EQ(s.next_batch({0, 0}, all).size(), 1u);
  s.on_batch_received(0.25f);
  int sent = 0;
  for (int tick = 0; tick < 8; ++tick) sent += static_cast<int>(s.next_batch({0, 0}, all).size());
  EXPECT_EQ(sent, 2);  // one at once (the acknowledgement reset the quota to 1), one four ticks later
}

TEST(WorldChunkSender, NanAndOutOfRangeRatesAreClamped) {
  PlayerChunkSender s;
  s.on_batch_received(std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(s.desired_chunks_per_tick(), 0.01f);
  s.on_batch_received(-4.0f);
  EXPECT_EQ(s.desired_chunks_per_tick(), 0.01f);
  s.on_batch_received(500.0f);
  EXPECT_EQ(s.desired_chunks_per_tick(), 64.0f);
  EXPECT_EQ(s.unacknowledged_batches(), -3);  // vanilla does not stop at zero
}

}  // namespace
}  // namespace hz
