// horizon-sim's runner in-process (so the sanitizer builds run it too): a short run repeats
// exactly, clients reach play, the client-side decode invariant does catch a bad packet; the
// simulated disk keeps what a crash may keep, and the canaries are caught.
#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "sim/simulation/simulated_disk.h"

#include "sim/protocol/packets.h"
#include "sim/simulation/sim_client.h"
#include "sim/simulation/sim_parts.h"
#include "sim/simulation/simulation.h"
#include "sim/simulation/tick_stats_model.h"

namespace hz {
namespace {

SimOptions short_run(uint64_t seed) {
  SimOptions o;
  o.seed = seed;
  o.seconds = 20;
  o.clients = 4;
  o.faults = SimFaults::kNetwork;
  return o;
}

TEST(Simulation, AShortRunRepeatsExactlyAndFindsNothing) {
  const SimResult a = run_simulation(short_run(11), {});
  const SimResult b = run_simulation(short_run(11), {});
  EXPECT_EQ(a.digest, b.digest);
  EXPECT_EQ(a.passes, b.passes);
  EXPECT_GE(a.passes, 20 * 20);
  EXPECT_GE(a.connections, 4);
  EXPECT_GE(a.chunk_checks, 3);
  for (const SimViolation& v : a.violations) ADD_FAILURE() << "pass " << v.pass << ": " << v.what;
  EXPECT_NE(run_simulation(short_run(12), {}).digest, a.digest);
}

// A core swapped mid-run for one read from its snapshot goes on exactly as the original: with
// network faults (connections mid-login, half-read frames) and storage faults (jobs in flight, a
// crash and restart after or before the swap), the digest is the run's without it.
TEST(Simulation, ACoreReadFromItsSnapshotMidRunGoesOnAsTheOriginal) {
  // All faults: network faults and storage faults with a crash and restart (one pair of runs;
  // CI's sweep and integration.sim swap in more seeds, in release).
  for (uint64_t seed : {22}) {
    {
      SimOptions o = short_run(seed);
      o.faults = SimFaults::kAll;
      const SimResult plain = run_simulation(o, {});
      o.snapshot_swap = true;
      const SimResult swapped = run_simulation(o, {});
      EXPECT_EQ(swapped.snapshot_swaps, 1) << seed;
      EXPECT_GT(swapped.snapshot_bytes, 100'000u) << seed;  // a world's worth of chunks
      EXPECT_EQ(swapped.digest, plain.digest) << seed;
      EXPECT_EQ(swapped.passes, plain.passes) << seed;
      for (const SimViolation& v : swapped.violations) ADD_FAILURE() << seed << " pass " << v.pass << ": " << v.what;
    }
  }
}

// The model's figures for known durations, worked out by hand: a young server's ring is padded
// with zeros and its average divides by the tick count; an old one keeps the last 100 ticks.
TEST(TickStatsModel, AverageAndPercentilesOfKnownDurations) {
  TickStatsModel model;
  for (int64_t tick = 1; tick <= 4; ++tick) {
    model.enter_tick(tick);
    model.record(tick * 10'000'000);  // 10, 20, 30, 40 ms
  }
  model.enter_tick(5);  // a query inside tick 5: (10 + 20 + 30 + 40) / 5 = 20 ms
  EXPECT_EQ(model.average_text(5), "20.0");
  EXPECT_EQ(model.percentiles_line(), "Percentiles: P50: 0.0ms P95: 0.0ms P99: 40.0ms. Sample: 100");
  for (int64_t tick = 5; tick <= 150; ++tick) {
    model.enter_tick(tick);
    model.record(tick * 1'000'000);  // tick t takes t ms
  }
  model.enter_tick(151);  // ticks 51..150 remain: their mean is 100.5 ms, slot 50 holds 101 ms
  EXPECT_EQ(model.average_text(151), "100.5");
  EXPECT_EQ(model.percentiles_line(), "Percentiles: P50: 101.0ms P95: 146.0ms P99: 150.0ms. Sample: 100");
  model.enter_tick(1);  // a restarted core: nothing recorded yet
  EXPECT_EQ(model.average_text(1), "0.0");
}

TEST(Simulation, ClientsCatchPacketsThatDoNotDecode) {
  SimClient client(1, "Probe", ClientBehaviour{}, 1);
  client.hello();
  // A login success whose uuid is cut short.
  Bytes truncated = encode_packet(packet::login_cb::Success{});
  truncated.resize(5);
  EXPECT_TRUE(client.on_packet(truncated).has_value());
  EXPECT_FALSE(client.on_packet(encode_packet(packet::login_cb::Compress{256})).has_value());
  const Bytes unknown{0x7F};
  EXPECT_TRUE(client.on_packet(unknown).has_value());
}

// --- the simulated disk ---

SubmitJob storage_job(JobId id, anvil::StorageJobKind kind, ChunkPos pos, Bytes nbt = {}) {
  anvil::StorageRequest r;
  r.kind = kind;
  r.address.pos = pos;
  r.nbt = std::move(nbt);
  return SubmitJob{id, static_cast<uint32_t>(kind), anvil::encode_request(r)};
}

anvil::StorageResult result_of(const JobCompleted& done) {
  auto r = anvil::decode_result(done.result);
  EXPECT_TRUE(static_cast<bool>(r));
  return r ? *r : anvil::StorageResult{};
}

// Writes version `v` of chunk (0, 0) and runs it.
void write_and_run(SimulatedDisk& disk, JobId id, uint8_t v) {
  disk.submit(storage_job(id, anvil::StorageJobKind::kWriteChunk, {0, 0}, Bytes{v, v}));
  ASSERT_EQ(disk.step(16).size(), 1u);
}

std::optional<Bytes> read_back(SimulatedDisk& disk, JobId id) {
  disk.submit(storage_job(id, anvil::StorageJobKind::kReadChunk, {0, 0}));
  const std::vector<JobCompleted> done = disk.step(16);
  EXPECT_EQ(done.size(), 1u);
  anvil::StorageResult r = result_of(done.at(0));
  if (r.outcome == anvil::StorageOutcome::kAbsent) return std::nullopt;
  EXPECT_EQ(r.outcome, anvil::StorageOutcome::kData);
  return r.nbt;
}

TEST(SimulatedDisk, ASyncedWriteSurvivesACrash) {
  SimulatedDisk disk(1, StorageFaultRates{});
  write_and_run(disk, 1, 7);
  disk.crash(false);
  EXPECT_EQ(read_back(disk, 2), (Bytes{7, 7}));
  EXPECT_TRUE(disk.take_problems().empty());
}

TEST(SimulatedDisk, WithoutSyncOnlyAFlushMakesAWriteDurable) {
  StorageFaultRates unsynced;
  unsynced.sync_writes = false;
  int kept = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    SimulatedDisk disk(seed, unsynced);
    write_and_run(disk, 1, 1);
    disk.submit(storage_job(2, anvil::StorageJobKind::kFlush, {}));
    ASSERT_EQ(disk.step(16).size(), 1u);
    write_and_run(disk, 3, 2);
    EXPECT_EQ(read_back(disk, 4), (Bytes{2, 2}));  // the page cache answers before a crash
    disk.crash(false);
    const std::optional<Bytes> after = read_back(disk, 5);
    ASSERT_TRUE(after == Bytes({1, 1}) || after == Bytes({2, 2}));  // flushed, or the unsynced write landed
    kept += after == Bytes({2, 2});
    EXPECT_TRUE(disk.take_problems().empty());
  }
  EXPECT_GT(kept, 0);
  EXPECT_LT(kept, 40);
}

TEST(SimulatedDisk, AWriteInFlightAtACrashLandsWholeOrNotAtAll) {
  StorageFaultRates torn;
  torn.torn = 1;
  SimulatedDisk disk(3, torn);
  write_and_run(disk, 1, 1);
  disk.submit(storage_job(2, anvil::StorageJobKind::kWriteChunk, {0, 0}, Bytes{2, 2}));
  disk.crash(false);  // before the storage thread ran it
  EXPECT_EQ(read_back(disk, 3), (Bytes{2, 2}));
  EXPECT_TRUE(disk.take_problems().empty());
}

TEST(SimulatedDisk, ALostCompletedSaveIsReported) {
  SimulatedDisk disk(1, StorageFaultRates{});
  write_and_run(disk, 1, 7);
  disk.crash(true);
  EXPECT_EQ(read_back(disk, 2), std::nullopt);
  const std::vector<std::string> problems = disk.take_problems();
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("after the restart"), std::string::npos) << problems[0];
}

TEST(SimulatedDisk, FailedWritesChangeNothing) {
  StorageFaultRates failing;
  failing.write_error = 1;
  SimulatedDisk disk(1, failing);
  disk.submit(storage_job(1, anvil::StorageJobKind::kWriteChunk, {0, 0}, Bytes{1}));
  const std::vector<JobCompleted> done = disk.step(16);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(result_of(done[0]).outcome, anvil::StorageOutcome::kError);
  disk.crash(false);
  EXPECT_EQ(read_back(disk, 2), std::nullopt);
  EXPECT_TRUE(disk.take_problems().empty());
}

// --- storage faults and canaries in whole runs ---

TEST(Simulation, StorageFaultsCrashAndRestartCleanly) {
  SimOptions o = short_run(21);
  o.faults = SimFaults::kAll;
  const SimResult a = run_simulation(o, {});
  EXPECT_EQ(a.crashes, 1);
  for (const SimViolation& v : a.violations) ADD_FAILURE() << "pass " << v.pass << ": " << v.what;
  EXPECT_EQ(run_simulation(o, {}).digest, a.digest);
}

bool has_violation(const SimResult& r, const std::string& words) {
  for (const SimViolation& v : r.violations)
    if (v.what.find(words) != std::string::npos) return true;
  return false;
}

// Each canary, how long a run shows it, and words of the violation that must catch it.
struct CanaryCase {
  const char* name;  // the test's name
  SimCanary canary;
  double seconds;
  const char* words;
  uint64_t seed = 3;
  const char* omit = "";  // parts left out (--omit), for a run where the canary shows
};

void PrintTo(const CanaryCase& c, std::ostream* os) { *os << c.name; }

class Canaries : public ::testing::TestWithParam<CanaryCase> {};

TEST_P(Canaries, AreCaughtByTheirInvariant) {
  SimOptions o = short_run(GetParam().seed);
  o.seconds = GetParam().seconds;
  o.canary = GetParam().canary;
  o.omit = *parse_omissions(GetParam().omit);
  const SimResult r = run_simulation(o, {});
  EXPECT_TRUE(has_violation(r, GetParam().words)) << r.violations.size();
  if (o.canary == SimCanary::kLostSave) {
    EXPECT_EQ(r.crashes, 1);
  }
  if (o.canary == SimCanary::kWrongBlock || o.canary == SimCanary::kViewLeak) {
    EXPECT_GT(r.chunk_checks, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Simulation, Canaries,
                         ::testing::Values(CanaryCase{"BadPacket", SimCanary::kBadPacket, 10, "undecodable packet"},
                                           CanaryCase{"LostSave", SimCanary::kLostSave, 20, "after the restart"},
                                           CanaryCase{"WrongBlock", SimCanary::kWrongBlock, 14, "differs from the server's"},
                                           CanaryCase{"ViewLeak", SimCanary::kViewLeak, 14, "outside its view"},
                                           CanaryCase{"MoveThreshold", SimCanary::kMoveThreshold, 20, "was not pulled back"},
                                           // Seed 16 has a client walk into a block in its first 20 s.
                                           CanaryCase{"LostPullBack", SimCanary::kLostPullBack, 20,
                                                      "the reference move model pulls back", 16},
                                           CanaryCase{"ChunkQuota", SimCanary::kChunkQuota, 5, "unacknowledged"},
                                           CanaryCase{"TickStatsRing", SimCanary::kTickStatsRing, 40, "tick statistics model"},
                                           // The client losing its bytes must stay until the server's timeout.
                                           CanaryCase{"LostAnswers", SimCanary::kLostAnswers, 40, "never stopped answering", 3,
                                                      "Sim1.quit"}),
                         [](const ::testing::TestParamInfo<CanaryCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace hz
