#include "sim/game/level/level_time_files.h"

#include "sim/world/anvil/world_layout.h"

namespace hz {

anvil::WeatherFile weather_file_of(const WeatherData& weather) {
  return {weather.clear_weather_time, weather.rain_time, weather.thunder_time, weather.raining, weather.thundering};
}

std::vector<anvil::ClockFileEntry> clock_entries_of(const LevelTimeState& state) {
  std::vector<anvil::ClockFileEntry> entries;
  for (int id = 0; id < kWorldClockCount; ++id) {
    const ClockState& clock = state.clocks[static_cast<size_t>(id)];
    entries.push_back({std::string(kWorldClockNames[static_cast<size_t>(id)]), clock.total_ticks, clock.partial_tick,
                       clock.rate, clock.paused});
  }
  return entries;
}

std::vector<StorageWrite> level_time_writes(const LevelTimeState& state) {
  std::vector<StorageWrite> writes;
  writes.push_back({std::string(anvil::kWeatherPath), anvil::encode_weather(weather_file_of(state.weather)), true});
  writes.push_back({std::string(anvil::kWorldClocksPath), anvil::encode_world_clocks(clock_entries_of(state)), true});
  return writes;
}

LevelTimeState level_time_from_files(int64_t game_time, const std::optional<anvil::WeatherFile>& weather,
                                     const std::vector<anvil::ClockFileEntry>& clocks) {
  LevelTimeState state;
  state.game_time = game_time;
  if (weather) {
    state.weather = {weather->clear_weather_time, weather->rain_time, weather->thunder_time, weather->raining,
                     weather->thundering};
  }
  for (const anvil::ClockFileEntry& entry : clocks) {
    for (int id = 0; id < kWorldClockCount; ++id) {
      if (entry.id != kWorldClockNames[static_cast<size_t>(id)]) continue;
      state.clocks[static_cast<size_t>(id)] = {entry.total_ticks, entry.partial_tick, entry.rate, entry.paused};
    }
  }
  return state;
}

}  // namespace hz
