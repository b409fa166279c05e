// The query codec against the rule in docs/query.md: requests parsed or refused, and the
// handshake, basic and full stat answers checked byte by byte.
#include <gtest/gtest.h>

#include "server/query/query_protocol.h"

namespace hz::query {
namespace {

Bytes bytes(std::initializer_list<int> values) {
  Bytes out;
  for (int v : values) out.push_back(static_cast<uint8_t>(v));
  return out;
}

void append(Bytes& out, std::string_view text) { out.insert(out.end(), text.begin(), text.end()); }

void append_nt(Bytes& out, std::string_view text) {
  append(out, text);
  out.push_back(0);
}

QueryStatus sample_status() {
  QueryStatus s;
  s.motd = "A Minecraft Server";
  s.version = "26.1";
  s.level_name = "world";
  s.players = 2;
  s.max_players = 20;
  s.port = 25565;  // 0x63DD
  s.host_ip = "127.0.0.1";
  s.player_names = {"Alice", "Bob"};
  return s;
}

TEST(QueryParse, Handshake) {
  auto r = parse_request(bytes({0xFE, 0xFD, 0x09, 0x01, 0x02, 0x03, 0x04}));
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->kind, RequestKind::kHandshake);
  EXPECT_EQ(r->session, (SessionId{1, 2, 3, 4}));
}

TEST(QueryParse, BasicStatIsElevenBytesAndTokenIsBigEndian) {
  auto r = parse_request(bytes({0xFE, 0xFD, 0x00, 0x01, 0x02, 0x03, 0x04, 0x00, 0x91, 0x29, 0x5B}));
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->kind, RequestKind::kBasicStat);
  EXPECT_EQ(r->token, 9513307);
  EXPECT_EQ(r->session, (SessionId{1, 2, 3, 4}));
}

TEST(QueryParse, FullStatIsExactlyFifteenBytes) {
  Bytes full = bytes({0xFE, 0xFD, 0x00, 0x01, 0x02, 0x03, 0x04, 0xFF, 0xFF, 0xFF, 0xFE, 0, 0, 0, 0});
  auto r = parse_request(full);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->kind, RequestKind::kFullStat);
  EXPECT_EQ(r->token, -2);
  // Vanilla tells them apart by length alone: one byte more or less is a basic stat.
  full.push_back(0);
  EXPECT_EQ(parse_request(full)->kind, RequestKind::kBasicStat);
  full.resize(14);
  EXPECT_EQ(parse_request(full)->kind, RequestKind::kBasicStat);
}

TEST(QueryParse, OversizedDatagramIsReadAsVanillasBufferHoldsIt) {
  Bytes big(4000, 0);
  big[0] = 0xFE, big[1] = 0xFD, big[2] = 0x00;
  auto r = parse_request(big);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->kind, RequestKind::kBasicStat);
}

TEST(QueryParse, MalformedDatagramsAreRefused) {
  EXPECT_FALSE(parse_request(Bytes{}).ok());
  EXPECT_FALSE(parse_request(bytes({0xFE, 0xFD})).ok());
  EXPECT_FALSE(parse_request(bytes({0xFD, 0xFE, 0x09, 1, 2, 3, 4})).ok());     // magic swapped
  EXPECT_FALSE(parse_request(bytes({0xFE, 0xFD, 0x09, 1, 2, 3})).ok());        // session cut
  EXPECT_FALSE(parse_request(bytes({0xFE, 0xFD, 0x00, 1, 2, 3, 4, 0, 0, 1})).ok());  // token cut
  EXPECT_FALSE(parse_request(bytes({0xFE, 0xFD, 0x05, 1, 2, 3, 4, 0, 0, 0, 1})).ok());  // unknown type
  EXPECT_FALSE(parse_request(bytes({0xFE, 0xFD, 0x0A, 1, 2, 3, 4})).ok());
}

TEST(QueryAnswer, HandshakeEchoesSessionAndWritesTokenInDecimal) {
  Bytes expected = bytes({0x09, 0x01, 0x02, 0x03, 0x04});
  append_nt(expected, "9513307");
  EXPECT_EQ(handshake_answer({1, 2, 3, 4}, 9513307), expected);
  EXPECT_EQ(handshake_answer({1, 2, 3, 4}, 0), bytes({0x09, 1, 2, 3, 4, '0', 0}));
}

