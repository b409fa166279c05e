// The chunk map: generation through jobs gives the same chunks whatever order results arrive in
// (a pinned hash of the 256 chunks around spawn for seed 12345, with one, two and four simulated
// workers), storage is read before generating, and chunks nobody wants are saved and unloaded.
#include <gtest/gtest.h>

#include <map>

#include "sim/core/hash.h"
#include "sim/game/world/world_chunks.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz {
namespace {


struct World {
  EffectBuffer effects;
  WorldChunks chunks;
  SimulatedJobs jobs;
  explicit World(uint64_t seed, int workers = 2, uint64_t order = 1)
      : chunks(WorldChunksSettings{.seed = seed}, effects), jobs(workers, order) {}

  // Ticks and feeds results back in batches of 1..8 until `done` holds (or nothing is left).
  template <typename Done>
  void run_until(Done&& done, uint64_t batch_seed = 7) {
    Rng rng(batch_seed);
    for (int guard = 0; guard < 200000 && !done(); ++guard) {
      chunks.tick(0);
      jobs.take_jobs(effects.effects);
      auto finished = jobs.finish(1 + rng.next_below(8));
      if (finished.empty() && jobs.unfinished() == 0) {
        chunks.tick(0);
        jobs.take_jobs(effects.effects);
        if (jobs.unfinished() == 0) return;  // stuck: let the test's expectations fail
      }
      for (const JobCompleted& c : finished) EXPECT_TRUE(chunks.on_job_completed(c));
    }
  }
  std::vector<std::string> logs() const { return effects.logs(); }
};

uint64_t spawn_square_hash(int workers, uint64_t order) {
  World w(12345, workers, order);
  for (int x = -8; x <= 7; ++x)
    for (int z = -8; z <= 7; ++z) w.chunks.want({x, z}, std::max(std::abs(x), std::abs(z)));
  w.run_until([&] { return w.chunks.loaded_count() == 256; }, order);
  EXPECT_EQ(w.chunks.loaded_count(), 256u);
  Hasher h;  // x outer, z inner, as std::map orders ChunkPos
  for (int x = -8; x <= 7; ++x)
    for (int z = -8; z <= 7; ++z) {
      const ChunkColumn* c = w.chunks.ready_column({x, z});
      if (c == nullptr) return 0;
      h.u64(c->content_hash());
    }
  return h.digest();
}

// Computed by this pipeline (jobs serialized to bytes and back) and pinned to catch accidental
// changes; it equals the generator's own pinned hash in tests/world, as it should: serializing
// jobs must not change a chunk. A deliberate change to generation updates both.
constexpr uint64_t kSpawnSquareHash = 0x399dc35c8ea6770bull;

TEST(WorldChunks, SpawnSquareIsTheSameWithOneTwoAndFourWorkers) {
  EXPECT_EQ(spawn_square_hash(1, 1), kSpawnSquareHash);
  EXPECT_EQ(spawn_square_hash(2, 2), kSpawnSquareHash);
  EXPECT_EQ(spawn_square_hash(4, 3), kSpawnSquareHash);
}

TEST(WorldChunks, ReadsStorageFirstAndGeneratesOnlyAbsentChunks) {
  World w(99);
  w.chunks.want({0, 0}, 0);
  w.run_until([&] { return w.chunks.is_ready({0, 0}); });
  ASSERT_TRUE(w.chunks.is_ready({0, 0}));
  const uint64_t original = w.chunks.ready_column({0, 0})->content_hash();
  EXPECT_EQ(w.jobs.reads, 1);
  EXPECT_EQ(w.jobs.writes, 0);

  // Nobody wants it: the next tick saves it (it was generated, so dirty) and unloads it.
  w.chunks.unwant({0, 0});
  EXPECT_TRUE(w.chunks.is_ready({0, 0}));  // unloading waits for the tick
  w.chunks.tick(100);
  w.jobs.take_jobs(w.effects.effects);
  EXPECT_FALSE(w.chunks.is_ready({0, 0}));
  EXPECT_EQ(w.jobs.writes, 1);
  ASSERT_EQ(w.jobs.stored.count({0, 0}), 1u);

  // Wanted again: it comes back from storage, identical, without any generation job.
  w.jobs.finish(1000);  // retire what is queued
  const size_t generated_before = w.chunks.graph().node_count();
  w.chunks.want({0, 0}, 0);
  w.jobs.take_jobs(w.effects.effects);
  for (const JobCompleted& c : w.jobs.finish(1000)) w.chunks.on_job_completed(c);
  ASSERT_TRUE(w.chunks.is_ready({0, 0}));
  EXPECT_EQ(w.chunks.ready_column({0, 0})->content_hash(), original);
  EXPECT_EQ(w.jobs.reads, 2);
  EXPECT_EQ(w.chunks.generation_jobs_in_flight(), 0u);
  EXPECT_LE(w.chunks.graph().node_count(), generated_before);

  // Loaded from storage and unchanged: not dirty, so unloading writes nothing.
  w.chunks.unwant({0, 0});
  w.chunks.tick(200);
  w.jobs.take_jobs(w.effects.effects);
  EXPECT_EQ(w.jobs.writes, 1);
}

TEST(WorldChunks, ResultsForChunksNoLongerWantedAreDropped) {
  World w(5);
  w.chunks.want({3, 3}, 0);
  w.chunks.unwant({3, 3});  // while its read is out
  w.chunks.want({4, 4}, 0);
  w.run_until([&] { return w.chunks.is_ready({4, 4}); });
  EXPECT_FALSE(w.chunks.is_ready({3, 3}));
  w.chunks.unwant({4, 4});  // a neighbour's jobs may still be running for it
  w.chunks.want({3, 3}, 0);
  w.run_until([&] { return w.chunks.is_ready({3, 3}); });
  EXPECT_TRUE(w.chunks.is_ready({3, 3}));
  w.run_until([] { return false; });
  EXPECT_EQ(w.chunks.generation_jobs_in_flight(), 0u);
  EXPECT_EQ(w.chunks.loaded_count(), 1u);
}

TEST(WorldChunks, UnreadableStoredChunkIsLoggedAndRegenerated) {
  World w(11);
  w.chunks.want({1, 2}, 0);
  w.run_until([&] { return w.chunks.is_ready({1, 2}); });
  const uint64_t generated = w.chunks.ready_column({1, 2})->content_hash();
  w.chunks.unwant({1, 2});
  w.chunks.tick(0);
  w.jobs.take_jobs(w.effects.effects);
  w.jobs.finish(1000);
  w.jobs.stored[{1, 2}] = Bytes{10, 0, 0, 3, 1, 2};  // not a chunk
  w.chunks.want({1, 2}, 0);
  w.run_until([&] { return w.chunks.is_ready({1, 2}); });
  ASSERT_TRUE(w.chunks.is_ready({1, 2}));
  EXPECT_EQ(w.chunks.ready_column({1, 2})->content_hash(), generated);
  bool logged = false;
  for (const std::string& line : w.logs()) logged |= line.find("Couldn't load chunk [1, 2]") != std::string::npos;
  EXPECT_TRUE(logged);
}

TEST(WorldChunks, SaveAllWritesEachDirtyChunkOnceInPositionOrder) {
  World w(3);
  for (int x = 0; x < 3; ++x)
    for (int z = 0; z < 2; ++z) w.chunks.want({2 - x, z}, 0);
  w.run_until([&] { return w.chunks.loaded_count() == 6; });
  ASSERT_EQ(w.chunks.loaded_count(), 6u);
  w.effects.effects.clear();
  EXPECT_EQ(w.chunks.save_all(42, false), 0u);
  std::vector<ChunkPos> order;
  for (const Effect& e : w.effects.effects)
    if (auto* job = std::get_if<SubmitJob>(&e); job && job->kind == kJobKindChunkWrite)
      order.push_back(anvil::decode_request(job->kind, job->request)->address.pos);
  const std::vector<ChunkPos> expected{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}};
  EXPECT_EQ(order, expected);
  w.effects.effects.clear();
  EXPECT_NE(w.chunks.save_all(43, true), 0u);
  // Nothing changed since: only the flush.
  ASSERT_EQ(w.effects.effects.size(), 1u);
  EXPECT_EQ(std::get<SubmitJob>(w.effects.effects[0]).kind, kJobKindStorageFlush);
}

