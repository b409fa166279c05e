// The shell's worker pool running real generation jobs on real threads: results reach the inbox
// in whatever order the threads finish, and the chunks are the same with one, two and four.
#include <gtest/gtest.h>

#include <map>

#include "sim/core/hash.h"
#include "sim/game/world/world_chunks.h"
#include "tests/game/world_simulated_jobs.h"

// The game test binary links the core only; the pool and router are small and depend on nothing
// else of the shell, so they are compiled in here.
#include "server/jobs/job_router.cpp"
#include "server/jobs/memory_chunk_store.cpp"
#include "server/jobs/worker_pool.cpp"

namespace hz {
namespace {

using testing::settings_for;

// Generates the chunks in [from, to]^2 for `seed` with `threads` workers; content hash per chunk.
std::map<ChunkPos, uint64_t> generate_with_pool(uint64_t seed, int from, int to, int threads) {
  testing::EffectList effects;
  WorldChunks chunks(settings_for(seed), effects);
  Inbox inbox;
  MemoryChunkStore store;
  JobRouter router(inbox, threads, store);
  EXPECT_EQ(router.worker_threads(), threads);
  size_t wanted = 0;
  for (int x = from; x <= to; ++x)
    for (int z = from; z <= to; ++z, ++wanted) chunks.want({x, z}, 0);
  for (int guard = 0; guard < 100000 && chunks.loaded_count() < wanted; ++guard) {
    chunks.tick(0);
    for (Effect& e : effects.effects)
      if (auto* job = std::get_if<SubmitJob>(&e)) router.submit(std::move(*job));
    effects.effects.clear();
    std::vector<Input> done = inbox.take();
    if (done.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    for (const Input& in : done) chunks.on_job_completed(std::get<JobCompleted>(in));
  }
  std::map<ChunkPos, uint64_t> out;
  for (int x = from; x <= to; ++x)
    for (int z = from; z <= to; ++z)
      if (const ChunkColumn* c = chunks.ready_column({x, z})) out[{x, z}] = c->content_hash();
  return out;
}

TEST(WorldWorkerPool, SameChunksWithOneTwoAndFourThreads) {
  const auto one = generate_with_pool(12345, -3, 3, 1);
  ASSERT_EQ(one.size(), 49u);
  EXPECT_EQ(generate_with_pool(12345, -3, 3, 2), one);
  EXPECT_EQ(generate_with_pool(12345, -3, 3, 4), one);
}

TEST(WorldWorkerPool, StorageJobsRunInSubmissionOrder) {
  Inbox inbox;
  MemoryChunkStore store;
  JobRouter router(inbox, 2, store);
  ChunkWriteRequest write{{7, -2}, false, Bytes{1, 2, 3, 4}};
  router.submit(SubmitJob{1, kJobKindChunkWrite, encode_chunk_write_request(write)});
  router.submit(SubmitJob{2, kJobKindChunkRead, encode_chunk_read_request({7, -2})});
  router.submit(SubmitJob{3, kJobKindChunkRead, encode_chunk_read_request({8, -2})});
  router.drain_storage();
  std::map<JobId, Bytes> results;
  for (Input& in : inbox.take()) {
    auto& done = std::get<JobCompleted>(in);
    results[done.job] = done.result;
  }
  ASSERT_EQ(results.size(), 3u);
  auto found = decode_chunk_read_result(results[2]);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->outcome, ChunkReadResult::Outcome::kFound);
  EXPECT_EQ(found->nbt, write.nbt);
  EXPECT_EQ(decode_chunk_read_result(results[3])->outcome, ChunkReadResult::Outcome::kAbsent);
}

TEST(WorldWorkerPool, ThreadCountDefaultsToOneFewerThanTheCores) {
  EXPECT_EQ(resolve_worker_threads(0, 8), 7);
  EXPECT_EQ(resolve_worker_threads(0, 1), 1);
  EXPECT_EQ(resolve_worker_threads(0, 0), 1);
  EXPECT_EQ(resolve_worker_threads(3, 8), 3);
}

}  // namespace
}  // namespace hz
