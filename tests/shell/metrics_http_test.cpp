// The metrics endpoint's HTTP: GET and HEAD of /metrics, 404 elsewhere, 405 for other methods,
// 400 for a request line that is not HTTP/1.x.
#include <gtest/gtest.h>

#include "server/metrics/http_answer.h"

namespace hz {
namespace {

std::string body() { return "horizon_players_online 1\n"; }

TEST(MetricsHttp, GetMetrics) {
  std::string a = http_answer("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", body);
  EXPECT_EQ(a, "HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\n"
               "Content-Length: 25\r\nConnection: close\r\n\r\nhorizon_players_online 1\n");
  EXPECT_EQ(http_answer("GET /metrics?x=1 HTTP/1.0\r\n\r\n", body).rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
}

TEST(MetricsHttp, HeadHasHeadersOnly) {
  std::string a = http_answer("HEAD /metrics HTTP/1.1\r\n\r\n", body);
  EXPECT_EQ(a.rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
  EXPECT_NE(a.find("Content-Length: 25\r\n"), std::string::npos);
  EXPECT_TRUE(a.ends_with("\r\n\r\n"));
}

TEST(MetricsHttp, OtherPathsAndMethods) {
  int calls = 0;
  auto counted = [&] {
    ++calls;
    return std::string();
  };
  EXPECT_EQ(http_answer("GET / HTTP/1.1\r\n\r\n", counted).rfind("HTTP/1.1 404 Not Found\r\n", 0), 0u);
  EXPECT_EQ(http_answer("GET /metricsx HTTP/1.1\r\n\r\n", counted).rfind("HTTP/1.1 404", 0), 0u);
  std::string post = http_answer("POST /metrics HTTP/1.1\r\n\r\n", counted);
  EXPECT_EQ(post.rfind("HTTP/1.1 405 Method Not Allowed\r\n", 0), 0u);
  EXPECT_NE(post.find("Allow: GET, HEAD\r\n"), std::string::npos);
  EXPECT_EQ(calls, 0) << "the metrics are sampled only for a request that gets them";
}

TEST(MetricsHttp, MalformedRequestLines) {
  for (std::string_view head : {"", "\r\n\r\n", "GET\r\n\r\n", "GET /metrics\r\n\r\n", "GET /metrics SPDY/3\r\n\r\n",
                                "GET  /metrics HTTP/1.1\r\n\r\n", "GET /metrics HTTP/1.1 extra\r\n\r\n"})
    EXPECT_EQ(http_answer(head, body).rfind("HTTP/1.1 400 Bad Request\r\n", 0), 0u) << head;
}

}  // namespace
}  // namespace hz