TEST(WorldChunks, TheFlushListenerHearsOnlyWhenStorageReportsTheFlushDone) {
  World w(5);
  w.chunks.want({0, 0}, 0);
  w.run_until([&] { return w.chunks.is_ready({0, 0}); });
  std::vector<JobId> flushed;
  w.chunks.set_flush_listener([&](JobId job) { flushed.push_back(job); });
  const JobId job = w.chunks.save_all(7, true);
  EXPECT_TRUE(flushed.empty());  // the write and the flush are only submitted
  w.run_until([&] { return !flushed.empty(); });
  EXPECT_EQ(flushed, std::vector<JobId>{job});
  EXPECT_EQ(w.chunks.jobs_in_flight(), 0u);
}

// The chunk map's hash covers what its loaded chunks hold, not only which are loaded: a chunk
// read from storage with one block different must change it, the same bytes must not.
TEST(WorldChunks, HashCoversTheContentsOfLoadedChunks) {
  World source(21);
  source.chunks.want({0, 0}, 0);
  source.run_until([&] { return source.chunks.is_ready({0, 0}); });
  source.chunks.unwant({0, 0});
  source.chunks.tick(0);
  source.jobs.take_jobs(source.effects.effects);
  ASSERT_EQ(source.jobs.stored.count({0, 0}), 1u);
  const Bytes original = source.jobs.stored.at({0, 0});
  auto decoded = anvil::decode_chunk(original, {0, 0});
  ASSERT_TRUE(decoded.ok()) << decoded.error();
  const BlockStateId top = decoded->column.block(5, 200, 5);
  decoded->column.set_block(5, 200, 5, top == 1 ? 2 : 1);
  decoded->column.set_light(decoded->column.light());  // the same light: only the block differs
  const Bytes changed = anvil::encode_chunk(decoded->column, decoded->extras);
  ASSERT_NE(changed, original);

  auto load = [](const Bytes& nbt) {
    World w(21);
    w.jobs.stored[{0, 0}] = nbt;
    w.chunks.want({0, 0}, 0);
    w.run_until([&] { return w.chunks.is_ready({0, 0}); });
    EXPECT_TRUE(w.chunks.is_ready({0, 0}));
    EXPECT_EQ(w.chunks.graph().node_count(), 0u) << "loaded, not regenerated";
    return w.chunks.hash();
  };
  const uint64_t a = load(original);
  EXPECT_EQ(load(original), a);
  EXPECT_NE(load(changed), a);
}

}  // namespace
}  // namespace hz
