// The operator-facing listeners beside the game port: the GameSpy 4 query (enable-query) and
// the Prometheus metrics endpoint (horizon-metrics-port), fed by the server thread's snapshot.
#pragma once

#include <memory>

#include "server/inbox.h"
#include "server/logger.h"
#include "server/metrics/metrics_listener.h"
#include "server/network.h"
#include "server/query/query_listener.h"
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

 private:
  std::string metrics_text();

  const ServerProperties& props_;
  Network& network_;
  Inbox& inbox_;
  Logger& logger_;
  StatusBoard board_;
  StatusPublisher publisher_;
  std::unique_ptr<QueryListener> query_;
  std::unique_ptr<MetricsListener> metrics_;
};

}  // namespace hz
