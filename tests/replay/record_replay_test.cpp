// Recording a core through the real recorder and replaying the trace: identical sessions verify,
// and a changed input byte is reported at the pass, tick and connection it affects.
#include <gtest/gtest.h>

#include "replay/format/trace_edit.h"
#include "replay/format/trace_file.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {

TEST(RecordReplay, ScriptedSessionVerifiesIdentical) {
  RecordedSession session = record_session(scripted_plan());
  ASSERT_EQ(session.files.size(), 1u);
  VerifyResult result = verify_files(session.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");
  EXPECT_EQ(result.iterations, 12u);
  EXPECT_EQ(result.last_tick, session.ticks.back());
  EXPECT_EQ(result.inputs, 11u);  // the scripted inputs and the player file's read
}

TEST(RecordReplay, TraceHoldsEveryInputInOrder) {
  SessionPlan plan = scripted_plan();
  RecordedSession session = record_session(plan);
  auto read = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(read.ok()) << read.error();
  std::vector<Input> recorded;
  for (const Record& r : read->records)
    if (auto in = record_as_input(r)) recorded.push_back(*in);
  std::vector<Input> planned;
  for (const auto& pass : plan.passes) planned.insert(planned.end(), pass.begin(), pass.end());
  EXPECT_EQ(recorded, planned);
  EXPECT_TRUE(std::holds_alternative<StartedRecord>(
      *std::find_if(read->records.begin(), read->records.end(), [](const Record& r) { return ends_pass(r); })));
  EXPECT_TRUE(std::holds_alternative<StoppedRecord>(read->records.back()));
}

// Changes the byte at `offset` of the first BytesReceived of `conn` in pass `pass`.
std::vector<Record> with_changed_byte(std::vector<Record> records, size_t pass, ConnId conn, size_t offset) {
  size_t passes_seen = 0;
  for (Record& r : records) {
    if (std::holds_alternative<IterationEndRecord>(r)) ++passes_seen;
    auto* b = std::get_if<BytesReceived>(&r);
    if (b && b->conn == conn && passes_seen == pass) {
      b->bytes.at(offset) ^= 0x40;
      return records;
    }
  }
  ADD_FAILURE() << "no bytes of connection " << conn << " in pass " << pass;
  return records;
}

TEST(RecordReplay, ChangedPingByteIsReportedAtItsPassTickAndConnection) {
  RecordedSession session = record_session(scripted_plan());
  auto read = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(read.ok());
  // Pass 3 holds the rest of the ping stream; its last byte is the low byte of the payload.
  SessionPlan plan = scripted_plan();
  size_t last = std::get<BytesReceived>(plan.passes[3][0]).bytes.size() - 1;
  Bytes changed = write_trace_file(read->header, with_changed_byte(read->records, 3, kPinger, last));

  VerifyResult result = verify_files({{"changed", changed}});
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kDiverged) << result.problem;
  const Divergence& d = *result.divergence;
  EXPECT_EQ(d.iteration, 3u);
  EXPECT_EQ(d.recorded_tick, session.ticks[3]);
  ASSERT_FALSE(d.connections.empty());
  EXPECT_EQ(d.connections.front(), kPinger);
  ASSERT_TRUE(d.first_packet.has_value());
  EXPECT_EQ(d.first_packet->conn, kPinger);
  EXPECT_EQ(d.first_packet->state, ProtocolState::kStatus);
  ASSERT_TRUE(d.first_packet->recorded && d.first_packet->replayed);
  EXPECT_EQ(d.first_packet->recorded->packet_id, packet_id::status_cb::ping);

  std::string report = format_divergence(d);
  EXPECT_NE(report.find("connection 7"), std::string::npos) << report;
  EXPECT_NE(report.find("status/clientbound 0x01 ping"), std::string::npos) << report;
  EXPECT_NE(report.find("field time: recorded 72623859790382856, replayed 72623859790382920"), std::string::npos)
      << report;
  EXPECT_NE(report.find("BytesReceived conn 7"), std::string::npos) << report;
}

