// The session server's side without sockets: the hasJoined URL (escaping, ip only when asked),
// URL splitting for the HTTP client, and answers read into SessionAnswer inputs.
#include <gtest/gtest.h>

#include "server/auth/session_server.h"

namespace hz::auth {
namespace {

TEST(HasJoinedUrl, CarriesNameServerIdAndIpOnlyWhenGiven) {
  EXPECT_EQ(has_joined_url("https://sessionserver.mojang.com", "Notch", "-7c9d5b", std::nullopt),
            "https://sessionserver.mojang.com/session/minecraft/hasJoined?username=Notch&serverId=-7c9d5b");
  EXPECT_EQ(has_joined_url("http://127.0.0.1:8080/", "a b", "4ed1", std::string("203.0.113.7")),
            "http://127.0.0.1:8080/session/minecraft/hasJoined?username=a%20b&serverId=4ed1&ip=203.0.113.7");
  EXPECT_EQ(url_escape("2001:db8::1&x"), "2001%3Adb8%3A%3A1%26x");
}

TEST(HttpUrl, SplitsSchemeHostPortAndTarget) {
  auto a = parse_http_url("https://sessionserver.mojang.com/session/minecraft/hasJoined?username=x");
  ASSERT_TRUE(a.ok()) << a.error();
  EXPECT_TRUE(a->tls);
  EXPECT_EQ(a->host, "sessionserver.mojang.com");
  EXPECT_EQ(a->port, "443");
  EXPECT_EQ(a->target, "/session/minecraft/hasJoined?username=x");
  auto b = parse_http_url("http://127.0.0.1:8765");
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_FALSE(b->tls);
  EXPECT_EQ(b->host, "127.0.0.1");
  EXPECT_EQ(b->port, "8765");
  EXPECT_EQ(b->target, "/");
  auto c = parse_http_url("http://[::1]:99/x");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->host, "::1");
  EXPECT_EQ(c->port, "99");
  EXPECT_FALSE(parse_http_url("ftp://example.org").ok());
  EXPECT_FALSE(parse_http_url("http://host:port/").ok());
  EXPECT_FALSE(parse_http_url("https:///x").ok());
}

TEST(HasJoinedAnswer, AProfileIsVerifiedWithItsProperties) {
  const SessionAnswer a = read_has_joined(
      3, 200,
      R"({"id":"069a79f444e94726a5befca90e38aaf5","name":"Notch","properties":[)"
      R"({"name":"textures","value":"e30=","signature":"c2ln"},{"name":"other","value":"x"}]})");
  EXPECT_EQ(a.conn, 3u);
  EXPECT_EQ(a.outcome, SessionOutcome::kVerified);
  EXPECT_EQ(a.id_most, 0x069a79f444e94726ull);
  EXPECT_EQ(a.id_least, 0xa5befca90e38aaf5ull);
  EXPECT_EQ(a.name, "Notch");
  ASSERT_EQ(a.properties.size(), 2u);
  EXPECT_EQ(a.properties[0], (SessionProfileProperty{"textures", "e30=", true, "c2ln"}));
  EXPECT_EQ(a.properties[1], (SessionProfileProperty{"other", "x", false, ""}));
}

TEST(HasJoinedAnswer, NoContentIsUnverifiedAndFailuresAreUnreachable) {
  EXPECT_EQ(read_has_joined(1, 204, "").outcome, SessionOutcome::kUnverified);
  EXPECT_EQ(read_has_joined(1, 200, "{}").outcome, SessionOutcome::kUnverified);
  EXPECT_EQ(read_has_joined(1, 500, "").outcome, SessionOutcome::kUnreachable);
  EXPECT_EQ(read_has_joined(1, 429, "").outcome, SessionOutcome::kUnreachable);
  EXPECT_EQ(read_has_joined(1, 200, "not json").outcome, SessionOutcome::kUnreachable);
  EXPECT_EQ(read_has_joined(1, 200, R"({"id":"xyz","name":"Notch"})").outcome, SessionOutcome::kUnreachable);
  EXPECT_EQ(read_has_joined(1, 200, R"({"id":"069a79f444e94726a5befca90e38aaf5","name":"N","properties":[{"name":1}]})")
                .outcome,
            SessionOutcome::kUnreachable);
}

}  // namespace
}  // namespace hz::auth
