// The replayer's pure jobs run ahead on a worker: every result is the one the job gives when run
// directly, whichever order the results are asked for in and whichever thread ran them.
#include <gtest/gtest.h>

#include <algorithm>

#include "replay/replayer/ahead_jobs.h"
#include "sim/core/rng.h"
#include "sim/world/generation_job.h"
#include "sim/world/jobs.h"

namespace hz {
namespace {

SubmitJob noise_job(JobId id) {
  GenerationJob job;
  job.ticket = id;
  job.pos = {static_cast<int32_t>(id % 7) - 3, static_cast<int32_t>(id / 7) - 2};
  job.stage = ChunkStatus::kNoise;
  job.seed = 12345;
  return SubmitJob{id, kGenerationJobKind, encode_generation_job(job)};
}

TEST(AheadJobs, ResultsAreTheJobsOwnInAnyOrderAsked) {
  std::vector<SubmitJob> jobs;
  for (JobId id = 1; id <= 24; ++id) jobs.push_back(noise_job(id));
  std::vector<Bytes> direct;
  for (const SubmitJob& job : jobs) direct.push_back(run_world_job(job.kind, job.request));

  for (uint64_t seed : {1u, 2u, 3u}) {
    AheadJobs ahead;
    for (const SubmitJob& job : jobs) ahead.start(job);
    std::vector<size_t> order(jobs.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    Rng rng(seed);
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.next_below(static_cast<uint32_t>(i))]);
    for (size_t i : order) {
      ASSERT_TRUE(ahead.kind(jobs[i].job).has_value());
      EXPECT_EQ(*ahead.kind(jobs[i].job), kGenerationJobKind);
      EXPECT_EQ(ahead.take(jobs[i].job), direct[i]) << "job " << jobs[i].job << ", order " << seed;
      EXPECT_FALSE(ahead.kind(jobs[i].job).has_value());
    }
  }
}

TEST(AheadJobs, StopsWithJobsNeverAskedFor) {
  AheadJobs ahead;
  for (JobId id = 1; id <= 10; ++id) ahead.start(noise_job(id));
  EXPECT_FALSE(ahead.take(3).empty());
  // The destructor returns although most jobs were never taken.
}

}  // namespace
}  // namespace hz
