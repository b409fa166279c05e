// The shell's HTTP(S) client for online mode's hasJoined: each request runs on the client's own
// thread (Boost.Beast, TLS through Boost.Asio SSL) and its answer is handed on as a SessionAnswer.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "server/asio.h"

#include <boost/asio/ssl.hpp>
#include "sim/core/inputs.h"

namespace hz::auth {

class SessionClient {
 public:
  // `deliver` receives every answer, on the client's thread (the server passes Inbox::push).
  explicit SessionClient(std::function<void(SessionAnswer)> deliver);
  ~SessionClient();
  SessionClient(const SessionClient&) = delete;
  SessionClient& operator=(const SessionClient&) = delete;

  // Asks `url` (a whole hasJoined URL, http:// or https://) for connection `conn`. A failure
  // of any kind (DNS, connect, TLS, timeout, HTTP status, body) arrives as kUnreachable.
  void ask(ConnId conn, std::string url);

  // How long one request may take in all before it counts as failed.
  static constexpr std::chrono::seconds kTimeout{10};

 private:
  std::function<void(SessionAnswer)> deliver_;
  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  std::unique_ptr<boost::asio::ssl::context> tls_;
  std::thread thread_;
};

}  // namespace hz::auth
