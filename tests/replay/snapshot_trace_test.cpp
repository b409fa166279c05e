// Snapshots in traces (docs/trace-format.md "Snapshots"): the recorder writes the core's state
// every interval, checked by reading it back; replay checks each one against the replayed core,
// can start at any of them (verify --from-tick) and a slice starting at one verifies alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "replay/cli/trace_commands.h"
#include "replay/format/record_archive.h"
#include "replay/format/snapshot_pieces.h"
#include "replay/format/trace_edit.h"
#include "replay/format/trace_file.h"
#include "session_fixtures.h"
#include "sim/core/rng.h"
#include "sim/world/jobs.h"

namespace hz::testing {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kSnapshotEvery = 20'000'000'000;  // 20 s of recorded clock time

// Walker joins, goes 400 blocks away (new terrain is generated, the spawn's chunks unload and are
// saved) and comes back (they are read back): snapshots fall while generation jobs are in flight
// and before chunks written earlier are read again.
RecordedSession walking_session(LiveSession::Options options, int distance = 400) {
  options.config.properties = *parse_server_properties(
                                   "online-mode=false\npause-when-empty-seconds=0\nview-distance=2\n"
                                   "simulation-distance=2\n")
                                   .properties;
  LiveSession session(std::move(options));
  session.join("Walker");
  const BlockPos spawn = session.core().world().spawn_block();
  for (int dx : {distance, 0}) {
    session.pass({ConsoleLine{"tp Walker " + std::to_string(spawn.x + dx) + " 150 " + std::to_string(spawn.z)}});
    session.passes(300);
  }
  return session.finish();
}

// Recorded once for the tests that only read it.
const RecordedSession& recorded_walk() {
  static const RecordedSession session =
      walking_session({.name = "snapshots", .clock_seed = 5, .jobs_seed = 6, .snapshot_every_nanos = kSnapshotEvery});
  return session;
}

// An empty folder for a test that goes through files.
fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The recorded walk written to `dir`; its path.
fs::path walk_on_disk(const fs::path& dir) {
  const MemoryOutput::File& file = recorded_walk().files[0];
  const fs::path path = dir / file.name;
  if (!write_whole_file(path, file.bytes)) throw std::runtime_error("cannot write " + path.string());
  return path;
}

std::vector<Record> records_of(const MemoryOutput::File& file) {
  auto read = read_file_records(file.bytes);
  if (!read) throw std::runtime_error(read.error());
  return std::move(read->records);
}

VerifyResult verify_from(const std::vector<MemoryOutput::File>& files, int64_t snapshot_tick) {
  ChainVerifier verifier;
  verifier.start_at_snapshot(snapshot_tick);
  for (const auto& f : files)
    if (!verifier.add_file(f.bytes, f.name)) break;
  return verifier.finish();
}

std::string explain(const VerifyResult& r) {
  return r.problem + (r.divergence ? format_divergence(*r.divergence) : "");
}

TEST(SnapshotPieces, AStateLargerThanAPieceIsSplitAndPutBackTogether) {
  Rng rng(9);
  TraceSnapshot snapshot{1234, 567, 0xfeed, 0xbeef, Bytes(2 * SnapshotRecord::kMaxPieceBytes + 1000)};
  for (uint8_t& b : snapshot.core) b = static_cast<uint8_t>(rng.next_below(256));
  std::vector<SnapshotRecord> pieces = split_snapshot(snapshot);
  ASSERT_EQ(pieces.size(), 3u);
  for (const SnapshotRecord& p : pieces) EXPECT_LE(p.bytes.size(), SnapshotRecord::kMaxPieceBytes);

  std::vector<Record> records(pieces.begin(), pieces.end());
  DecodedRecords decoded = decode_records(encode_records(records));
  ASSERT_FALSE(decoded.damage) << decoded.damage->describe();
  ASSERT_EQ(decoded.records, records);
  EXPECT_FALSE(ends_pass(records[1]));
  EXPECT_TRUE(ends_pass(records[2]));

  SnapshotAssembler assembler;
  EXPECT_FALSE(assembler.add(pieces[0]));
  EXPECT_TRUE(assembler.incomplete());
  EXPECT_FALSE(assembler.add(pieces[1]));
  std::optional<TraceSnapshot> whole = assembler.add(pieces[2]);
  ASSERT_TRUE(whole);
  EXPECT_EQ(*whole, snapshot);
  EXPECT_EQ(snapshot_ticks(records), std::vector<int64_t>{1234});
}

TEST(SnapshotPieces, PiecesOutOfOrderOrFromAnotherSnapshotAreAProblem) {
  TraceSnapshot snapshot{10, 2, 3, 4, Bytes(SnapshotRecord::kMaxPieceBytes + 1, 7)};
  std::vector<SnapshotRecord> pieces = split_snapshot(snapshot);
  ASSERT_EQ(pieces.size(), 2u);
  SnapshotAssembler assembler;
  EXPECT_FALSE(assembler.add(pieces[1]));
  ASSERT_TRUE(assembler.problem());
  EXPECT_NE(assembler.problem()->find("without the pieces before it"), std::string::npos) << *assembler.problem();

  SnapshotRecord elsewhere = pieces[1];
  elsewhere.tick = 11;
  EXPECT_FALSE(assembler.add(pieces[0]));
  EXPECT_FALSE(assembler.problem());
  EXPECT_FALSE(assembler.add(elsewhere));
  ASSERT_TRUE(assembler.problem());
  EXPECT_FALSE(assembler.incomplete());

  // A record whose piece count makes no sense does not decode.
  SnapshotRecord broken = pieces[0];
  broken.piece = 2;
  DecodedRecords decoded = decode_records(encode_records(std::vector<Record>{broken}));
  ASSERT_TRUE(decoded.damage);
  EXPECT_NE(decoded.damage->describe().find("snapshot piece 2 of 2"), std::string::npos) << decoded.damage->describe();
}

TEST(SnapshotTrace, TheRecorderWritesOneEveryIntervalAndReplayChecksEachAgainstTheCore) {
  const RecordedSession& session = recorded_walk();
  ASSERT_EQ(session.files.size(), 1u);
  const std::vector<int64_t> ticks = snapshot_ticks(records_of(session.files[0]));
  ASSERT_GE(ticks.size(), 3u);
  EXPECT_TRUE(std::is_sorted(ticks.begin(), ticks.end()));
  VerifyResult result = verify_files(session.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical) << explain(result);
  EXPECT_EQ(result.snapshots_checked, ticks.size());
  EXPECT_FALSE(result.resumed_at_tick);
  EXPECT_EQ(result.passes_replayed, result.iterations);
}

TEST(SnapshotTrace, ReplayStartingAtAnySnapshotReachesTheSameEnd) {
  const RecordedSession& session = recorded_walk();
  const std::vector<int64_t> ticks = snapshot_ticks(records_of(session.files[0]));
  ASSERT_GE(ticks.size(), 3u);
  VerifyResult whole = verify_files(session.files);
  ASSERT_EQ(whole.outcome, VerifyResult::Outcome::kIdentical) << explain(whole);
  for (int64_t tick : {ticks.front(), ticks[ticks.size() / 2], ticks.back()}) {
    VerifyResult from = verify_from(session.files, tick);
    ASSERT_EQ(from.outcome, VerifyResult::Outcome::kIdentical) << "from tick " << tick << ": " << explain(from);
    EXPECT_EQ(from.resumed_at_tick, tick);
    EXPECT_EQ(from.last_tick, whole.last_tick);
    EXPECT_EQ(from.iterations, whole.iterations);  // the session-wide count reached
    EXPECT_LT(from.passes_replayed, whole.passes_replayed);
    EXPECT_LT(from.frames, whole.frames);  // frames skipped to reach the snapshot are not counted
    EXPECT_LT(from.inputs, whole.inputs);
  }
}

// From a snapshot on, nothing recorded leans on what came before it: a result kept only as a hash
// belongs to a job submitted after the last snapshot before it (a replay starting there saw the
// request, or the chunk write a read gives back).
TEST(SnapshotTrace, ResultsKeptAsHashesNeverReachBackPastASnapshot) {
  const std::vector<Record> records = records_of(recorded_walk().files[0]);
  std::map<JobId, std::pair<size_t, uint32_t>> submitted;  // record index and kind of each job
  // (a result of a job asked before a snapshot, or a read of a chunk written before it, is whole:
  // replay from the snapshot would otherwise fail, ReplayStartingAtAnySnapshotReachesTheSameEnd)
  size_t epoch = 0;                                          // index of the last snapshot's last piece
  int hashed = 0;
  for (size_t i = 0; i < records.size(); ++i) {
    const Record& r = records[i];
    if (auto* s = std::get_if<JobSubmittedRecord>(&r)) submitted[s->job] = {i, s->kind};
    if (auto* p = std::get_if<SnapshotRecord>(&r); p && p->piece + 1 == p->pieces) epoch = i;
    if (auto* h = std::get_if<JobRecomputedRecord>(&r)) {
      ASSERT_TRUE(submitted.contains(h->job)) << h->job;
      EXPECT_GT(submitted[h->job].first, epoch) << "job " << h->job << " was asked before the snapshot";
      ++hashed;
    }
  }
  EXPECT_GT(hashed, 100);
}

TEST(SnapshotTrace, ASliceStartsAtASnapshotAndVerifiesAlone) {
  const RecordedSession& session = recorded_walk();
  const std::vector<int64_t> ticks = snapshot_ticks(records_of(session.files[0]));
  ASSERT_GE(ticks.size(), 3u);
  const int64_t to_tick = ticks[2] + 40;
  auto slice = slice_trace(session.files[0].bytes, ticks[1] + 5, to_tick);
  ASSERT_TRUE(slice.ok()) << slice.error();
  EXPECT_EQ(slice->from_tick, ticks[1]);
  EXPECT_LE(slice->last_tick, to_tick);
  EXPECT_GT(slice->passes_kept, 0u);
  EXPECT_LT(slice->bytes.size(), session.files[0].bytes.size());

  VerifyResult result = verify_files({MemoryOutput::File{"slice.hztrace", slice->bytes}});
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical) << explain(result);
  EXPECT_EQ(result.resumed_at_tick, ticks[1]);
  EXPECT_EQ(result.last_tick, slice->last_tick);
  EXPECT_EQ(result.snapshots_checked, 1u);  // the one at ticks[2], inside the slice

