// The shell's worker pool running real generation jobs on real threads: results reach the inbox
// in whatever order the threads finish, and the chunks are the same with one, two and four.
#include <gtest/gtest.h>

#include <map>

#include "server/jobs/job_router.h"
#include "server/jobs/worker_pool.h"
#include "sim/core/hash.h"
#include "sim/game/world/world_chunks.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz {
namespace {


// Storage that has nothing: every read is answered "absent" at once.
void answer_absent(Inbox& inbox, const SubmitJob& job) {
  anvil::StorageResult result;
  result.kind = static_cast<anvil::StorageJobKind>(job.kind);
  result.outcome = job.kind == kJobKindChunkRead ? anvil::StorageOutcome::kAbsent : anvil::StorageOutcome::kDone;
  inbox.push(JobCompleted{job.job, anvil::encode_result(result)});
}

// Generates the chunks in [from, to]^2 for `seed` with `threads` workers; content hash per chunk.
std::map<ChunkPos, uint64_t> generate_with_pool(uint64_t seed, int from, int to, int threads) {
  EffectBuffer effects;
  WorldChunks chunks(WorldChunksSettings{.seed = seed}, effects);
  Inbox inbox;
  JobRouter router(
      inbox, threads, [&inbox](SubmitJob job) { answer_absent(inbox, job); }, [](StorageWrite) {});
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

TEST(WorldWorkerPool, StorageJobsAndFilesGoToStorageInOrder) {
  Inbox inbox;
  std::vector<JobId> storage_jobs;
  std::vector<std::string> files;
  JobRouter router(
      inbox, 2, [&](SubmitJob job) { storage_jobs.push_back(job.job); },
      [&](StorageWrite write) { files.push_back(write.path); });
  anvil::StorageRequest read;
  read.address.pos = {7, -2};
  router.submit(anvil::storage_job(1, read));
  anvil::StorageRequest write = read;
  write.kind = anvil::StorageJobKind::kWriteChunk;
  write.nbt = {1, 2, 3};
  router.submit(anvil::storage_job(2, write));
  router.write_file(StorageWrite{"level.dat", {4, 5}, true});
  anvil::StorageRequest flush;
  flush.kind = anvil::StorageJobKind::kFlush;
  router.submit(anvil::storage_job(3, flush));
  EXPECT_EQ(storage_jobs, (std::vector<JobId>{1, 2, 3}));
  EXPECT_EQ(files, std::vector<std::string>{"level.dat"});
  EXPECT_EQ(router.unfinished_generation_jobs(), 0u);
}

TEST(WorldWorkerPool, ThreadCountDefaultsToOneFewerThanTheCores) {
  EXPECT_EQ(resolve_worker_threads(0, 8), 7);
  EXPECT_EQ(resolve_worker_threads(0, 1), 1);
  EXPECT_EQ(resolve_worker_threads(0, 0), 1);
  EXPECT_EQ(resolve_worker_threads(3, 8), 3);
}

}  // namespace
}  // namespace hz
