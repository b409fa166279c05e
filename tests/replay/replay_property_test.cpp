// Properties of record and replay over random sessions: connections opening and closing, valid
// client streams split at random points, garbage bytes, console lines, job results and clock
// values with stalls. Replay reproduces every digest; a changed ping byte is reported at the pass
// where the ping completes, on its connection.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "replay/format/trace_edit.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {

const std::vector<std::string> kConsoleLines = {"tick query",
                                                "say hi",
                                                "list",
                                                "tick rate 30",
                                                "tick freeze",
                                                "tick step 3",
                                                "tick unfreeze",
                                                "tick sprint 4",
                                                "help",
                                                "no such command",
                                                "gamerule keepInventory true",
                                                "time set 100"};

// One connection's events in order: open, its bytes in random pieces, perhaps a close.
std::vector<Input> connection_events(ConnId conn) {
  Bytes stream;
  switch (*rc::gen::inRange(0, 4)) {
    case 0:
      stream = status_ping_stream(*rc::gen::arbitrary<int64_t>());
      break;
    case 1:
      stream =
          join_stream(*rc::gen::element<std::string>("Alice", "Bob", "Carol"), 256, *rc::gen::elementOf(kConsoleLines));
      break;
    case 2:
      stream = *rc::gen::container<Bytes>(*rc::gen::inRange(1, 200), rc::gen::arbitrary<uint8_t>());
      break;
    default: {
      Bytes join = join_stream("Dave", 256, "list");
      stream.assign(join.begin(), join.begin() + *rc::gen::inRange<ptrdiff_t>(1, static_cast<ptrdiff_t>(join.size())));
    }
  }
  if (*rc::gen::inRange(0, 8) == 0) {  // garbage in the middle of a valid stream
    size_t at = *rc::gen::inRange<size_t>(0, stream.size());
    Bytes junk = *rc::gen::container<Bytes>(*rc::gen::inRange(1, 8), rc::gen::arbitrary<uint8_t>());
    stream.insert(stream.begin() + static_cast<ptrdiff_t>(at), junk.begin(), junk.end());
  }
  std::vector<Input> events{ConnectionOpened{conn, "10.0.0." + std::to_string(conn) + ":40000"}};
  for (size_t pos = 0; pos < stream.size();) {
    size_t piece = std::min(stream.size() - pos, *rc::gen::inRange<size_t>(1, 96));
    events.push_back(BytesReceived{conn, Bytes(stream.begin() + static_cast<ptrdiff_t>(pos),
                                               stream.begin() + static_cast<ptrdiff_t>(pos + piece))});
    pos += piece;
  }
  if (*rc::gen::inRange(0, 3) == 0) events.push_back(ConnectionClosed{conn});
  return events;
}

// Merges the connections' event lists at random, adds console lines and job results, and cuts
// the result into passes (empty passes included).
SessionPlan random_plan(std::vector<std::vector<Input>> per_connection) {
  std::vector<Input> merged;
  std::vector<size_t> next(per_connection.size(), 0);
  for (;;) {
    std::vector<size_t> open;
    for (size_t i = 0; i < per_connection.size(); ++i)
      if (next[i] < per_connection[i].size()) open.push_back(i);
    if (*rc::gen::inRange(0, 6) == 0) merged.push_back(ConsoleLine{*rc::gen::elementOf(kConsoleLines)});
    if (*rc::gen::inRange(0, 12) == 0)
      merged.push_back(JobCompleted{*rc::gen::inRange<uint64_t>(1u << 20, (1u << 20) + 40),
                                    *rc::gen::container<Bytes>(3, rc::gen::arbitrary<uint8_t>())});
    if (open.empty()) break;
    size_t pick = open[*rc::gen::inRange<size_t>(0, open.size())];
    merged.push_back(per_connection[pick][next[pick]++]);
  }
  SessionPlan plan;
  plan.clock_seed = *rc::gen::arbitrary<uint64_t>();
  plan.stop_at_end = *rc::gen::arbitrary<bool>();
  plan.passes.resize(1);
  for (Input& in : merged) {
    int advance =
        *rc::gen::weightedOneOf<int>({{6, rc::gen::just(0)}, {3, rc::gen::just(1)}, {1, rc::gen::inRange(2, 5)}});
    plan.passes.resize(plan.passes.size() + static_cast<size_t>(advance));
    plan.passes.back().push_back(std::move(in));
  }
  plan.passes.resize(plan.passes.size() + *rc::gen::inRange<size_t>(0, 4));
  return plan;
}

