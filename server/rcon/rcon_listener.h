// The RCON listener (enable-rcon): a TCP socket on its own thread. Each client logs in with
// rcon.password and runs commands; a command goes to the server thread through the runner and its
// output comes back to the client, one command at a time per client, as vanilla's threads do.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "server/asio.h"
#include "server/logger.h"

namespace hz {

class RconListener {
 public:
  // Runs a command for RCON; `done` may be called from any thread, once, with the output.
  using CommandRunner = std::function<void(const std::string& command, std::function<void(std::string output)> done)>;

  RconListener(std::string password, CommandRunner runner, Logger& logger);
  ~RconListener();

  // Binds the TCP socket on `ip` ("" = every address); an error text on failure.
  std::optional<std::string> listen(const std::string& ip, int port);
  int bound_port() const { return bound_port_; }
  void start();
  void stop();

 private:
  class Client;
  void accept_next();

  std::string password_;
  CommandRunner runner_;
  Logger& logger_;
  // Commands in flight hold it weakly: an answer arriving after stop() is posted to a stopped
  // context and dropped, and one arriving after the listener is destroyed is dropped at once.
  std::shared_ptr<boost::asio::io_context> io_ = std::make_shared<boost::asio::io_context>();
  boost::asio::ip::tcp::acceptor acceptor_;
  std::map<Client*, std::shared_ptr<Client>> clients_;  // only touched on the listener's thread
  std::thread thread_;
  std::string bind_ip_;
  int bound_port_ = 0;
};

}  // namespace hz
