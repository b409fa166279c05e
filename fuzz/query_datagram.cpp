// Fuzz target: the query datagram parser and the answers built for what it accepts. Invariants:
// no crash; the request kind follows vanilla's length rule; answers echo the session and end
// with NUL; Java's UTF-8 round trip of any bytes is valid UTF-8 that round-trips unchanged.
#include <algorithm>
#include <cassert>
#include <string>

#include "server/query/challenge_table.h"
#include "server/query/query_protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::span<const uint8_t> datagram(data, size);
  auto request = hz::query::parse_request(datagram);
  if (!request) {
    assert(!request.error().empty());
  } else {
    size_t length = std::min(size, hz::query::kMaxRequestBytes);
    assert(length >= 7);
    if (request->kind == hz::query::RequestKind::kFullStat) assert(length == 15);
    if (request->kind == hz::query::RequestKind::kBasicStat) assert(length >= 11 && length != 15);

    hz::query::ChallengeTable table(0);
    int32_t token = request->token & (hz::query::kTokenBound - 1);
    assert(table.issue("sender", request->session, token, 0));
    assert(table.check("sender", token) == request->session);

    hz::query::QueryStatus status;
    std::string text(reinterpret_cast<const char*>(data), size);  // arbitrary bytes as every string
    status.motd = status.level_name = status.host_ip = text;
    status.player_names = {text, text};
    status.port = request->token & 0xFFFF;
    hz::Bytes hello = hz::query::handshake_answer(request->session, token);
    assert(hello.front() == 0x09 && hello.back() == 0);
    for (const hz::Bytes& answer : {hz::query::basic_stat_answer(request->session, status),
                                    hz::query::full_stat_answer(request->session, status)}) {
      assert(answer.size() >= 5 && answer[0] == 0);
      assert(std::equal(request->session.begin(), request->session.end(), answer.begin() + 1));
      assert(answer.back() == 0 && answer.size() <= hz::query::kMaxAnswerBytes);
    }
  }
  std::string once = hz::query::java_utf8_round_trip(datagram);
  std::span<const uint8_t> once_bytes(reinterpret_cast<const uint8_t*>(once.data()), once.size());
  assert(hz::query::java_utf8_round_trip(once_bytes) == once);
  assert(hz::query::java_low_bytes(std::string_view(reinterpret_cast<const char*>(data), size)).size() <= size);
  return 0;
}
