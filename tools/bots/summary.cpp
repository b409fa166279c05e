// Writing the run summary with the project's JsonWriter (keys in a fixed order).
#include "tools/bots/summary.h"

#include <algorithm>
#include <cmath>

#include <sys/resource.h>

#include "sim/protocol/json_writer.h"

namespace hz::bots {

namespace {

// CPU time (user and system) this process has used so far, in seconds.
double process_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double rate_per_second(uint64_t count, double seconds) { return seconds > 0 ? static_cast<double>(count) / seconds : 0.0; }

void write_counts(JsonWriter& w, const Counters& c, double seconds) {
  w.key("seconds").number(seconds);
  w.key("chunks").number(c.chunks);
  w.key("chunks_per_s").number(rate_per_second(c.chunks, seconds));
  w.key("new_chunks").number(c.new_chunks);
  w.key("new_chunks_per_s").number(rate_per_second(c.new_chunks, seconds));
  w.key("resent_chunks").number(c.resent_chunks);
  w.key("forgotten_chunks").number(c.forgotten_chunks);
  w.key("batches").number(c.batches);
  w.key("pullbacks").number(c.pullbacks);
  w.key("moves").number(c.moves);
  w.key("moves_per_s").number(rate_per_second(c.moves, seconds));
  w.key("actions").number(c.actions);
  w.key("actions_per_s").number(rate_per_second(c.actions, seconds));
  w.key("acks").number(c.acks);
  w.key("block_updates").number(c.block_updates);
  w.key("block_updates_per_s").number(rate_per_second(c.block_updates, seconds));
}

void write_vec(JsonWriter& w, const Vec3d& v) { w.begin_array().number(v.x).number(v.y).number(v.z).end_array(); }

void write_options(JsonWriter& w, const Options& o) {
  w.key("options").begin_object();
  w.key("host").string(o.host);
  w.key("port").number(int64_t{o.port});
  w.key("bots").number(int64_t{o.bots});
  w.key("join_interval_s").number(o.join_interval_s);
  w.key("behaviour").string(behaviour_name(o.behaviour));
  w.key("walk_speed").number(o.walk_speed);
  w.key("explore_speed").number(o.explore_speed);
  w.key("duration_s").number(o.duration_s);
  w.key("warmup_s").number(o.warmup_s);
  w.key("view_distance").number(int64_t{o.view_distance});
  w.key("prefix").string(o.prefix);
  w.key("seed").number(o.seed);
  w.end_object();
}

void write_bot(JsonWriter& w, const Fleet& fleet, size_t i) {
  const Bot& bot = *fleet.bots()[i];
  double end = fleet.end_s();
  double window_start = fleet.window_start_s().value_or(end);
  Phase end_phase = i < fleet.end_phases().size() ? fleet.end_phases()[i] : bot.phase();
  w.begin_object();
  w.key("name").string(bot.name());
  w.key("reached_play").boolean(bot.reached_play());
  w.key("play_since_s");
  if (auto since = bot.play_since_s()) w.number(*since); else w.null();
  w.key("phase_at_end").string(phase_name(end_phase));
  w.key("close_reason").string(end_phase == Phase::kClosed ? bot.close_reason() : "");
  w.key("game_mode").number(int64_t{bot.game_mode()});
  w.key("spawn");
  if (auto spawn = bot.spawn()) write_vec(w, *spawn); else w.null();
  w.key("position");
  write_vec(w, bot.position());
  double from_spawn = 0;
  if (auto spawn = bot.spawn()) from_spawn = std::hypot(bot.position().x - spawn->x, bot.position().z - spawn->z);
  w.key("horizontal_distance_from_spawn").number(from_spawn);
  w.key("held_chunks").number(static_cast<uint64_t>(bot.held_chunks()));
  w.key("ticks_waiting_for_chunk").number(bot.ticks_waiting_for_chunk());
  w.key("desired_chunks_per_tick").number(bot.desired_chunks_per_tick());
  double in_play = bot.play_since_s() ? end - *bot.play_since_s() : 0;
  w.key("total").begin_object();
  write_counts(w, bot.counters(), in_play);
  w.end_object();
  double in_window = bot.play_since_s() ? end - std::max(window_start, *bot.play_since_s()) : 0;
  w.key("window").begin_object();
  write_counts(w, bot.counters() - fleet.window_base()[i], std::max(0.0, in_window));
  w.end_object();
  w.end_object();
}

}  // namespace

std::string summary_json(const Fleet& fleet) {
  const Options& o = fleet.context().options;
  Counters total, window;
  int reached_play = 0, in_play_at_end = 0;
  for (size_t i = 0; i < fleet.bots().size(); ++i) {
    const Bot& bot = *fleet.bots()[i];
    total += bot.counters();
    window += bot.counters() - fleet.window_base()[i];
    if (bot.reached_play()) ++reached_play;
    if (i < fleet.end_phases().size() && fleet.end_phases()[i] == Phase::kPlay) ++in_play_at_end;
  }
  double end = fleet.end_s();
  double window_start = fleet.window_start_s().value_or(end);

  JsonWriter w;
  w.begin_object();
  w.key("tool").string("horizon-bots");
  write_options(w, o);
  w.key("ended_by").string(fleet.ended_by());
  w.key("elapsed_s").number(end);
  const double cpu_s = process_cpu_seconds();
  w.key("cpu_s").number(cpu_s);
  w.key("cpu_percent").number(end > 0 ? 100.0 * cpu_s / end : 0.0);  // of one core, over the whole run
  w.key("bots_started").number(static_cast<uint64_t>(fleet.bots().size()));
  w.key("bots_reached_play").number(int64_t{reached_play});
  w.key("bots_in_play_at_end").number(int64_t{in_play_at_end});
  w.key("distinct_chunks").number(static_cast<uint64_t>(fleet.context().seen.size()));
  w.key("total").begin_object();
  w.key("start_s").number(0.0);
  write_counts(w, total, end);
  w.end_object();
  w.key("window").begin_object();
  w.key("start_s").number(window_start);
  write_counts(w, window, end - window_start);
  w.end_object();
  w.key("bots").begin_array();
  for (size_t i = 0; i < fleet.bots().size(); ++i) write_bot(w, fleet, i);
  w.end_array();
  w.key("samples").begin_array();
  for (const Sample& s : fleet.samples()) {
    w.begin_object();
    w.key("t").number(s.t);
    w.key("in_play").number(int64_t{s.in_play});
    w.key("closed").number(int64_t{s.closed});
    w.key("chunks").number(s.totals.chunks);
    w.key("new_chunks").number(s.totals.new_chunks);
    w.key("resent_chunks").number(s.totals.resent_chunks);
    w.key("pullbacks").number(s.totals.pullbacks);
    w.key("moves").number(s.totals.moves);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.take();
}

}  // namespace hz::bots
