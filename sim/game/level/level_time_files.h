// The level's time and weather to and from their files: game time in level.dat, the clocks in
// world_clocks.dat, the weather in weather.dat (26.1's layout, sim/world/anvil/level_data.h).
#pragma once

#include <optional>
#include <vector>

#include "sim/core/effects.h"
#include "sim/core/result.h"
#include "sim/game/level/level_time_state.h"
#include "sim/world/anvil/level_data.h"

namespace hz {

anvil::WeatherFile weather_file_of(const WeatherData& weather);
std::vector<anvil::ClockFileEntry> clock_entries_of(const LevelTimeState& state);

// weather.dat and world_clocks.dat as whole-file writes (saved data, written before level.dat).
std::vector<StorageWrite> level_time_writes(const LevelTimeState& state);

// The state a loaded world starts from. A missing file keeps that part's defaults (vanilla
// creates the saved data fresh); clock ids that are not in the world_clock registry are skipped.
LevelTimeState level_time_from_files(int64_t game_time, const std::optional<anvil::WeatherFile>& weather,
                                     const std::vector<anvil::ClockFileEntry>& clocks);

}  // namespace hz
