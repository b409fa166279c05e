// Results replay can rebuild (docs/trace-format.md, JobRecomputed): a live session keeps every
// pure job's result, and every chunk read of what the session itself wrote, as a size and hash;
// replay computes them again, and a generation result that differs is reported as such.
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
    if (auto* h = std::get_if<JobRecomputedRecord>(&r); h && changed == 0) h->check ^= 1, changed = h->job;
  ASSERT_NE(changed, 0u);
  VerifyResult result = verify_files({{"changed", write_trace_file(read->header, records)}});
  ASSERT_NE(result.outcome, VerifyResult::Outcome::kIdentical);
  const std::string report = result.problem + (result.divergence ? format_divergence(*result.divergence) : "");
  EXPECT_NE(report.find("generates terrain differently"), std::string::npos) << report;
  EXPECT_NE(report.find("job " + std::to_string(changed)), std::string::npos) << report;
}

TEST(RecomputedJobs, OnlyResultsOfNotedPureJobsAreHashed) {
  RecomputableJobs jobs;
  jobs.note(SubmitJob{7, kGenerationJobKind, Bytes(10)});
  jobs.note(SubmitJob{8, static_cast<uint32_t>(anvil::StorageJobKind::kReadPlayer), Bytes(10)});  // depends on the disk
  EXPECT_EQ(jobs.waiting(), 1u);
  const Record seven = jobs.record_for(JobCompleted{7, Bytes{1, 2, 3}});
  ASSERT_TRUE(std::holds_alternative<JobRecomputedRecord>(seven));
  EXPECT_EQ(std::get<JobRecomputedRecord>(seven).check, result_check(Bytes{1, 2, 3}));
  EXPECT_TRUE(std::holds_alternative<JobCompleted>(jobs.record_for(JobCompleted{8, Bytes{4}})));
  // Each job's result is recorded once; an empty result (a failed run) stays whole.
  EXPECT_TRUE(std::holds_alternative<JobCompleted>(jobs.record_for(JobCompleted{7, Bytes{1, 2, 3}})));
  jobs.note(SubmitJob{9, kGenerationJobKind, Bytes(10)});
  EXPECT_TRUE(std::holds_alternative<JobCompleted>(jobs.record_for(JobCompleted{9, Bytes{}})));
}

SubmitJob chunk_job(JobId job, anvil::StorageJobKind kind, ChunkPos pos, Bytes nbt = {}) {
  anvil::StorageRequest request;
  request.kind = kind;
  request.address.pos = pos;
  request.nbt = std::move(nbt);
  return anvil::storage_job(job, request);
}

Bytes chunk_read_result(ChunkPos pos, anvil::StorageOutcome outcome, Bytes nbt) {
  anvil::StorageResult result;
  result.address.pos = pos;
  result.outcome = outcome;
  result.nbt = std::move(nbt);
  return anvil::encode_result(result);
}

TEST(RecomputedJobs, OnlyChunkReadsOfTheLastNbtTheSessionWroteAreHashed) {
  using Kind = anvil::StorageJobKind;
  using Outcome = anvil::StorageOutcome;
  const ChunkPos a{3, -4}, b{5, 6};
  RecomputableJobs jobs;
  jobs.note(chunk_job(1, Kind::kWriteChunk, a, Bytes{1, 1}));
  jobs.note(chunk_job(2, Kind::kWriteChunk, a, Bytes{2, 2}));  // the last write counts
  jobs.note(chunk_job(3, Kind::kReadChunk, a));
  jobs.note(chunk_job(4, Kind::kReadChunk, a));
  jobs.note(chunk_job(5, Kind::kReadChunk, b));  // never written by the session: from the disk
  const Bytes read_back = chunk_read_result(a, Outcome::kData, Bytes{2, 2});
  const Record three = jobs.record_for(JobCompleted{3, read_back});
  ASSERT_TRUE(std::holds_alternative<JobRecomputedRecord>(three));
  EXPECT_EQ(std::get<JobRecomputedRecord>(three).kind, static_cast<uint32_t>(Kind::kReadChunk));
  EXPECT_EQ(std::get<JobRecomputedRecord>(three).check, result_check(read_back));
  // An older write's NBT, and a chunk the session never wrote, depend on the disk.
  EXPECT_TRUE(std::holds_alternative<JobCompleted>(jobs.record_for(JobCompleted{4, chunk_read_result(a, Outcome::kData, Bytes{1, 1})})));
  EXPECT_TRUE(std::holds_alternative<JobCompleted>(jobs.record_for(JobCompleted{5, chunk_read_result(b, Outcome::kData, Bytes{2, 2})})));
  // A removed chunk (an empty write) is forgotten: reading it finds the disk's answer.
  jobs.note(chunk_job(6, Kind::kWriteChunk, a));
  jobs.note(chunk_job(7, Kind::kReadChunk, a));
  EXPECT_TRUE(std::holds_alternative<JobCompleted>(jobs.record_for(JobCompleted{7, read_back})));
  EXPECT_EQ(jobs.waiting(), 0u);
}

// A player goes far away (the spawn's chunks unload and are saved) and comes back (they are read
// back): those reads are hashes in the trace and replay rebuilds them from the replayed writes.
TEST(RecomputedJobs, ChunksReadBackFromTheSessionsOwnWritesReplayIdentically) {
  CoreConfig config = test_config();
  config.properties = *parse_server_properties(
                           "online-mode=false\npause-when-empty-seconds=0\nview-distance=2\nsimulation-distance=2\n")
                           .properties;
  LiveSession session({.name = "read-back", .clock_seed = 5, .jobs_seed = 6, .config = config});
  session.join("Walker");
  const BlockPos spawn = session.core().world().spawn_block();
  for (int dx : {400, 0}) {
    session.pass({ConsoleLine{"tp Walker " + std::to_string(spawn.x + dx) + " 150 " + std::to_string(spawn.z)}});
    session.passes(300);
  }
  RecordedSession recorded = session.finish();
  auto read = read_file_records(recorded.files[0].bytes);
  ASSERT_TRUE(read.ok()) << read.error();
  int read_backs = 0;
  for (const Record& r : read->records)
    if (auto* h = std::get_if<JobRecomputedRecord>(&r); h && h->kind == static_cast<uint32_t>(anvil::StorageJobKind::kReadChunk))
      ++read_backs;
  EXPECT_GT(read_backs, 4);
  expect_identical(recorded);
}

}  // namespace
}  // namespace hz::testing
