// TCP for the live server: an Asio acceptor and connections on a network thread. Bytes read
// become inputs in the inbox; each pass's packets for a connection are framed and written together.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/asio.h"
#include "server/frame_cache.h"
#include "server/inbox.h"
#include "server/logger.h"
#include "server/metrics/traffic_counters.h"
#include "sim/core/effects.h"

namespace hz {

class ClientSocket;

class Network {
 public:
  // A connection stops being read while this many of its bytes wait for the server thread
  // (backpressure: a flooding client fills its socket buffers, not the server's memory).
  static constexpr size_t kMaxUnprocessedBytes = 1u << 20;

  Network(Inbox& inbox, Logger& logger);
  ~Network();

  // Binds the listening socket; returns an error text on failure.
  std::optional<std::string> listen(const std::string& ip, int port);
  int bound_port() const { return bound_port_; }
  void start();
  void stop();

  // Server thread: hands over one pass's connection effects (SendPacket, EnableCompression,
  // CloseConnection), in the order the core produced them. Each connection gets one write.
  void deliver(std::vector<Effect>& connection_effects);

  // Server thread: online mode's handshake succeeded; from now on the connection's bytes are
  // encrypted with the shared secret both ways (call before delivering the next effects).
  void start_encryption(ConnId conn, Bytes shared_secret);

  // Server thread: the core has handled these received bytes; connections paused for
  // backpressure resume reading once under the bound.
  void release(const std::map<ConnId, size_t>& handled_bytes);
  static std::map<ConnId, size_t> received_bytes(const std::vector<Input>& inputs);
  // Traffic totals and open connections, read by the metrics endpoint from its own thread.
  const TrafficCounters& traffic() const { return traffic_; }
  size_t connection_count();

 private:
  void accept_next();

  Inbox& inbox_;
  Logger& logger_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::thread thread_;
  FrameCache frames_;
  std::mutex connections_mutex_;
  std::map<ConnId, std::shared_ptr<ClientSocket>> connections_;
  ConnId next_id_ = 1;
  int bound_port_ = 0;
  TrafficCounters traffic_;
  friend class ClientSocket;
};

}  // namespace hz
