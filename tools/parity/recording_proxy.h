// horizon-parity record: a TCP proxy between clients and an offline-mode server that forwards
// every byte unchanged and records each connection's packets, both ways, as it goes.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/parity/asio.h"
#include "tools/parity/recording_file.h"

namespace hz::parity {

class ProxySession;

class RecordingProxy {
 public:
  struct Options {
    std::string listen_host = "127.0.0.1";
    uint16_t listen_port = 0;  // 0: any free port (bound_port() says which)
    std::string upstream_host;
    uint16_t upstream_port = 0;
  };
  using Log = std::function<void(const std::string&)>;

  // Everything runs on `io`'s one thread: sessions, recording and the flush timer.
  RecordingProxy(boost::asio::io_context& io, Options options, RecordingFile& file, Log log);
  ~RecordingProxy();

  // Resolves upstream and binds the listener; the error otherwise.
  std::optional<std::string> start();
  uint16_t bound_port() const { return bound_port_; }
  // Closes the listener and every open connection (recorded as closed by the proxy), then
  // writes the recording's last frame.
  void stop();

  // Used by sessions (io thread only).
  int64_t micros_now() const;
  void record(Event event) { file_.add(event); }
  void log(const std::string& text) { log_(text); }
  const std::string& upstream_name() const { return upstream_name_; }

 private:
  void accept_next();
  void schedule_flush();

  boost::asio::io_context& io_;
  Options options_;
  RecordingFile& file_;
  Log log_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer flush_timer_;
  std::vector<boost::asio::ip::tcp::endpoint> upstream_;
  std::string upstream_name_;
  std::vector<std::weak_ptr<ProxySession>> sessions_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  uint64_t next_conn_ = 1;
  uint16_t bound_port_ = 0;
  bool stopped_ = false;
};

}  // namespace hz::parity
