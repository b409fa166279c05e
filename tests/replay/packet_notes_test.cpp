// Traces without packet notes (horizon-record-packet-notes=false): no Outbound records, the same
// bit-exact replay, and a divergence that names the pass and connection and lists what the replay
// sent there.
#include <gtest/gtest.h>

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

TEST(PacketNotes, ADivergenceWithoutNotesListsTheReplayedPacketsOfTheConnection) {
  RecordedSession session = session_with_notes(false);
  auto read = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(read.ok()) << read.error();
  std::vector<Record> records = read->records;
  // The recorded digest of the player's connection in its first pass in play says otherwise.
  uint64_t changed = 0;
  for (Record& r : records) {
    auto* end = std::get_if<IterationEndRecord>(&r);
    if (!end || changed) continue;
    if (auto it = end->digest.outbound.find(kPlayer); it != end->digest.outbound.end()) it->second ^= 1, ++changed;
  }
  ASSERT_EQ(changed, 1u);
  VerifyResult result = verify_files({{"changed", write_trace_file(read->header, records)}});
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kDiverged) << result.problem;
  ASSERT_TRUE(result.divergence);
  EXPECT_FALSE(result.divergence->packets_noted);
  EXPECT_FALSE(result.divergence->first_packet);
  EXPECT_FALSE(result.divergence->replayed_packets.empty());
  const std::string report = format_divergence(*result.divergence);
  EXPECT_NE(report.find("connection " + std::to_string(kPlayer) + ": outbound packets differ"), std::string::npos) << report;
  EXPECT_NE(report.find("keeps no packet notes"), std::string::npos) << report;
}

}  // namespace
}  // namespace hz::testing
