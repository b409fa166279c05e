// The query listener (enable-query): a UDP socket on its own thread answering GameSpy 4
// handshakes and stat requests from the server thread's latest StatusSnapshot.
#pragma once

#include <array>
#include <optional>
#include <random>
#include <string>
#include <thread>

#include "server/asio.h"
#include "server/logger.h"
#include "server/query/challenge_table.h"
#include "server/status/status_board.h"

namespace hz {

class QueryListener {
 public:
  QueryListener(const StatusBoard& board, Logger& logger);
  ~QueryListener();

  // Binds the UDP socket on `ip` ("" = every address); an error text on failure. The answers
  // report `ip` as hostip, or this host's address when it is empty (as vanilla does).
  std::optional<std::string> listen(const std::string& ip, int port);
  int bound_port() const { return bound_port_; }
  void start();
  void stop();

 private:
  void receive_next();
  void handle(size_t length);
  void prune_later();
  query::QueryStatus query_status() const;
  static int64_t now_millis();

  const StatusBoard& board_;
  Logger& logger_;
  boost::asio::io_context io_;
  boost::asio::ip::udp::socket socket_;
  boost::asio::steady_timer prune_timer_;
  boost::asio::ip::udp::endpoint sender_;
  std::array<uint8_t, query::kMaxRequestBytes> buffer_{};
  std::thread thread_;
  query::ChallengeTable challenges_;
  std::mt19937 tokens_;
  std::string bind_ip_;
  std::string host_ip_ = "0.0.0.0";
  int bound_port_ = 0;
};

}  // namespace hz
