// The trace header's level start (game time, world clocks, weather) to and from the core's
// LevelTimeState: the recorder writes what the core was built with, the replayer rebuilds it.
#pragma once

#include <string>

#include "replay/format/records.h"
#include "sim/core/result.h"
#include "sim/game/level/level_time_state.h"

namespace hz {

inline TraceLevelStart trace_level_start(const LevelTimeState& state) {
  TraceLevelStart start;
  start.game_time = state.game_time;
  for (uint32_t id = 0; id < state.clocks.size(); ++id) {
    const ClockState& c = state.clocks[id];
    start.clocks.push_back({id, c.total_ticks, c.partial_tick, c.rate, c.paused});
  }
  const WeatherData& w = state.weather;
  start.clear_weather_time = w.clear_weather_time, start.rain_time = w.rain_time, start.thunder_time = w.thunder_time;
  start.raining = w.raining, start.thundering = w.thundering;
  return start;
}

inline Result<LevelTimeState> level_time_from_trace(const TraceLevelStart& start) {
  LevelTimeState state;
  state.game_time = start.game_time;
  for (const TraceClockStart& c : start.clocks) {
    if (c.clock_id >= state.clocks.size())
      return Error{"the trace header names world clock " + std::to_string(c.clock_id) + ", which this build lacks"};
    state.clocks[c.clock_id] = {c.total_ticks, c.partial_tick, c.rate, c.paused};
  }
  state.weather = {start.clear_weather_time, start.rain_time, start.thunder_time, start.raining, start.thundering};
  return state;
}

}  // namespace hz