std::vector<std::vector<Input>> random_connections(ConnId first) {
  std::vector<std::vector<Input>> out;
  int n = *rc::gen::inRange(0, 5);
  for (int i = 0; i < n; ++i) out.push_back(connection_events(first + static_cast<ConnId>(i)));
  return out;
}

RC_GTEST_PROP(ReplayProperty, RandomSessionsReplayWithIdenticalDigests, ()) {
  SessionPlan plan = random_plan(random_connections(1));
  RecordedSession session = record_session(plan);
  VerifyResult result = verify_files(session.files);
  RC_ASSERT(result.outcome == VerifyResult::Outcome::kIdentical);
  RC_ASSERT(result.iterations == plan.passes.size());
  RC_ASSERT(result.last_tick == session.ticks.back());
}

RC_GTEST_PROP(ReplayProperty, SmallFramesAndRotationKeepTheChainExact, ()) {
  SessionPlan plan = random_plan(random_connections(1));
  plan.frames.max_raw_bytes = *rc::gen::inRange<size_t>(16, 600);  // passes split across frames
  plan.rotation.max_file_nanos = *rc::gen::inRange<int64_t>(100'000'000, 2'000'000'000);
  RecordedSession session = record_session(plan);
  VerifyResult result = verify_files(session.files);
  RC_ASSERT(result.outcome == VerifyResult::Outcome::kIdentical);
  RC_ASSERT(result.files == session.files.size());
  RC_ASSERT(result.iterations == plan.passes.size());
}

RC_GTEST_PROP(ReplayProperty, ChangedPingByteIsReportedWhereThePingCompletes, ()) {
  constexpr ConnId kPing = 50;
  int64_t payload = *rc::gen::arbitrary<int64_t>();
  std::vector<std::vector<Input>> conns = random_connections(1);
  // The pinger: a valid status ping in random pieces, never garbled.
  Bytes stream = status_ping_stream(payload);
  std::vector<Input> ping{ConnectionOpened{kPing, "10.0.0.50:40000"}};
  for (size_t pos = 0; pos < stream.size();) {
    size_t piece = std::min(stream.size() - pos, *rc::gen::inRange<size_t>(1, 24));
    ping.push_back(BytesReceived{kPing, Bytes(stream.begin() + static_cast<ptrdiff_t>(pos),
                                              stream.begin() + static_cast<ptrdiff_t>(pos + piece))});
    pos += piece;
  }
  conns.push_back(std::move(ping));
  SessionPlan plan = random_plan(std::move(conns));
  RecordedSession session = record_session(plan);

  // The pass holding the ping's last byte is where the pong is sent; change one payload byte.
  size_t target_pass = 0;
  for (size_t p = 0; p < plan.passes.size(); ++p)
    for (const Input& in : plan.passes[p])
      if (auto* b = std::get_if<BytesReceived>(&in); b && b->conn == kPing) target_pass = p;
  size_t payload_byte = *rc::gen::inRange<size_t>(0, 8);
  size_t offset_in_stream = stream.size() - 8 + payload_byte;

  auto read = read_file_records(session.files[0].bytes);
  RC_ASSERT(read.ok());
  size_t seen = 0, pass = 0;
  bool changed = false;
  for (Record& r : read->records) {
    if (std::holds_alternative<IterationEndRecord>(r)) ++pass;
    auto* b = std::get_if<BytesReceived>(&r);
    if (!b || b->conn != kPing) continue;
    if (offset_in_stream >= seen && offset_in_stream < seen + b->bytes.size()) {
      b->bytes[offset_in_stream - seen] ^= static_cast<uint8_t>(*rc::gen::inRange(1, 256));
      changed = true;
    }
    seen += b->bytes.size();
  }
  RC_ASSERT(changed);
  VerifyResult result = verify_files({{"changed", write_trace_file(read->header, read->records)}});
  RC_ASSERT(result.outcome == VerifyResult::Outcome::kDiverged);
  const Divergence& d = *result.divergence;
  RC_ASSERT(d.iteration == target_pass);
  RC_ASSERT(d.recorded_tick == session.ticks[target_pass]);
  RC_ASSERT(std::find(d.connections.begin(), d.connections.end(), kPing) != d.connections.end());
  RC_ASSERT(d.first_packet.has_value());
  if (d.connections.front() == kPing) {
    RC_ASSERT(d.first_packet->state == ProtocolState::kStatus);
    RC_ASSERT(d.first_packet->recorded.has_value());
    RC_ASSERT(d.first_packet->recorded->packet_id == packet_id::status_cb::ping);
  }
}

}  // namespace
}  // namespace hz::testing
