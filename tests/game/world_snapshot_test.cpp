// Snapshots of the world's smaller pieces (docs/simulation.md "Snapshots"): a chunk sender, the
// loading tickets, the simulation chunks, the block-change batch and light settling read back
// from a snapshot go on exactly as the originals. The world part itself is not declared yet.
#include <gtest/gtest.h>

#include <vector>

#include "sim/game/snapshot/state_io.h"
#include "sim/game/world/block_change_batch.h"
#include "sim/game/world/chunk_sender.h"
#include "sim/game/world/light_settling.h"
#include "sim/game/world/simulation_chunks.h"
#include "sim/game/world/tracking_view.h"
#include "tests/game/snapshot_bytes.h"

namespace hz {
namespace {

using testing::read_into;
using testing::state_bytes;

TEST(WorldSnapshot, AChunkSenderSendsTheSameBatchesAfterARestore) {
  PlayerChunkSender a;
  for (int x = -6; x <= 6; ++x)
    for (int z = -6; z <= 6; ++z) a.mark_pending({x, z});
  a.on_batch_received(3.5f);
  const auto sendable = [](ChunkPos pos) { return (pos.x + pos.z) % 5 != 0; };
  (void)a.next_batch({0, 0}, sendable);
  PlayerChunkSender b;
  ASSERT_TRUE(read_into(state_bytes(a), b));
  EXPECT_EQ(b.pending_count(), a.pending_count());
  EXPECT_EQ(b.batch_quota(), a.batch_quota());
  for (int batch = 0; batch < 12; ++batch) {
    const ChunkPos centre{batch % 3, -batch % 4};
    ASSERT_EQ(b.next_batch(centre, sendable), a.next_batch(centre, sendable)) << batch;
    if (batch % 2) a.on_batch_received(1.25f * batch), b.on_batch_received(1.25f * batch);
  }
  // The pending set is written sorted: two senders with the same chunks write the same bytes.
  PlayerChunkSender c;
  for (int x = 6; x >= -6; --x)
    for (int z = 6; z >= -6; --z) c.mark_pending({x, z});
  PlayerChunkSender d;
  for (int x = -6; x <= 6; ++x)
    for (int z = -6; z <= 6; ++z) d.mark_pending({x, z});
  EXPECT_EQ(state_bytes(c), state_bytes(d));
}

TEST(WorldSnapshot, SimulationChunksFollowPlayersAlikeAfterARestore) {
  SimulationChunks a(5);
  a.add_player({0, 0});
  a.add_player({3, -2});
  a.move_player({0, 0}, {1, 1});
  SimulationChunks b(2);
  ASSERT_TRUE(read_into(state_bytes(a), b));
  EXPECT_EQ(b.hash(), a.hash());
  EXPECT_EQ(b.radius(), a.radius());
  for (ChunkPos pos : {ChunkPos{9, 9}, ChunkPos{1, 1}, ChunkPos{3, -2}, ChunkPos{-4, 0}})
    EXPECT_EQ(b.contains(pos), a.contains(pos));
  for (SimulationChunks* s : {&a, &b}) s->move_player({3, -2}, {20, 20}), s->remove_player({1, 1});
  EXPECT_EQ(b.chunks(), a.chunks());
  EXPECT_EQ(b.hash(), a.hash());
}

TEST(WorldSnapshot, TrackingViewsBatchesAndLightChangesComeBack) {
  ChunkTrackingView view({4, -7}, 6);
  ChunkTrackingView read_view;
  ASSERT_TRUE(read_into(state_bytes(view), read_view));
  EXPECT_EQ(read_view, view);
  ChunkTrackingView none;
  ASSERT_TRUE(read_into(state_bytes(none), read_view));
  EXPECT_FALSE(read_view.is_positioned());

  BlockChangeBatch batch;
  batch.record({5, 70, -3});
  batch.record({5, 71, -3});
  batch.record({40, -60, 2});
  BlockChangeBatch read_batch;
  ASSERT_TRUE(read_into(state_bytes(batch), read_batch));
  EXPECT_EQ(read_batch.hash(), batch.hash());

  LightSettling light;
  light.on_block_changed({3, 64, 9, 1});
  light.on_block_changed({-20, 5, 30, 0});
  LightSettling read_light;
  ASSERT_TRUE(read_into(state_bytes(light), read_light));
  EXPECT_EQ(read_light.hash(), light.hash());
  EXPECT_EQ(read_light.unsettled(), light.unsettled());
}

}  // namespace
}  // namespace hz