  auto too_early = slice_trace(session.files[0].bytes, ticks[0] - 1, to_tick);
  ASSERT_FALSE(too_early.ok());
  EXPECT_NE(too_early.error().find("no snapshot at or before tick"), std::string::npos) << too_early.error();
  auto backwards = slice_trace(session.files[0].bytes, ticks[1], ticks[1] - 1);
  ASSERT_FALSE(backwards.ok());
}

// With snapshots on, a due rotation waits for the next snapshot: each file after the first starts
// with one and replays alone, to the same end as the chain from its start.
TEST(SnapshotTrace, EveryFileBegunByRotationStartsWithASnapshotAndVerifiesAlone) {
  const RecordedSession session = walking_session({.name = "rotated",
                                                   .clock_seed = 7,
                                                   .jobs_seed = 8,
                                                   .snapshot_every_nanos = 5'000'000'000,
                                                   .rotation = {.max_file_nanos = 8'000'000'000}},
                                                  100);
  ASSERT_GE(session.files.size(), 3u);
  VerifyResult whole = verify_files(session.files);
  ASSERT_EQ(whole.outcome, VerifyResult::Outcome::kIdentical) << explain(whole);
  EXPECT_GE(whole.snapshots_checked, session.files.size() - 1);
  for (size_t i = 1; i < session.files.size(); ++i) {
    const std::vector<Record> records = records_of(session.files[i]);
    ASSERT_FALSE(records.empty());
    ASSERT_TRUE(std::holds_alternative<SnapshotRecord>(records.front())) << session.files[i].name;
    VerifyResult alone = verify_files({session.files[i]});
    ASSERT_EQ(alone.outcome, VerifyResult::Outcome::kIdentical) << session.files[i].name << ": " << explain(alone);
    EXPECT_EQ(alone.resumed_at_tick, std::get<SnapshotRecord>(records.front()).tick);
    VerifyResult to_end =
        verify_files({session.files.begin() + static_cast<std::ptrdiff_t>(i), session.files.end()});
    ASSERT_EQ(to_end.outcome, VerifyResult::Outcome::kIdentical) << session.files[i].name << ": " << explain(to_end);
    EXPECT_EQ(to_end.last_tick, whole.last_tick);
  }
  // verify --jobs over the chain: segments start in whichever file holds their snapshot.
  const fs::path dir = fresh_dir("hz-snapshot-rotated");
  std::vector<fs::path> paths;
  for (const auto& f : session.files) {
    paths.push_back(dir / f.name);
    ASSERT_TRUE(write_whole_file(paths.back(), f.bytes));
  }
  auto parts = replay_session_in_segments({paths.back()}, 2);
  ASSERT_TRUE(parts.ok());
  ASSERT_EQ(parts->outcome, VerifyResult::Outcome::kIdentical) << explain(*parts);
  EXPECT_EQ(parts->files, session.files.size());
  EXPECT_EQ(parts->passes_replayed, whole.passes_replayed);
  EXPECT_EQ(parts->inputs, whole.inputs);
  EXPECT_EQ(parts->last_tick, whole.last_tick);
  EXPECT_EQ(parts->snapshots_checked, whole.snapshots_checked);
  fs::remove_all(dir);
}

// Without snapshots a due rotation does not wait: the next file starts right after the pass.
TEST(SnapshotTrace, WithoutSnapshotsRotationDoesNotWaitForOne) {
  const RecordedSession session = walking_session(
      {.name = "rotated-plain", .clock_seed = 7, .jobs_seed = 8, .rotation = {.max_file_nanos = 6'000'000'000}}, 0);
  ASSERT_GE(session.files.size(), 3u);
  for (const auto& file : session.files) EXPECT_TRUE(snapshot_ticks(records_of(file)).empty()) << file.name;
  VerifyResult whole = verify_files(session.files);
  ASSERT_EQ(whole.outcome, VerifyResult::Outcome::kIdentical) << explain(whole);
  VerifyResult alone = verify_files({session.files[1]});
  EXPECT_EQ(alone.outcome, VerifyResult::Outcome::kUnreadable);
}

TEST(SnapshotTrace, ADamagedSnapshotIsRefusedWhenReplayStartsThere) {
  const RecordedSession& session = recorded_walk();
  auto read = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(read.ok()) << read.error();
  const std::vector<int64_t> ticks = snapshot_ticks(read->records);
  ASSERT_GE(ticks.size(), 2u);
  for (Record& r : read->records) {
    auto* piece = std::get_if<SnapshotRecord>(&r);
    if (!piece || piece->tick != ticks[1] || piece->piece != 0) continue;
    piece->bytes.resize(piece->bytes.size() / 2);  // a state cut short
  }
  const Bytes damaged = write_trace_file(read->header, read->records);
  VerifyResult from = verify_from({MemoryOutput::File{"damaged.hztrace", damaged}}, ticks[1]);
  ASSERT_EQ(from.outcome, VerifyResult::Outcome::kDiverged);
  ASSERT_TRUE(from.divergence);
  EXPECT_EQ(from.divergence->pass, Divergence::Pass::kFormat);
  EXPECT_NE(from.divergence->note.find("the snapshot at tick " + std::to_string(ticks[1])), std::string::npos)
      << from.divergence->note;
}

TEST(SnapshotTrace, ASnapshotThatDoesNotReadBackIsLeftOutAndReported) {
  LiveSession::Options options{.name = "refused", .clock_seed = 5, .jobs_seed = 6};
  options.snapshot_every_nanos = 2'000'000'000;
  options.snapshot_check = [](std::span<const uint8_t>, uint64_t) -> Status { return Error{"refused by the test"}; };
  LiveSession session(options);
  session.passes(60);
  Status closing = Status::success();
  RecordedSession recorded = session.finish(&closing);
  ASSERT_FALSE(closing);
  EXPECT_NE(closing.error().find("was left out: refused by the test"), std::string::npos) << closing.error();
  EXPECT_TRUE(snapshot_ticks(records_of(recorded.files[0])).empty());
  expect_identical(recorded);
}

TEST(SnapshotTrace, TheIntervalSettingIsWholeMinutesAndABadValueNamesTheKey) {
  ServerProperties props;
  EXPECT_EQ(*trace_snapshot_interval(props), 5 * 60 * 1'000'000'000LL);
  props.raw[kTraceSnapshotMinutesKey] = "0";
  EXPECT_EQ(*trace_snapshot_interval(props), 0);
  props.raw[kTraceSnapshotMinutesKey] = "12";
  EXPECT_EQ(*trace_snapshot_interval(props), 12 * 60 * 1'000'000'000LL);
  for (const char* bad : {"-1", "five", "2.5", "20000"}) {
    props.raw[kTraceSnapshotMinutesKey] = bad;
    auto parsed = trace_snapshot_interval(props);
    ASSERT_FALSE(parsed.ok()) << bad;
    EXPECT_NE(parsed.error().find(std::string("'") + bad + "'"), std::string::npos) << parsed.error();
    EXPECT_NE(parsed.error().find(kTraceSnapshotMinutesKey), std::string::npos) << parsed.error();
  }
}

// The command line: verify --from-tick says where it started; slice writes a file verify accepts.
TEST(SnapshotTrace, VerifyFromTickAndSliceOnTheCommandLine) {
  const fs::path dir = fresh_dir("hz-snapshot-commands");
  const RecordedSession& session = recorded_walk();
  const fs::path trace = walk_on_disk(dir);
  const std::vector<int64_t> ticks = snapshot_ticks(records_of(session.files[0]));
  ASSERT_GE(ticks.size(), 2u);

  std::ostringstream out, err;
  ASSERT_EQ(trace_verify({trace}, out, err, ticks[1] + 1), kTraceOk) << out.str() << err.str();
  EXPECT_NE(out.str().find("started from the snapshot at tick " + std::to_string(ticks[1])), std::string::npos)
      << out.str();
  out.str("");
  ASSERT_EQ(trace_verify({trace}, out, err, ticks[0] - 1), kTraceOk) << out.str() << err.str();
  EXPECT_NE(out.str().find("replayed from the session's start"), std::string::npos) << out.str();

  const fs::path sliced = dir / "slice.hztrace";
  out.str("");
  ASSERT_EQ(trace_slice(trace, ticks[0], ticks[1] + 20, sliced, out, err), kTraceOk) << err.str();
  EXPECT_NE(out.str().find("the snapshot at tick " + std::to_string(ticks[0])), std::string::npos) << out.str();
  out.str("");
  EXPECT_EQ(trace_verify({sliced}, out, err), kTraceOk) << out.str() << err.str();
  EXPECT_EQ(trace_slice(trace, ticks[0] - 1, ticks[1], dir / "none.hztrace", out, err), kTraceUnreadable);
  // The slice starts with Walker in play: dump names its packets as play packets, as the server
  // reads them, not as the first packets of a new connection.
  std::ostringstream dumped;
  ASSERT_EQ(trace_dump(sliced, {}, dumped, err), kTraceOk) << err.str();
  EXPECT_NE(dumped.str().find("\"state\":\"play\""), std::string::npos);
  EXPECT_EQ(dumped.str().find("\"state\":\"handshake\""), std::string::npos);
  fs::remove_all(dir);
}

// The walk's records with the recorded digest of the first pass ending after `tick` changed, as
// a build that behaves differently there would find it; that pass's session-wide number.
std::pair<Bytes, uint64_t> diverging_after(const MemoryOutput::File& file, int64_t tick) {
  auto read = read_file_records(file.bytes);
  if (!read) throw std::runtime_error(read.error());
  uint64_t pass = read->header.first_iteration;
  std::optional<uint64_t> changed;
  for (Record& r : read->records) {
    auto* end = std::get_if<IterationEndRecord>(&r);
    if (!end) continue;
    if (!changed && end->digest.tick > tick) {
      end->digest.whole ^= 1, end->digest.packets_tag ^= 1;
      changed = pass;
    }
    ++pass;
  }
  return {write_trace_file(read->header, read->records), changed.value()};
}

// The tick before the end of the first pass after `tick` that completes a job whose result the
// trace keeps only as a hash (so diverging_after that tick changes that pass).
int64_t before_pass_with_recomputed_result(const MemoryOutput::File& file, int64_t tick) {
  bool recomputed = false;
  int64_t last_end = 0;
  for (const Record& r : records_of(file)) {
    if (std::holds_alternative<JobRecomputedRecord>(r)) recomputed = true;
    auto* end = std::get_if<IterationEndRecord>(&r);
    if (!end) continue;
    if (recomputed && end->digest.tick > tick && end->digest.tick > last_end) return end->digest.tick - 1;
    recomputed = false;
    last_end = end->digest.tick;
  }
  throw std::runtime_error("no pass after tick " + std::to_string(tick) + " completes a recomputed job");
}

// minimize writes the diverging pass alone, after a snapshot of the core the replay takes just
// before it, with the results the session's trace recomputed written whole; it diverges at the
// same pass in the same way, whether the session had a snapshot before it or not. A session that
// replays identically has nothing to minimize.
TEST(SnapshotTrace, MinimizeWritesTheDivergingPassAloneAfterASnapshotOfTheReplay) {
  const fs::path dir = fresh_dir("hz-snapshot-minimize");
  const RecordedSession& session = recorded_walk();
  const std::vector<int64_t> ticks = snapshot_ticks(records_of(session.files[0]));
  ASSERT_GE(ticks.size(), 2u);
  std::ostringstream out, err;

  const fs::path trace = dir / "diverging.hztrace", small = dir / "small.hztrace";
  // After the second snapshot; and before the first, in a pass completing generation submitted
  // passes before (its result must be written whole).
  const int64_t early = before_pass_with_recomputed_result(session.files[0], 10);
  ASSERT_LT(early, ticks[0]);
  for (int64_t tick : {ticks[1] + 30, early}) {
    SCOPED_TRACE(tick);
    const auto [diverging, pass] = diverging_after(session.files[0], tick);
    ASSERT_TRUE(write_whole_file(trace, diverging));
    out.str("");
    ASSERT_EQ(trace_minimize({trace}, small, out, err), kTraceOk) << err.str();
    EXPECT_NE(out.str().find("the diverging pass " + std::to_string(pass) + " (tick " + std::to_string(tick + 1) +
                             ") alone, after a snapshot of the core taken by this replay at tick " + std::to_string(tick)),
              std::string::npos)
        << out.str();
    auto written = read_whole_file(small);
    ASSERT_TRUE(written.ok());
    EXPECT_LT(written->size(), diverging.size() / 4);
    const std::vector<Record> kept = records_of(MemoryOutput::File{"small.hztrace", *written});
    EXPECT_EQ(std::count_if(kept.begin(), kept.end(), [](const Record& r) { return ends_pass(r); }), 2);  // snapshot, pass
    EXPECT_EQ(std::count_if(kept.begin(), kept.end(), [](const Record& r) { return std::holds_alternative<JobRecomputedRecord>(r); }), 0);
    if (tick == early) {
      EXPECT_GT(std::count_if(kept.begin(), kept.end(), [](const Record& r) { return std::holds_alternative<JobCompleted>(r); }), 0);
    }
    VerifyResult again = verify_files({MemoryOutput::File{"small.hztrace", *written}});
    ASSERT_EQ(again.outcome, VerifyResult::Outcome::kDiverged) << explain(again);
    EXPECT_EQ(again.divergence->iteration, pass);
    EXPECT_TRUE(again.divergence->packets_differ);
    EXPECT_EQ(again.resumed_at_tick, tick);
    EXPECT_EQ(again.last_tick, again.divergence->recorded_tick);
  }

  ASSERT_TRUE(write_whole_file(trace, session.files[0].bytes));
  err.str("");
  EXPECT_EQ(trace_minimize({trace}, small, out, err), kTraceFailed);
  EXPECT_NE(err.str().find("nothing to minimize"), std::string::npos) << err.str();
  fs::remove_all(dir);
}

// verify --jobs replays the stretches between snapshots side by side and says what the whole
// replay says: the same totals when identical, from the start or from a snapshot; and, when two
// passes diverge in different segments, the first of them.
TEST(SnapshotTrace, VerifyInSegmentsSaysWhatTheWholeReplaySays) {
  const fs::path dir = fresh_dir("hz-snapshot-segments");
  const RecordedSession& session = recorded_walk();
  const fs::path trace = walk_on_disk(dir);
  const std::vector<int64_t> ticks = snapshot_ticks(records_of(session.files[0]));
  ASSERT_GE(ticks.size(), 3u);

  for (std::optional<int64_t> from : {std::optional<int64_t>{}, std::optional<int64_t>{ticks[0] + 5}}) {
    SCOPED_TRACE(from.value_or(-1));
    ChainVerifier whole_verifier;
    auto whole = replay_session({trace}, whole_verifier, nullptr, from);
    auto parts = replay_session_in_segments({trace}, 3, nullptr, from);
    ASSERT_TRUE(whole.ok() && parts.ok());
    ASSERT_EQ(parts->outcome, VerifyResult::Outcome::kIdentical) << explain(*parts);
    EXPECT_EQ(parts->iterations, whole->iterations);
    EXPECT_EQ(parts->passes_replayed, whole->passes_replayed);
    EXPECT_EQ(parts->inputs, whole->inputs);
    EXPECT_EQ(parts->last_tick, whole->last_tick);
    EXPECT_EQ(parts->recorded_nanos, whole->recorded_nanos);
    EXPECT_EQ(parts->resumed_at_tick, whole->resumed_at_tick);
    EXPECT_EQ(parts->snapshots_checked, whole->snapshots_checked);  // each segment checks the one ending it
    EXPECT_GT(parts->snapshots_checked, 0u);
  }

  auto [late, late_pass] = diverging_after(session.files[0], ticks[2] + 10);
  auto [both, early_pass] = diverging_after(MemoryOutput::File{"late", late}, ticks[0] + 10);
  ASSERT_LT(early_pass, late_pass);
  ASSERT_TRUE(write_whole_file(trace, both));
  auto parts = replay_session_in_segments({trace}, 3);
  ASSERT_TRUE(parts.ok());
  ASSERT_EQ(parts->outcome, VerifyResult::Outcome::kDiverged) << explain(*parts);
  EXPECT_EQ(parts->divergence->iteration, early_pass);
  std::ostringstream out, err;
  EXPECT_EQ(trace_verify({trace}, out, err, std::nullopt, 2), kTraceDiverged) << err.str();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace hz::testing
