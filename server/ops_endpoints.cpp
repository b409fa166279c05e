#include "server/ops_endpoints.h"

#include "server/metrics/metrics_text.h"

namespace hz {

OpsEndpoints::OpsEndpoints(const ServerProperties& props, Network& network, Inbox& inbox, Logger& logger)
    : props_(props), network_(network), inbox_(inbox), logger_(logger), publisher_(board_, props.server_port) {}

OpsEndpoints::~OpsEndpoints() { stop(); }

void OpsEndpoints::bind() {
  if (props_.enable_query) {
    query_ = std::make_unique<QueryListener>(board_, logger_);
    if (auto err = query_->listen(props_.server_ip, props_.query_port)) {
      logger_.warn("Unable to initialise query system on " +
                   (props_.server_ip.empty() ? std::string("0.0.0.0") : props_.server_ip) + ":" +
                   std::to_string(props_.query_port) + ": " + *err);
      query_.reset();
    }
  }
  if (props_.metrics_port > 0) {
    // Metrics tell about the machine: loopback unless the operator chose an address.
    std::string ip = props_.server_ip.empty() ? std::string("127.0.0.1") : props_.server_ip;
    metrics_ = std::make_unique<MetricsListener>([this] { return metrics_text(); }, logger_);
    if (auto err = metrics_->listen(ip, props_.metrics_port)) {
      logger_.warn("Unable to serve metrics on " + ip + ":" + std::to_string(props_.metrics_port) + ": " + *err);
      metrics_.reset();
    }
  }
}

void OpsEndpoints::start() {
  if (query_) {
    logger_.info("Starting GS4 status listener");
    query_->start();
  }
  if (metrics_) metrics_->start();
}

void OpsEndpoints::stop() {
  if (query_) query_->stop();
  if (metrics_) metrics_->stop();
}

std::string OpsEndpoints::metrics_text() {
  MetricsSample sample;
  sample.status = board_.read();
  const TrafficCounters& traffic = network_.traffic();
  sample.bytes_received = traffic.bytes_received.load(std::memory_order_relaxed);
  sample.bytes_sent = traffic.bytes_sent.load(std::memory_order_relaxed);
  sample.packets_received = traffic.packets_received.load(std::memory_order_relaxed);
  sample.packets_sent = traffic.packets_sent.load(std::memory_order_relaxed);
  sample.connections_accepted = traffic.connections_accepted.load(std::memory_order_relaxed);
  sample.connections_open = network_.connection_count();
  sample.inbox_inputs = inbox_.size();
  return prometheus_text(sample);
}

}  // namespace hz
