// The operator-facing listeners beside the game port: the GameSpy 4 query (enable-query), RCON
// (enable-rcon: commands enter the core as inputs) and the Prometheus metrics endpoint
// (horizon-metrics-port), fed by the server thread's snapshot.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "replay/recorder/recorder.h"
#include "server/inbox.h"
#include "server/logger.h"
#include "server/metrics/metrics_listener.h"
#include "server/network.h"
#include "server/query/query_listener.h"
#include "server/rcon/rcon_listener.h"
#include "sim/core/effects.h"
#include "server/status/status_publisher.h"
#include "sim/core/properties.h"

namespace hz {

class OpsEndpoints {
 public:
  OpsEndpoints(const ServerProperties& props, Network& network, Inbox& inbox, Logger& logger);
  ~OpsEndpoints();

  // Binds the enabled listeners; requests that arrive before start() wait in the kernel. A port
  // that cannot be bound is logged and that listener stays off (the game still starts).
  void bind();
  // Starts answering (after "Done", where vanilla starts its query thread).
  void start();
  void stop();

  // The server thread publishes through this after every pass.
  StatusPublisher& publisher() { return publisher_; }
  // The server thread hands the core's RconReply effects here; the client waiting for that
  // command gets its output.
  void answer_rcon(RconReply reply);
  // Before start(): the trace recorder whose writer backlog the metrics report (none: not
  // recording). It must outlive stop().
  void watch_recorder(const Recorder* recorder) { recorder_ = recorder; }

 private:
  std::string metrics_text();
  void bind_rcon();
  // Called on the RCON thread: the command becomes a ConsoleLine input numbered for its answer.
  void run_rcon_command(const std::string& command, std::function<void(std::string)> done);

  const ServerProperties& props_;
  Network& network_;
  Inbox& inbox_;
  Logger& logger_;
  StatusBoard board_;
  StatusPublisher publisher_;
  std::unique_ptr<QueryListener> query_;
  std::unique_ptr<MetricsListener> metrics_;
  std::unique_ptr<RconListener> rcon_;
  const Recorder* recorder_ = nullptr;
  std::mutex rcon_mutex_;  // guards the two below: the RCON thread adds, the server thread answers
  uint32_t last_rcon_request_ = 0;
  std::map<uint32_t, std::function<void(std::string)>> rcon_waiting_;
};

}  // namespace hz