TEST(RecordReplay, ChangedConsoleLineIsReportedAsOtherEffects) {
  RecordedSession session = record_session(scripted_plan());
  auto read = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(read.ok());
  for (Record& r : read->records)
    if (auto* line = std::get_if<ConsoleLine>(&r); line && line->text == "say hello") line->text = "say hellO";
  VerifyResult result = verify_files({{"changed", write_trace_file(read->header, read->records)}});
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kDiverged);
  EXPECT_EQ(result.divergence->iteration, 8u);
  EXPECT_TRUE(result.divergence->other_effects_differ);
  ASSERT_TRUE(result.divergence->first_effect.has_value());
  std::string report = format_divergence(*result.divergence);
  EXPECT_NE(report.find("hellO"), std::string::npos) << report;
}

TEST(RecordReplay, MissingAndExtraClockReadsAreDivergences) {
  RecordedSession session = record_session(scripted_plan());
  auto read = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(read.ok());
  // Drop the last clock read of pass 2: the core reads one value more than was recorded.
  std::vector<Record> fewer = read->records;
  size_t passes = 0, last_clock = 0;
  for (size_t i = 0; i < fewer.size(); ++i) {
    if (std::holds_alternative<ClockReadRecord>(fewer[i]) && passes == 2) last_clock = i;
    if (std::holds_alternative<IterationEndRecord>(fewer[i]) && ++passes > 2) break;
  }
  ASSERT_NE(last_clock, 0u);
  fewer.erase(fewer.begin() + static_cast<ptrdiff_t>(last_clock));
  VerifyResult result = verify_files({{"fewer", write_trace_file(read->header, fewer)}});
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kDiverged);
  EXPECT_EQ(result.divergence->iteration, 2u);
  EXPECT_EQ(result.divergence->replayed_clock_reads, result.divergence->recorded_clock_reads + 1);

  // Add a clock read to pass 2: the core leaves one unread.
  std::vector<Record> more = read->records;
  more.insert(more.begin() + static_cast<ptrdiff_t>(last_clock), ClockReadRecord{1});
  result = verify_files({{"more", write_trace_file(read->header, more)}});
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kDiverged);
  EXPECT_EQ(result.divergence->iteration, 2u);
  EXPECT_EQ(result.divergence->replayed_clock_reads + 1, result.divergence->recorded_clock_reads);
}

TEST(RecordReplay, RotatedFilesFormAChainThatVerifiesInOrderOnly) {
  SessionPlan plan = scripted_plan();
  plan.passes.resize(80);
  plan.rotation.max_file_nanos = 600'000'000;  // recorded time: a few passes per file
  RecordedSession session = record_session(plan);
  ASSERT_GE(session.files.size(), 3u);
  EXPECT_EQ(session.files[0].name, "test-0000.hztrace");
  EXPECT_EQ(session.files[1].name, "test-0001.hztrace");

  VerifyResult whole = verify_files(session.files);
  ASSERT_EQ(whole.outcome, VerifyResult::Outcome::kIdentical) << whole.problem;
  EXPECT_EQ(whole.iterations, 80u);
  EXPECT_EQ(whole.files, session.files.size());

  VerifyResult later_alone = verify_files({session.files[1]});
  EXPECT_EQ(later_alone.outcome, VerifyResult::Outcome::kUnreadable);
  EXPECT_NE(later_alone.problem.find("needs the files before it"), std::string::npos) << later_alone.problem;

  VerifyResult gap = verify_files({session.files[0], session.files[2]});
  EXPECT_EQ(gap.outcome, VerifyResult::Outcome::kUnreadable);
  EXPECT_NE(gap.problem.find("expected file 1"), std::string::npos) << gap.problem;
}

TEST(RecordReplay, CutKeepsPassesUpToTheTickAndStaysValid) {
  RecordedSession session = record_session(scripted_plan());
  int64_t to_tick = session.ticks[5];
  auto cut = cut_trace(session.files[0].bytes, to_tick);
  ASSERT_TRUE(cut.ok()) << cut.error();
  EXPECT_EQ(cut->last_tick, to_tick);
  size_t expected = 0;
  for (int64_t t : session.ticks) expected += t <= to_tick;
  EXPECT_EQ(cut->passes_kept, expected);
  VerifyResult result = verify_files({{"cut", cut->bytes}});
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical) << result.problem;
  EXPECT_EQ(result.iterations, expected);
  EXPECT_EQ(result.last_tick, to_tick);
}

}  // namespace
}  // namespace hz::testing
