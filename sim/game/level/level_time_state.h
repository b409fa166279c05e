// The level's time and weather as saved and restored: game time (level.dat `Time`), the world
// clocks (world_clocks.dat) and the weather countdowns (weather.dat). The shell reads them at
// start-up and hands them to the core through CoreConfig; a trace's header records them.
#pragma once

#include <array>
#include <cstdint>

#include "sim/game/level/weather.h"
#include "sim/game/level/world_clock.h"

namespace hz {

struct LevelTimeState {
  int64_t game_time = 0;
  std::array<ClockState, kWorldClockCount> clocks{};  // by WorldClockId
  WeatherData weather;
  bool operator==(const LevelTimeState&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(game_time, clocks, weather);
  }

  ClockState& clock(WorldClockId id) { return clocks[static_cast<size_t>(id)]; }
  const ClockState& clock(WorldClockId id) const { return clocks[static_cast<size_t>(id)]; }
};

}  // namespace hz
