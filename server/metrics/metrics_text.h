// The Prometheus text exposition (format 0.0.4) of the server's metrics: tick times, TPS,
// players, chunks, traffic and queues, from one sample taken off the server thread.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/status/status_board.h"

namespace hz {

struct MetricsSample {
  StatusSnapshot status;
  uint64_t bytes_received = 0;
  uint64_t bytes_sent = 0;
  uint64_t packets_received = 0;
  uint64_t packets_sent = 0;
  uint64_t connections_accepted = 0;
  size_t connections_open = 0;
  size_t inbox_inputs = 0;  // inputs waiting for the server thread when sampled
  // The trace writer's queue (passes handed over, not yet written) when recording.
  bool recording = false;
  size_t trace_backlog_passes = 0;
  size_t trace_backlog_bytes = 0;
  // Snapshots of the core written into the trace: how many, the last one's size and the pause
  // it cost the server thread.
  uint64_t trace_snapshots = 0;
  uint64_t trace_snapshot_bytes = 0;
  double trace_snapshot_pause_seconds = 0;
};

std::string prometheus_text(const MetricsSample& sample);

// The q-quantile (0 < q <= 1) of ascending values by the nearest-rank rule; 0 when empty.
int64_t nearest_rank(const std::vector<int64_t>& sorted, double q);

}  // namespace hz
