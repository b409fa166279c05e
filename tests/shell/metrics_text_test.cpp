// The Prometheus text exposition: every family has HELP and TYPE before its samples, every
// sample line is "name{labels} number", and the values are the sample's.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "server/metrics/metrics_text.h"

namespace hz {
namespace {

MetricsSample sample() {
  MetricsSample m;
  m.status.published = true;
  m.status.players = {"Alice", "Bob", "Carol"};
  m.status.max_players = 20;
  m.status.tick_count = 1234;
  m.status.tick_rate = 20.0f;
  m.status.ticks_per_second = 19.5;
  for (int i = 1; i <= 100; ++i) m.status.recent_tick_nanos.push_back(int64_t{i} * 1'000'000);  // 1..100 ms
  m.status.loaded_chunks = 441;
  m.status.inputs_in_last_pass = 7;
  m.bytes_received = 1000;
  m.bytes_sent = 123456789012ULL;
  m.packets_received = 50;
  m.packets_sent = 60;
  m.connections_accepted = 4;
  m.connections_open = 3;
  m.inbox_inputs = 2;
  m.status.ticking_chunks = 81;
  m.status.players_entities = 3;
  m.status.mobs = 12;
  m.status.items = 5;
  m.status.falling_blocks = 1;
  m.status.lightning_bolts = 0;
  m.recording = true;
  m.trace_backlog_passes = 9;
  m.trace_backlog_bytes = 40960;
  m.trace_snapshots = 3;
  m.trace_snapshot_bytes = 2544384;
  m.trace_snapshot_pause_seconds = 0.25;
  return m;
}

// Sample lines by name-and-labels; checks the format on the way.
std::map<std::string, std::string> parse(const std::string& text) {
  std::map<std::string, std::string> values;
  std::map<std::string, std::string> types;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    EXPECT_FALSE(line.empty());
    if (line.rfind("# HELP ", 0) == 0) continue;
    if (line.rfind("# TYPE ", 0) == 0) {
      std::istringstream t(line.substr(7));
      std::string name, type;
      t >> name >> type;
      types[name] = type;
      continue;
    }
    size_t space = line.rfind(' ');
    EXPECT_NE(space, std::string::npos) << line;
    std::string key = line.substr(0, space), value = line.substr(space + 1);
    std::string name = key.substr(0, key.find('{'));
    for (const char* suffix : {"_sum", "_count"})
      if (!types.count(name) && name.size() > 6 && name.ends_with(suffix)) name.resize(name.size() - std::string(suffix).size());
    EXPECT_TRUE(types.count(name)) << "no TYPE before " << line;
    size_t used = 0;
    std::stod(value, &used);
    EXPECT_EQ(used, value.size()) << line;
    values[key] = value;
  }
  return values;
}

TEST(MetricsText, GaugesAndCountersCarryTheSample) {
  auto v = parse(prometheus_text(sample()));
  EXPECT_EQ(v["horizon_players_online"], "3");
  EXPECT_EQ(v["horizon_players_max"], "20");
  EXPECT_EQ(v["horizon_tps"], "19.5");
  EXPECT_EQ(v["horizon_tick_rate"], "20");
  EXPECT_EQ(v["horizon_ticks_total"], "1234");
  EXPECT_EQ(v["horizon_chunks_loaded"], "441");
  EXPECT_EQ(v["horizon_network_received_bytes_total"], "1000");
  EXPECT_EQ(v["horizon_network_sent_bytes_total"], "123456789012");
  EXPECT_EQ(v["horizon_network_received_packets_total"], "50");
  EXPECT_EQ(v["horizon_network_sent_packets_total"], "60");
  EXPECT_EQ(v["horizon_connections_open"], "3");
  EXPECT_EQ(v["horizon_connections_accepted_total"], "4");
  EXPECT_EQ(v["horizon_inbox_inputs"], "2");
  EXPECT_EQ(v["horizon_pass_inputs"], "7");
  EXPECT_EQ(v["horizon_chunks_ticking"], "81");
  EXPECT_EQ(v["horizon_entities{kind=\"player\"}"], "3");
  EXPECT_EQ(v["horizon_entities{kind=\"mob\"}"], "12");
  EXPECT_EQ(v["horizon_entities{kind=\"item\"}"], "5");
  EXPECT_EQ(v["horizon_entities{kind=\"falling_block\"}"], "1");
  EXPECT_EQ(v["horizon_entities{kind=\"lightning_bolt\"}"], "0");
  EXPECT_EQ(v["horizon_trace_recording"], "1");
  EXPECT_EQ(v["horizon_trace_backlog_passes"], "9");
  EXPECT_EQ(v["horizon_trace_backlog_bytes"], "40960");
  EXPECT_EQ(v["horizon_trace_snapshots_total"], "3");
  EXPECT_EQ(v["horizon_trace_snapshot_bytes"], "2544384");
  EXPECT_EQ(v["horizon_trace_snapshot_pause_seconds"], "0.25");
}

TEST(MetricsText, TickTimesAreASummaryInMilliseconds) {
  auto v = parse(prometheus_text(sample()));
  EXPECT_EQ(v["horizon_mspt{quantile=\"0.5\"}"], "50");
  EXPECT_EQ(v["horizon_mspt{quantile=\"0.95\"}"], "95");
  EXPECT_EQ(v["horizon_mspt{quantile=\"0.99\"}"], "99");
  EXPECT_EQ(v["horizon_mspt{quantile=\"1\"}"], "100");
  EXPECT_EQ(v["horizon_mspt_sum"], "5050");
  EXPECT_EQ(v["horizon_mspt_count"], "100");
  EXPECT_EQ(v["horizon_mspt_average"], "50.5");
  std::string text = prometheus_text(sample());
  EXPECT_NE(text.find("# TYPE horizon_mspt summary\n"), std::string::npos);
  EXPECT_NE(text.find("# TYPE horizon_players_online gauge\n"), std::string::npos);
  EXPECT_NE(text.find("# TYPE horizon_network_sent_bytes_total counter\n"), std::string::npos);
}

TEST(MetricsText, YoungServerHasNoTickTimes) {
  MetricsSample m;
  auto v = parse(prometheus_text(m));
  EXPECT_EQ(v["horizon_mspt{quantile=\"0.5\"}"], "0");
  EXPECT_EQ(v["horizon_mspt_count"], "0");
  EXPECT_EQ(v["horizon_mspt_average"], "0");
  EXPECT_EQ(v["horizon_players_online"], "0");
}

TEST(MetricsText, NearestRank) {
  EXPECT_EQ(nearest_rank({}, 0.5), 0);
  EXPECT_EQ(nearest_rank({7}, 0.5), 7);
  EXPECT_EQ(nearest_rank({1, 2, 3, 4}, 0.5), 2);
  EXPECT_EQ(nearest_rank({1, 2, 3, 4}, 0.51), 3);
  EXPECT_EQ(nearest_rank({1, 2, 3, 4}, 1.0), 4);
}

}  // namespace
}  // namespace hz
