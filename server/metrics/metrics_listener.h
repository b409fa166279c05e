// The metrics endpoint (horizon-metrics-port): HTTP/1.1 on its own thread, one request per
// connection, answered with the Prometheus text of a sample taken when the request arrives.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <thread>

#include "server/asio.h"
#include "server/logger.h"

namespace hz {

class MetricsListener {
 public:
  // `metrics_body` runs on the listener's thread; it must only read shared state.
  MetricsListener(std::function<std::string()> metrics_body, Logger& logger);
  ~MetricsListener();

  std::optional<std::string> listen(const std::string& ip, int port);
  int bound_port() const { return bound_port_; }
  void start();
  void stop();

 private:
  void accept_next();

  std::function<std::string()> metrics_body_;
  Logger& logger_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::thread thread_;
  int bound_port_ = 0;
};

}  // namespace hz
