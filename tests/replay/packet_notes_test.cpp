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

// The index of the first pass in which the core sent `conn` a packet, read from a trace with notes.
size_t first_pass_sending(const std::vector<Record>& records, ConnId conn) {
  size_t pass = 0;
  for (const Record& r : records) {
    if (auto* out = std::get_if<OutboundRecord>(&r); out && out->conn == conn) return pass;
    pass += std::holds_alternative<IterationEndRecord>(r);
  }
  return pass;
}

TEST(PacketNotes, ADivergenceWithoutNotesCountsThePacketsTheReplaySentEachConnection) {
  // Notes do not change what the core does: the pass that first sent the player something is the
  // same in both sessions.
  auto noted = read_file_records(session_with_notes(true).files[0].bytes);
  RecordedSession session = session_with_notes(false);
  auto read = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(noted.ok() && read.ok()) << read.error();
  const size_t target = first_pass_sending(noted->records, kPlayer);
  std::vector<Record> records = read->records;
  // The recorded digest of that pass says its packets were other ones.
  size_t pass = 0;
  bool changed = false;
  for (Record& r : records) {
    auto* end = std::get_if<IterationEndRecord>(&r);
    if (!end) continue;
    if (pass++ == target) end->digest.whole ^= 1, end->digest.packets_tag ^= 1, changed = true;
  }
  ASSERT_TRUE(changed);
  VerifyResult result = verify_files({{"changed", write_trace_file(read->header, records)}});
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kDiverged) << result.problem;
  ASSERT_TRUE(result.divergence);
  EXPECT_EQ(result.divergence->iteration, target);
  EXPECT_FALSE(result.divergence->packets_noted);
  EXPECT_TRUE(result.divergence->packets_differ);
  EXPECT_FALSE(result.divergence->state_differs);
  EXPECT_FALSE(result.divergence->first_packet);
  const auto& counts = result.divergence->replayed_packet_counts;
  auto player = std::find_if(counts.begin(), counts.end(), [](const auto& c) { return c.first == kPlayer; });
  ASSERT_NE(player, counts.end());
  EXPECT_GT(player->second, 0u);
  const std::string report = format_divergence(*result.divergence);
  EXPECT_NE(report.find("outbound packets differ"), std::string::npos) << report;
  EXPECT_NE(report.find("keeps no packet notes"), std::string::npos) << report;
  EXPECT_NE(report.find("connection " + std::to_string(kPlayer) + ": " + std::to_string(player->second) + " packet"),
            std::string::npos)
      << report;
}

}  // namespace
}  // namespace hz::testing