TEST(QueryAnswer, HandshakeSessionGoesThroughJavasUtf8RoundTrip) {
  // 0xC3 0xA9 is "é" (kept); a lone 0x80 and a cut 0xE2 each become U+FFFD.
  Bytes answer = handshake_answer({0xC3, 0xA9, 0x80, 0xE2}, 7);
  EXPECT_EQ(answer, bytes({0x09, 0xC3, 0xA9, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, '7', 0}));
}

TEST(QueryAnswer, BasicStatLayout) {
  Bytes expected = bytes({0x00, 0x0A, 0x0B, 0x0C, 0x0D});
  append_nt(expected, "A Minecraft Server");
  append_nt(expected, "SMP");
  append_nt(expected, "world");
  append_nt(expected, "2");
  append_nt(expected, "20");
  expected.push_back(0xDD);  // 25565, little-endian
  expected.push_back(0x63);
  append_nt(expected, "127.0.0.1");
  EXPECT_EQ(basic_stat_answer({0x0A, 0x0B, 0x0C, 0x0D}, sample_status()), expected);
}

TEST(QueryAnswer, FullStatLayout) {
  Bytes expected = bytes({0x00, 0x0A, 0x0B, 0x0C, 0x0D});
  append_nt(expected, "splitnum");
  expected.push_back(0x80);
  expected.push_back(0x00);
  for (std::string_view kv : {"hostname", "A Minecraft Server", "gametype", "SMP", "game_id", "MINECRAFT", "version",
                              "26.1", "plugins", "", "map", "world", "numplayers", "2", "maxplayers", "20", "hostport",
                              "25565", "hostip", "127.0.0.1"})
    append_nt(expected, kv);
  expected.push_back(0x00);
  expected.push_back(0x01);
  append_nt(expected, "player_");
  expected.push_back(0x00);
  append_nt(expected, "Alice");
  append_nt(expected, "Bob");
  expected.push_back(0x00);
  EXPECT_EQ(full_stat_answer({0x0A, 0x0B, 0x0C, 0x0D}, sample_status()), expected);
}

TEST(QueryAnswer, FullStatWithoutPlayersEndsWithTwoZeros) {
  QueryStatus s = sample_status();
  s.players = 0;
  s.player_names.clear();
  Bytes answer = full_stat_answer({0, 0, 0, 0}, s);
  Bytes tail = bytes({0x00, 0x01, 'p', 'l', 'a', 'y', 'e', 'r', '_', 0x00, 0x00, 0x00});
  ASSERT_GE(answer.size(), tail.size());
  EXPECT_EQ(Bytes(answer.end() - static_cast<std::ptrdiff_t>(tail.size()), answer.end()), tail);
}

TEST(QueryAnswer, FullStatStaysWithinOneDatagram) {
  QueryStatus s = sample_status();
  s.player_names.assign(10000, std::string(16, 'x'));
  Bytes answer = full_stat_answer({0, 0, 0, 0}, s);
  EXPECT_LE(answer.size(), kMaxAnswerBytes);
  EXPECT_EQ(answer.back(), 0x00);
  EXPECT_EQ(answer[answer.size() - 2], 0x00);  // the last name's terminator, then the end
}

TEST(QueryText, StringsAreWrittenAsJavasWriteBytes) {
  EXPECT_EQ(java_low_bytes("plain"), "plain");
  EXPECT_EQ(java_low_bytes("\xC2\xA7" "aHi"), "\xA7" "aHi");  // § -> 0xA7
  EXPECT_EQ(java_low_bytes("\xE2\x82\xAC"), "\xAC");          // € U+20AC -> 0xAC
  // U+1F600 is the surrogate pair D83D DE00 in Java: two bytes, 0x3D and 0x00.
  EXPECT_EQ(java_low_bytes("\xF0\x9F\x98\x80"), std::string("\x3D\x00", 2));
  EXPECT_EQ(java_low_bytes("\xFF"), "\xFF");  // not UTF-8: the byte itself
}

}  // namespace
}  // namespace hz::query
