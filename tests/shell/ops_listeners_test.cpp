// The query and metrics listeners on real loopback sockets: a handshake, a full stat and a
// scrape answered from a published StatusSnapshot, and garbage ignored without harm.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "server/asio.h"
#include "server/metrics/metrics_listener.h"
#include "server/query/query_listener.h"

namespace hz {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
using asio::ip::udp;

class OpsListeners : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("hz_ops_listeners_" + std::to_string(::getpid()) + "_" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(folder_);
    logger_ = std::make_unique<Logger>(folder_);
    StatusSnapshot s;
    s.published = true;
    s.motd = "Ops test";
    s.level_name = "world";
    s.version = "26.1";
    s.max_players = 12;
    s.port = 25565;
    s.players = {"Alice", "Bob"};
    board_.publish(s);
  }
  void TearDown() override {
    logger_.reset();
    std::filesystem::remove_all(folder_);
  }

  std::filesystem::path folder_;
  std::unique_ptr<Logger> logger_;
  StatusBoard board_;
};

// Sends a datagram and waits up to a second for the answer; empty when none came.
Bytes exchange(udp::socket& socket, const udp::endpoint& to, const Bytes& request) {
  socket.send_to(asio::buffer(request), to);
  std::array<uint8_t, 65536> buffer{};
  udp::endpoint from;
  for (int i = 0; i < 100; ++i) {
    boost::system::error_code ec;
    size_t n = socket.receive_from(asio::buffer(buffer), from, 0, ec);
    if (!ec) return Bytes(buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(n));
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return {};
}

TEST_F(OpsListeners, QueryAnswersHandshakeAndFullStat) {
  QueryListener listener(board_, *logger_);
  ASSERT_FALSE(listener.listen("127.0.0.1", 0).has_value());
  listener.start();
  asio::io_context io;
  udp::socket socket(io, udp::endpoint(udp::v4(), 0));
  socket.non_blocking(true);
  udp::endpoint server(asio::ip::make_address("127.0.0.1"), static_cast<uint16_t>(listener.bound_port()));

  EXPECT_TRUE(exchange(socket, server, Bytes{0x01, 0x02, 0x03}).empty()) << "garbage gets no answer";
  Bytes hello = exchange(socket, server, Bytes{0xFE, 0xFD, 0x09, 0x00, 0x00, 0x00, 0x01});
  ASSERT_GE(hello.size(), 7u);
  EXPECT_EQ(hello[0], 0x09);
  std::string token(hello.begin() + 5, hello.end() - 1);
  int32_t t = std::stoi(token);
  Bytes wrong{0xFE, 0xFD, 0x00, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};
  uint32_t bad = static_cast<uint32_t>(t) ^ 1u;
  for (int i = 0; i < 4; ++i) wrong[7 + i] = static_cast<uint8_t>(bad >> (24 - 8 * i));
  EXPECT_TRUE(exchange(socket, server, wrong).empty()) << "a wrong token gets no answer";
  Bytes full = wrong;
  for (int i = 0; i < 4; ++i) full[7 + i] = static_cast<uint8_t>(static_cast<uint32_t>(t) >> (24 - 8 * i));
  Bytes answer = exchange(socket, server, full);
  std::string text(answer.begin(), answer.end());
  EXPECT_NE(text.find(std::string("hostname\0Ops test\0", 18)), std::string::npos);
  EXPECT_NE(text.find(std::string("hostip") + '\0' + "127.0.0.1" + '\0'), std::string::npos);
  EXPECT_NE(text.find(std::string("player_\0\0Alice\0Bob\0\0", 20)), std::string::npos);
  listener.stop();
}

TEST_F(OpsListeners, MetricsServesTheBody) {
  MetricsListener listener([] { return std::string("horizon_players_online 2\n"); }, *logger_);
  ASSERT_FALSE(listener.listen("127.0.0.1", 0).has_value());
  listener.start();
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), static_cast<uint16_t>(listener.bound_port())));
  std::string request = "GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n";
  asio::write(socket, asio::buffer(request));
  std::string response;
  boost::system::error_code ec;
  asio::read(socket, asio::dynamic_buffer(response), ec);
  EXPECT_EQ(ec, asio::error::eof);
  EXPECT_EQ(response.rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
  EXPECT_TRUE(response.ends_with("\r\n\r\nhorizon_players_online 2\n"));
  listener.stop();
}

}  // namespace
}  // namespace hz
