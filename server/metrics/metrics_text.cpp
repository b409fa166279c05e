#include "server/metrics/metrics_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace hz {

namespace {

// Shortest round-trip text, which Prometheus parses; never a locale's decimal comma.
std::string number(double v) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}

std::string number(uint64_t v) { return std::to_string(v); }

class Exposition {
 public:
  void family(const char* name, const char* type, const char* help) {
    out_ += "# HELP ";
    out_ += name;
    out_ += ' ';
    out_ += help;
    out_ += "\n# TYPE ";
    out_ += name;
    out_ += ' ';
    out_ += type;
    out_ += '\n';
  }
  void sample(const std::string& name_and_labels, const std::string& value) {
    out_ += name_and_labels;
    out_ += ' ';
    out_ += value;
    out_ += '\n';
  }
  void single(const char* name, const char* type, const char* help, const std::string& value) {
    family(name, type, help);
    sample(name, value);
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

double millis(int64_t nanos) { return static_cast<double>(nanos) / 1.0e6; }

}  // namespace

int64_t nearest_rank(const std::vector<int64_t>& sorted, double q) {
  if (sorted.empty()) return 0;
  auto rank = static_cast<size_t>(std::ceil(q * static_cast<double>(sorted.size())));
  rank = std::clamp<size_t>(rank, 1, sorted.size());
  return sorted[rank - 1];
}

std::string prometheus_text(const MetricsSample& m) {
  const StatusSnapshot& s = m.status;
  Exposition e;
  int64_t sum = 0;
  for (int64_t t : s.recent_tick_nanos) sum += t;
  size_t count = s.recent_tick_nanos.size();

  e.family("horizon_mspt", "summary",
           "Milliseconds per tick (tickServer duration) over the last 100 ticks, the window of /tick query.");
  for (const char* q : {"0.5", "0.95", "0.99", "1"})
    e.sample(std::string("horizon_mspt{quantile=\"") + q + "\"}",
             number(millis(nearest_rank(s.recent_tick_nanos, std::stod(q)))));
  e.sample("horizon_mspt_sum", number(millis(sum)));
  e.sample("horizon_mspt_count", number(static_cast<uint64_t>(count)));
  e.single("horizon_mspt_average", "gauge", "Average milliseconds per tick over the last 100 ticks.",
           number(count ? millis(sum) / static_cast<double>(count) : 0.0));
  e.single("horizon_tps", "gauge", "Ticks completed per second over the last 5 seconds.", number(s.ticks_per_second));
  e.single("horizon_tick_rate", "gauge", "Target ticks per second (/tick rate).",
           number(static_cast<double>(s.tick_rate)));
  e.single("horizon_ticks_total", "counter", "Ticks run since the server started.",
           number(static_cast<uint64_t>(std::max<int64_t>(s.tick_count, 0))));
  e.single("horizon_players_online", "gauge", "Players in the game.", number(static_cast<uint64_t>(s.players.size())));
  e.single("horizon_players_max", "gauge", "max-players from server.properties.",
           number(static_cast<uint64_t>(std::max(s.max_players, 0))));
  e.single("horizon_chunks_loaded", "gauge", "Chunk columns loaded in the world.",
           number(static_cast<uint64_t>(s.loaded_chunks)));
  e.single("horizon_chunks_ticking", "gauge", "Chunk columns ticking (near a player, loaded with their neighbours).",
           number(static_cast<uint64_t>(s.ticking_chunks)));
  e.family("horizon_entities", "gauge", "Entities in the world by kind.");
  for (auto [kind, n] : {std::pair{"player", s.players_entities}, std::pair{"mob", s.mobs}, std::pair{"item", s.items},
                         std::pair{"falling_block", s.falling_blocks}, std::pair{"lightning_bolt", s.lightning_bolts}})
    e.sample(std::string("horizon_entities{kind=\"") + kind + "\"}", number(static_cast<uint64_t>(n)));
  e.single("horizon_connections_open", "gauge", "Open game connections (any protocol state).",
           number(static_cast<uint64_t>(m.connections_open)));
  e.single("horizon_connections_accepted_total", "counter", "Game connections accepted.",
           number(m.connections_accepted));
  e.single("horizon_network_received_bytes_total", "counter", "Bytes read from game connections.",
           number(m.bytes_received));
  e.single("horizon_network_sent_bytes_total", "counter",
           "Bytes written to game connections (framed, compressed).", number(m.bytes_sent));
  e.single("horizon_network_received_packets_total", "counter", "Frames read from game connections.",
           number(m.packets_received));
  e.single("horizon_network_sent_packets_total", "counter", "Packets handed to game connections.",
           number(m.packets_sent));
  e.single("horizon_inbox_inputs", "gauge", "Inputs waiting for the server thread's next pass.",
           number(static_cast<uint64_t>(m.inbox_inputs)));
  e.single("horizon_pass_inputs", "gauge", "Inputs the last loop pass handled.",
           number(static_cast<uint64_t>(std::max(s.inputs_in_last_pass, 0))));
  e.single("horizon_trace_recording", "gauge", "1 while the server records a trace (horizon-record-trace).",
           number(static_cast<uint64_t>(m.recording ? 1 : 0)));
  e.single("horizon_trace_backlog_passes", "gauge", "Loop passes handed to the trace writer and not yet written.",
           number(static_cast<uint64_t>(m.trace_backlog_passes)));
  e.single("horizon_trace_backlog_bytes", "gauge",
           "Estimated bytes of those passes; at 512 MiB the server thread waits for the writer.",
           number(static_cast<uint64_t>(m.trace_backlog_bytes)));
  e.single("horizon_trace_snapshots_total", "counter", "Snapshots of the core written into the trace.",
           number(m.trace_snapshots));
  e.single("horizon_trace_snapshot_bytes", "gauge", "Size of the last snapshot of the core, before compression.",
           number(m.trace_snapshot_bytes));
  e.single("horizon_trace_snapshot_pause_seconds", "gauge",
           "How long the server thread paused to write the last snapshot.", number(m.trace_snapshot_pause_seconds));
  return e.take();
}

}  // namespace hz
