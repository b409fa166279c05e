// Generation results in traces (docs/trace-format.md, JobRecomputed): a live session keeps every
// pure job's result as a size and hash, replay computes it again, and a result that comes out
// different is reported as the terrain generator differing.
#include <gtest/gtest.h>

#include <set>

#include "replay/format/trace_edit.h"
#include "replay/recorder/recomputable_jobs.h"
#include "session_fixtures.h"
#include "sim/world/jobs.h"

namespace hz::testing {
namespace {

RecordedSession generated_session() {
  LiveSession session({.name = "generation", .clock_seed = 11, .jobs_seed = 4});
  session.passes(20);
  return session.finish();
}

TEST(RecomputedJobs, EveryGenerationResultIsKeptAsAHashAndReplaysIdentically) {
  RecordedSession session = generated_session();
  ASSERT_EQ(session.files.size(), 1u);
  auto read = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(read.ok()) << read.error();
  std::set<JobId> generation_jobs, hashed, whole;
  for (const Record& r : read->records) {
    if (auto* s = std::get_if<JobSubmittedRecord>(&r); s && s->kind == kGenerationJobKind) generation_jobs.insert(s->job);
    if (auto* h = std::get_if<JobRecomputedRecord>(&r)) hashed.insert(h->job);
    if (auto* c = std::get_if<JobCompleted>(&r)) whole.insert(c->job);
  }
  ASSERT_GT(hashed.size(), 100u);  // the spawn area's generation
  for (JobId job : hashed) EXPECT_TRUE(generation_jobs.contains(job)) << job;
  for (JobId job : whole) EXPECT_FALSE(generation_jobs.contains(job)) << job;
  expect_identical(session);
}

TEST(RecomputedJobs, AResultThatComesOutDifferentIsReportedAsTheGeneratorDiffering) {
  RecordedSession session = generated_session();
  auto read = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(read.ok()) << read.error();
  std::vector<Record> records = read->records;
  JobId changed = 0;
  for (Record& r : records)
    if (auto* h = std::get_if<JobRecomputedRecord>(&r); h && changed == 0) h->hash ^= 1, changed = h->job;
  ASSERT_NE(changed, 0u);
  VerifyResult result = verify_files({{"changed", write_trace_file(read->header, records)}});
  ASSERT_NE(result.outcome, VerifyResult::Outcome::kIdentical);
  const std::string report = result.problem + (result.divergence ? format_divergence(*result.divergence) : "");
  EXPECT_NE(report.find("generates terrain differently"), std::string::npos) << report;
  EXPECT_NE(report.find("job " + std::to_string(changed)), std::string::npos) << report;
}

TEST(RecomputedJobs, OnlyResultsOfNotedPureJobsAreHashed) {
  RecomputableJobs jobs;
  jobs.note(JobSubmittedRecord{7, kGenerationJobKind, 10});
  jobs.note(JobSubmittedRecord{8, static_cast<uint32_t>(anvil::StorageJobKind::kReadPlayer), 10});  // depends on the disk
  EXPECT_EQ(jobs.waiting(), 1u);
  const Record seven = jobs.record_for(JobCompleted{7, Bytes{1, 2, 3}});
  ASSERT_TRUE(std::holds_alternative<JobRecomputedRecord>(seven));
  EXPECT_EQ(std::get<JobRecomputedRecord>(seven).size, 3u);
  EXPECT_EQ(std::get<JobRecomputedRecord>(seven).hash, hash_bytes(Bytes{1, 2, 3}));
  EXPECT_TRUE(std::holds_alternative<JobCompleted>(jobs.record_for(JobCompleted{8, Bytes{4}})));
  // Each job's result is recorded once; an empty result (a failed run) stays whole.
  EXPECT_TRUE(std::holds_alternative<JobCompleted>(jobs.record_for(JobCompleted{7, Bytes{1, 2, 3}})));
  jobs.note(JobSubmittedRecord{9, kGenerationJobKind, 10});
  EXPECT_TRUE(std::holds_alternative<JobCompleted>(jobs.record_for(JobCompleted{9, Bytes{}})));
}

}  // namespace
}  // namespace hz::testing
