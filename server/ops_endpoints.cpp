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
  if (props_.enable_rcon) bind_rcon();
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
  if (rcon_) {
    logger_.info("Starting remote control listener");
    rcon_->start();
  }
  if (metrics_) metrics_->start();
}

void OpsEndpoints::stop() {
  if (query_) query_->stop();
  if (rcon_) rcon_->stop();
  if (metrics_) metrics_->stop();
}

void OpsEndpoints::bind_rcon() {
  if (props_.rcon_password.empty()) {
    logger_.warn("No rcon password set in server.properties, rcon disabled!");
    return;
  }
  auto runner = [this](const std::string& command, std::function<void(std::string)> done) {
    run_rcon_command(command, std::move(done));
  };
  rcon_ = std::make_unique<RconListener>(props_.rcon_password, runner, logger_);
  if (auto err = rcon_->listen(props_.server_ip, props_.rcon_port)) {
    logger_.warn("Unable to initialise RCON on " + (props_.server_ip.empty() ? std::string("0.0.0.0") : props_.server_ip) +
                 ":" + std::to_string(props_.rcon_port) + ": " + *err);
    rcon_.reset();
  }
}

void OpsEndpoints::run_rcon_command(const std::string& command, std::function<void(std::string)> done) {
  uint32_t request;
  {
    std::lock_guard lock(rcon_mutex_);
    if (++last_rcon_request_ == 0) ++last_rcon_request_;  // 0 means the console
    request = last_rcon_request_;
    rcon_waiting_[request] = std::move(done);
  }
  inbox_.push(ConsoleLine{command, request});
}

void OpsEndpoints::answer_rcon(RconReply reply) {
  std::function<void(std::string)> done;
  {
    std::lock_guard lock(rcon_mutex_);
    auto it = rcon_waiting_.find(reply.request);
    if (it == rcon_waiting_.end()) return;  // e.g. a replayed or recorded request of another run
    done = std::move(it->second);
    rcon_waiting_.erase(it);
  }
  done(std::move(reply.output));
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
  if (recorder_) {
    TraceWriter::Backlog backlog = recorder_->backlog();
    sample.recording = true;
    sample.trace_backlog_passes = backlog.passes;
    sample.trace_backlog_bytes = backlog.bytes;
    const Recorder::SnapshotStats snapshots = recorder_->snapshot_stats();
    sample.trace_snapshots = snapshots.taken;
    sample.trace_snapshot_bytes = snapshots.last_bytes;
    sample.trace_snapshot_pause_seconds = static_cast<double>(snapshots.last_pause_nanos) / 1e9;
  }
  return prometheus_text(sample);
}

}  // namespace hz
