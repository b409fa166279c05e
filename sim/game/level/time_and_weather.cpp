#include "sim/game/level/time_and_weather.h"

#include <algorithm>
#include <bit>

#include "sim/core/hash.h"

namespace hz {

TimeAndWeather::TimeAndWeather(const LevelTimeState& start, PlayerConnections& players, const GameRules& rules)
    : state_(start), levels_(initial_weather_levels(start.weather)), players_(players), rules_(rules) {}

void TimeAndWeather::tick(int64_t server_tick_count, bool runs_normally, Rng& random) {
  if (runs_normally && advance_time()) {
    for (ClockState& clock : state_.clocks) advance_clock(clock);
  }
  if (server_tick_count % kTimeSyncInterval == 0) broadcast({state_.game_time, {}});
  if (!runs_normally) return;
  advance_weather(random);
  ++state_.game_time;  // ServerLevel.tickTime, after the weather
}

void TimeAndWeather::advance_weather(Rng& random) {
  const bool was_raining = is_raining();
  if (rules_.get_bool("advance_weather")) advance_weather_data(state_.weather, random);
  fade_weather_levels(levels_, state_.weather);
  const std::vector<WeatherEvent> events = weather_tick_events(levels_, was_raining);
  if (events.empty() || players_.players_in_join_order().empty()) return;
  for (const WeatherEvent& event : events) {
    SharedBytes body = share(encode_packet(packet::play_cb::GameStateChange{event.event, event.value}));
    for (ConnId id : players_.players_in_join_order()) players_.send(id, body);
  }
}

packet::play_cb::UpdateTime TimeAndWeather::full_sync() const {
  packet::play_cb::UpdateTime packet{state_.game_time, {}};
  for (int id = 0; id < kWorldClockCount; ++id) {
    const ClockNetworkView view = clock_network_view(state_.clocks[static_cast<size_t>(id)], advance_time());
    packet.clocks.push_back({id, view.total_ticks, view.partial_tick, view.rate});
  }
  return packet;
}

std::vector<packet::play_cb::GameStateChange> TimeAndWeather::join_weather() const {
  std::vector<packet::play_cb::GameStateChange> packets;
  for (const WeatherEvent& event : weather_join_events(levels_)) packets.push_back({event.event, event.value});
  return packets;
}

void TimeAndWeather::set_total_ticks(WorldClockId clock, int64_t ticks) {
  state_.clock(clock).total_ticks = ticks;
  state_.clock(clock).partial_tick = 0.0f;
  send_clock(clock);
}

void TimeAndWeather::move_to(WorldClockId clock, const TimeMarker& marker) {
  ClockState& state = state_.clock(clock);
  state.total_ticks = resolve_time_to_move_to(marker, state.total_ticks);
  state.partial_tick = 0.0f;
  send_clock(clock);
}

void TimeAndWeather::add_ticks(WorldClockId clock, int32_t ticks) {
  ClockState& state = state_.clock(clock);
  state.total_ticks = std::max<int64_t>(state.total_ticks + ticks, 0);
  send_clock(clock);
}

void TimeAndWeather::set_paused(WorldClockId clock, bool paused) {
  state_.clock(clock).paused = paused;
  send_clock(clock);
}

void TimeAndWeather::set_rate(WorldClockId clock, float rate) {
  state_.clock(clock).rate = rate;
  send_clock(clock);
}

void TimeAndWeather::on_advance_time_changed() { broadcast(full_sync()); }

void TimeAndWeather::set_weather(int32_t clear_time, int32_t rain_time, bool raining, bool thundering) {
  state_.weather.clear_weather_time = clear_time;
  state_.weather.rain_time = rain_time;
  state_.weather.thunder_time = rain_time;
  state_.weather.raining = raining;
  state_.weather.thundering = thundering;
}

void TimeAndWeather::send_clock(WorldClockId clock) {
  const ClockNetworkView view = clock_network_view(state_.clock(clock), advance_time());
  broadcast({state_.game_time, {{static_cast<int32_t>(clock), view.total_ticks, view.partial_tick, view.rate}}});
}

void TimeAndWeather::broadcast(const packet::play_cb::UpdateTime& packet) {
  if (players_.players_in_join_order().empty()) return;
  SharedBytes body = share(encode_packet(packet));
  for (ConnId id : players_.players_in_join_order()) players_.send(id, body);
}

uint64_t TimeAndWeather::hash() const {
  Hasher h;
  h.i64(state_.game_time);
  for (const ClockState& clock : state_.clocks) {
    h.i64(clock.total_ticks);
    h.u64(std::bit_cast<uint32_t>(clock.partial_tick));
    h.u64(std::bit_cast<uint32_t>(clock.rate));
    h.u64(clock.paused);
  }
  const WeatherData& w = state_.weather;
  h.i64(w.clear_weather_time), h.i64(w.rain_time), h.i64(w.thunder_time), h.u64(w.raining), h.u64(w.thundering);
  for (float level : {levels_.rain, levels_.previous_rain, levels_.thunder, levels_.previous_thunder})
    h.u64(std::bit_cast<uint32_t>(level));
  return h.digest();
}

}  // namespace hz
