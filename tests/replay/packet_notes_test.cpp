// Traces without packet notes (horizon-record-packet-notes=false): no Outbound records, the same
// bit-exact replay, and a divergence that names the pass and counts what the replay sent each
// connection there.
#include <gtest/gtest.h>

#include <algorithm>

#include "replay/format/trace_edit.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {

RecordedSession session_with_notes(bool notes) {
  CoreConfig config = test_config();
  config.properties.record_packet_notes = notes;
  LiveSession session({.name = notes ? "notes" : "no-notes", .clock_seed = 8, .jobs_seed = 9, .config = config});
  session.join("Quiet", "tick query");
  session.passes(30);
  return session.finish();
}

size_t outbound_records(const std::vector<Record>& records) {
  size_t n = 0;
  for (const Record& r : records) n += std::holds_alternative<OutboundRecord>(r);
  return n;
}

TEST(PacketNotes, TurnedOffTheTraceKeepsNoneAndStillReplaysIdentically) {
  RecordedSession with = session_with_notes(true);
  RecordedSession without = session_with_notes(false);
  auto a = read_file_records(with.files[0].bytes);
  auto b = read_file_records(without.files[0].bytes);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_GT(outbound_records(a->records), 50u);
  EXPECT_EQ(outbound_records(b->records), 0u);
  EXPECT_LT(without.files[0].bytes.size(), with.files[0].bytes.size());
  EXPECT_EQ(b->header.properties.at("horizon-record-packet-notes"), "false");
  expect_identical(without);
}

// The index of the first pass with an input from `conn`: its login, which the core answers at once.
size_t first_pass_hearing(const std::vector<Record>& records, ConnId conn) {
  size_t pass = 0;
  for (const Record& r : records) {
    if (auto* in = std::get_if<BytesReceived>(&r); in && in->conn == conn) return pass;
    pass += std::holds_alternative<IterationEndRecord>(r);
  }
  return pass;
}

// The trace with the digest of pass `target` changed by `change`, verified.
template <class Change>
VerifyResult verify_changed(const FileRecords& read, size_t target, Change change) {
  std::vector<Record> records = read.records;
  size_t pass = 0;
  for (Record& r : records)
    if (auto* end = std::get_if<IterationEndRecord>(&r); end && pass++ == target) change(end->digest);
  return verify_files({{"changed", write_trace_file(read.header, records)}});
}

TEST(PacketNotes, ADivergenceWithoutNotesSaysWhichPartsDifferAndCountsThePacketsSent) {
  RecordedSession session = session_with_notes(false);
  auto read = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(read.ok()) << read.error();
  const size_t login = first_pass_hearing(read->records, kPlayer);

  // The recorded digest of the player's login pass says its packets were other ones.
  VerifyResult result = verify_changed(*read, login, [](PassDigest& d) { d.whole ^= 1, d.packets_tag ^= 1; });
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kDiverged) << result.problem;
  ASSERT_TRUE(result.divergence);
  EXPECT_EQ(result.divergence->iteration, login);
  EXPECT_FALSE(result.divergence->packets_noted);
  EXPECT_TRUE(result.divergence->packets_differ);
  EXPECT_FALSE(result.divergence->state_differs || result.divergence->unplaced);
  EXPECT_FALSE(result.divergence->first_packet);
  const auto& counts = result.divergence->replayed_packet_counts;
  auto player = std::find_if(counts.begin(), counts.end(), [](const auto& c) { return c.first == kPlayer; });
  ASSERT_NE(player, counts.end());
  EXPECT_GT(player->second, 0u);
  std::string report = format_divergence(*result.divergence);
  EXPECT_NE(report.find("outbound packets differ"), std::string::npos) << report;
  EXPECT_NE(report.find("keeps no packet notes"), std::string::npos) << report;
  EXPECT_NE(report.find("connection " + std::to_string(kPlayer) + ": " + std::to_string(player->second) + " packet"),
            std::string::npos)
      << report;

  // A digest that differs only in its whole hash: no part's tag tells which.
  result = verify_changed(*read, 4, [](PassDigest& d) { d.whole ^= 1; });
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kDiverged) << result.problem;
  ASSERT_TRUE(result.divergence);
  EXPECT_EQ(result.divergence->iteration, 4u);
  EXPECT_TRUE(result.divergence->unplaced);
  EXPECT_FALSE(result.divergence->packets_differ || result.divergence->other_effects_differ ||
               result.divergence->state_differs);
  report = format_divergence(*result.divergence);
  EXPECT_NE(report.find("not in the byte of each part"), std::string::npos) << report;
}

}  // namespace
}  // namespace hz::testing
