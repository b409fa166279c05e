// Chunk streaming through the core's input boundary, no sockets: the spawn area is prepared, a
// player joins with real login, configuration and play bytes, and receives its view in batches
// at the pace its acknowledgements allow, nearest first; a teleport re-centres and forgets.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "sim/core/java_format.h"
#include "sim/data/catalog.h"
#include "sim/game/world/world_streaming.h"
#include "sim/world/anvil/level_data.h"
#include "sim/world/block_traits.h"
#include "tests/game/client_bytes.h"
#include "tests/game/streaming_server.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz {
namespace {

using testing::CoreHarness;
using testing::packet_id_of;
using testing::TestClient;
using testing::StreamingServer;
using testing::properties_with_view_distance;

// What one client was sent in one pass, read back from the packet bodies.
struct Received {
  std::vector<ChunkPos> centres;                  // update_view_position
  std::vector<std::vector<ChunkPos>> batches;     // map_chunk positions between start and finished
  std::vector<int32_t> batch_sizes;               // chunk_batch_finished
  std::vector<ChunkPos> forgotten;                // unload_chunk
  std::vector<const Bytes*> chunk_bodies;         // the shared map_chunk buffers
};

Received read_received(const EffectBuffer& sink, ConnId conn) {
  Received r;
  bool in_batch = false;
  for (const Effect& e : sink.effects) {
    auto* send = std::get_if<SendPacket>(&e);
    if (send == nullptr || send->conn != conn) continue;
    const Bytes& body = *send->body;
    const int32_t id = packet_id_of(body);
    if (id == packet::play_cb::UpdateViewPosition::kId) {
      auto p = decode_packet<packet::play_cb::UpdateViewPosition>(body);
      r.centres.push_back({p->chunk_x, p->chunk_z});
    } else if (id == packet::play_cb::ChunkBatchStart::kId) {
      EXPECT_FALSE(in_batch);
      in_batch = true;
      r.batches.emplace_back();
    } else if (id == packet::play_cb::MapChunk::kId) {
      EXPECT_TRUE(in_batch) << "chunk outside a batch";
      auto p = decode_packet<packet::play_cb::MapChunk>(body);
      if (in_batch) r.batches.back().push_back({p->x, p->z});
      r.chunk_bodies.push_back(send->body.get());
    } else if (id == packet::play_cb::ChunkBatchFinished::kId) {
      EXPECT_TRUE(in_batch);
      in_batch = false;
      r.batch_sizes.push_back(decode_packet<packet::play_cb::ChunkBatchFinished>(body)->batch_size);
    } else if (id == packet::play_cb::UnloadChunk::kId) {
      auto p = decode_packet<packet::play_cb::UnloadChunk>(body);
      r.forgotten.push_back({p->x, p->z});
    }
  }
  EXPECT_FALSE(in_batch);
  return r;
}

int64_t distance2(ChunkPos a, ChunkPos b) {
  return static_cast<int64_t>(a.x - b.x) * (a.x - b.x) + static_cast<int64_t>(a.z - b.z) * (a.z - b.z);
}

std::set<ChunkPos> view_members(ChunkPos centre, int radius) {
  std::set<ChunkPos> out;
  ChunkTrackingView(centre, radius).for_each([&](ChunkPos p) { out.insert(p); });
  return out;
}

// Seed 12345 has a spruce forest at the origin: the spawn is on open ground in the spawn chunk,
// where a player fits, neither on the canopy nor under it (rules/player-data.md 6.1).
TEST(WorldStreamingScenario, SpawnIsOnTheGroundInTheSpawnChunk) {
  StreamingServer s(4);
  s.prepare_spawn();
  ASSERT_TRUE(s.world().spawn_ready());
  const Vec3 spawn = s.h.core.spawn_point();
  const BlockPos block = s.world().spawn_block();
  EXPECT_EQ(spawn, (Vec3{block.x + 0.5, static_cast<double>(block.y), block.z + 0.5}));
  ASSERT_EQ(block.x >> 4, 0);
  ASSERT_EQ(block.z >> 4, 0);
  const ChunkColumn* origin = s.world().column({0, 0});
  ASSERT_NE(origin, nullptr);
  const BlockStateId ground = origin->block(block.x, block.y - 1, block.z);
  EXPECT_TRUE(has_full_top_face(ground));
  EXPECT_EQ(BlockTraits::get().flags(ground) & kFlagLeaves, 0);
  EXPECT_TRUE(player_fits(s.world().spawn_terrain(), block));
  // The first such column in x-outer, z-inner order.
  for (int x = 0; x < 16; ++x)
    for (int z = 0; z < 16; ++z) {
      if (x == block.x && z == block.z) return;
      const auto feet = respawn_position_in_column(s.world().spawn_terrain(), x, z);
      EXPECT_FALSE(feet && player_fits(s.world().spawn_terrain(), *feet)) << x << "," << z;
    }
}

TEST(WorldStreamingScenario, JoiningPlayerReceivesItsViewAtThePacedRate) {
  constexpr int kServerView = 5;
  StreamingServer s(kServerView);
  s.prepare_spawn();
  TestClient client = s.join(1, "Walker", 12);  // asks for more than the server allows

  Received first = read_received(s.h.sink, 1);
  ASSERT_FALSE(first.centres.empty());
  EXPECT_EQ(first.centres.back(), (ChunkPos{0, 0}));
  // The spawn area is ready, so the join tick sends one batch of the nine nearest chunks.
  ASSERT_EQ(first.batches.size(), 1u);
  EXPECT_EQ(first.batch_sizes, std::vector<int32_t>{9});
  for (ChunkPos p : first.batches[0]) EXPECT_LE(distance2(p, {0, 0}), 2);

  std::set<ChunkPos> received(first.batches[0].begin(), first.batches[0].end());
  // Without an acknowledgement nothing more is sent, however many chunks become ready.
  for (int i = 0; i < 300 && s.jobs.unfinished() > 0; ++i) {
    s.pass();
    EXPECT_TRUE(read_received(s.h.sink, 1).batches.empty()) << "pass " << i;
  }
  const std::set<ChunkPos> view = view_members({0, 0}, kServerView);
  for (ChunkPos p : view) ASSERT_TRUE(s.world().column(p) != nullptr) << p.x << "," << p.z;

  // The acknowledgement asks for 4 a tick: quota 1 + 4 capped at 4, then batches of 4 each tick
  // until ten are unacknowledged.
  client.packet(packet::play_sb::ChunkBatchReceived{4.0f});
  s.pass({client.take()});
  std::vector<int32_t> sizes;
  for (int i = 0; i < 12; ++i) {
    Received r = read_received(s.h.sink, 1);
    for (size_t b = 0; b < r.batches.size(); ++b) {
      sizes.push_back(r.batch_sizes[b]);
      EXPECT_EQ(r.batches[b].size(), static_cast<size_t>(r.batch_sizes[b]));
      for (size_t k = 1; k < r.batches[b].size(); ++k)
        EXPECT_LE(distance2(r.batches[b][k - 1], {0, 0}), distance2(r.batches[b][k], {0, 0}));
      for (ChunkPos p : r.batches[b]) {
        EXPECT_TRUE(view.count(p));
        EXPECT_TRUE(received.insert(p).second) << "sent twice";
      }
    }
    s.pass();
  }
  EXPECT_EQ(sizes, std::vector<int32_t>(10, 4));

  // A client that acknowledges the ten outstanding batches, then every batch at once, gets the
  // rest of its view.
  for (int i = 0; i < 10; ++i) client.packet(packet::play_sb::ChunkBatchReceived{9.0f});
  s.pass({client.take()});
  for (int i = 0; i < 100 && received.size() < view.size(); ++i) {
    Received r = read_received(s.h.sink, 1);
    for (const auto& batch : r.batches) {
      for (ChunkPos p : batch) EXPECT_TRUE(received.insert(p).second);
      client.packet(packet::play_sb::ChunkBatchReceived{9.0f});
    }
    s.pass({client.take()});
  }
  EXPECT_EQ(received, view);
  EXPECT_EQ(view.size(), 157u);
}

TEST(WorldStreamingScenario, EveryPlayerGetsTheSameEncodedChunk) {
  StreamingServer s(3);
  s.prepare_spawn();
  s.join(1, "First", 3);
  const Received a = read_received(s.h.sink, 1);
  s.join(2, "Second", 3);
  const Received b = read_received(s.h.sink, 2);
  ASSERT_EQ(a.chunk_bodies.size(), 9u);
  ASSERT_EQ(b.chunk_bodies.size(), 9u);
  std::set<const Bytes*> first(a.chunk_bodies.begin(), a.chunk_bodies.end());
  for (const Bytes* body : b.chunk_bodies) EXPECT_TRUE(first.count(body)) << "encoded again for the second player";
}

TEST(WorldStreamingScenario, TeleportRecentresAndForgetsWhatLeftTheView) {
  constexpr int kView = 3;
  StreamingServer s(kView);
  s.prepare_spawn();
  TestClient client = s.join(1, "Jumper", kView);
  std::set<ChunkPos> held;
  for (int i = 0; i < 400; ++i) {
    Received r = read_received(s.h.sink, 1);
    for (const auto& batch : r.batches) {
      held.insert(batch.begin(), batch.end());
      client.packet(packet::play_sb::ChunkBatchReceived{9.0f});
    }
    if (held.size() == view_members({0, 0}, kView).size() && s.jobs.unfinished() == 0) break;
    s.pass({client.take()});
  }
  ASSERT_EQ(held, view_members({0, 0}, kView));

  // Two chunks east: the centre packet comes first, then forgets for the chunks that left.
  s.h.sink.clear();
  s.h.core.teleport_player(1, PlayerPlacement{40.5, 100.0, 8.5, 0, 0});
  const Received moved = read_received(s.h.sink, 1);
  ASSERT_EQ(moved.centres, std::vector<ChunkPos>{(ChunkPos{2, 0})});
  std::set<ChunkPos> left;
  for (ChunkPos p : held)
    if (!view_members({2, 0}, kView).count(p)) left.insert(p);
  EXPECT_EQ(std::set<ChunkPos>(moved.forgotten.begin(), moved.forgotten.end()), left);
  // In scan order: x outer, z inner.
  EXPECT_TRUE(std::is_sorted(moved.forgotten.begin(), moved.forgotten.end()));
  // The forget packet carries z before x on the wire.
  for (const Effect& e : s.h.sink.effects)
    if (auto* send = std::get_if<SendPacket>(&e); send && packet_id_of(*send->body) == packet::play_cb::UnloadChunk::kId) {
      ByteReader r(*send->body);
      r.varint();
      const int32_t first = r.i32();
      const int32_t second = r.i32();
      EXPECT_EQ(ChunkPos({second, first}), moved.forgotten.front());
      break;
    }
}

TEST(WorldStreamingScenario, SaveAllWritesDirtyChunksThenTheLevelFiles) {
  StreamingServer s(3);
  s.prepare_spawn();
  s.h.sink.clear();
  s.h.iterate(0, {ConsoleLine{"save-all flush"}});
  std::vector<ChunkPos> chunks;
  std::vector<std::string> files;
  bool flushed_last = false;
  for (const Effect& e : s.h.sink.effects) {
    if (auto* job = std::get_if<SubmitJob>(&e)) {
      flushed_last = job->kind == kJobKindStorageFlush;
      if (job->kind == kJobKindChunkWrite) chunks.push_back(anvil::decode_request(job->kind, job->request)->address.pos);
    } else if (auto* write = std::get_if<StorageWrite>(&e)) {
      files.push_back(write->path);
      if (write->path == "level.dat") {
        auto level = anvil::decode_level_dat(write->bytes);
        ASSERT_TRUE(level.ok()) << level.error();
        EXPECT_EQ(level->spawn.x, static_cast<int>(std::floor(s.h.core.spawn_point().x)));
        EXPECT_EQ(level->spawn.y, static_cast<int>(s.h.core.spawn_point().y));
        EXPECT_EQ(level->spawn.z, static_cast<int>(std::floor(s.h.core.spawn_point().z)));
        EXPECT_EQ(level->time, s.h.core.tick_count());
      }
      if (write->path == "data/minecraft/world_gen_settings.dat") {
        EXPECT_EQ(anvil::decode_world_gen_settings(write->bytes)->seed, 12345);
      }
    }
  }
  // The spawn area was generated, so all nine chunks are dirty: written in position order.
  std::vector<ChunkPos> spawn_area;
  for (int x = -1; x <= 1; ++x)
    for (int z = -1; z <= 1; ++z) spawn_area.push_back({x, z});
  EXPECT_EQ(chunks, spawn_area);
  EXPECT_EQ(files, (std::vector<std::string>{"data/minecraft/world_gen_settings.dat", "data/minecraft/game_rules.dat",
                                             "data/minecraft/weather.dat", "data/minecraft/world_clocks.dat",
                                             "level.dat"}));
  EXPECT_TRUE(flushed_last);

  // Nothing changed since: the next save writes no chunk.
  s.jobs.take_jobs(s.h.sink.effects);
  s.h.sink.clear();
  s.h.iterate(0, {ConsoleLine{"save-all"}});
  for (const Effect& e : s.h.sink.effects)
    if (auto* job = std::get_if<SubmitJob>(&e)) {
      EXPECT_NE(job->kind, kJobKindChunkWrite);
    }
}

}  // namespace
}  // namespace hz
