#include "sim/game/level/weather.h"

#include <algorithm>

namespace hz {

int32_t sample_ticks(TickRange range, Rng& random) {
  return range.min + static_cast<int32_t>(random.next_below(static_cast<uint32_t>(range.max - range.min + 1)));
}

namespace {

// One countdown: counting down toggles the state when it reaches 0; a countdown at 0 draws the
// length of the current state (how long it lasts while on, how long until it starts while off).
void step_countdown(int32_t& time, bool& on, TickRange duration, TickRange delay, Rng& random) {
  if (time > 0) {
    if (--time == 0) on = !on;
  } else {
    time = sample_ticks(on ? duration : delay, random);
  }
}

}  // namespace

void advance_weather_data(WeatherData& weather, Rng& random) {
  if (weather.clear_weather_time > 0) {
    // Forced clear weather (`weather clear`): both countdowns sit at 1 or 0 so that they draw a
    // fresh delay (or toggle off) the moment it ends.
    --weather.clear_weather_time;
    weather.thunder_time = weather.thundering ? 0 : 1;
    weather.rain_time = weather.raining ? 0 : 1;
    weather.thundering = false;
    weather.raining = false;
    return;
  }
  step_countdown(weather.thunder_time, weather.thundering, kThunderDuration, kThunderDelay, random);
  step_countdown(weather.rain_time, weather.raining, kRainDuration, kRainDelay, random);
}

WeatherLevels initial_weather_levels(const WeatherData& weather) {
  WeatherLevels levels;
  if (weather.raining) {
    levels.rain = 1.0f;
    if (weather.thundering) levels.thunder = 1.0f;
  }
  return levels;
}

void fade_weather_levels(WeatherLevels& levels, const WeatherData& weather) {
  levels.previous_thunder = levels.thunder;
  levels.thunder += weather.thundering ? 0.01f : -0.01f;
  levels.thunder = std::clamp(levels.thunder, 0.0f, 1.0f);
  levels.previous_rain = levels.rain;
  levels.rain += weather.raining ? 0.01f : -0.01f;
  levels.rain = std::clamp(levels.rain, 0.0f, 1.0f);
}

namespace {
// Mth.lerp(1, previous, current): previous + 1 * (current - previous), which in float is not
// always exactly `current`.
float lerp_to_current(float previous, float current) { return previous + 1.0f * (current - previous); }
}  // namespace

float rain_level_seen(const WeatherLevels& levels) { return lerp_to_current(levels.previous_rain, levels.rain); }

bool is_raining(const WeatherLevels& levels) { return static_cast<double>(rain_level_seen(levels)) > 0.2; }

float thunder_level_seen(const WeatherLevels& levels) {
  return lerp_to_current(levels.previous_thunder, levels.thunder) * rain_level_seen(levels);
}

bool is_thundering(const WeatherLevels& levels) { return static_cast<double>(thunder_level_seen(levels)) > 0.9; }

std::vector<WeatherEvent> weather_tick_events(const WeatherLevels& levels, bool was_raining) {
  std::vector<WeatherEvent> events;
  if (levels.previous_rain != levels.rain) events.push_back({kRainLevelChange, levels.rain});
  if (levels.previous_thunder != levels.thunder) events.push_back({kThunderLevelChange, levels.thunder});
  if (was_raining != is_raining(levels)) {
    events.push_back({was_raining ? kStopRaining : kStartRaining, 0.0f});
    events.push_back({kRainLevelChange, levels.rain});
    events.push_back({kThunderLevelChange, levels.thunder});
  }
  return events;
}

std::vector<WeatherEvent> weather_join_events(const WeatherLevels& levels) {
  if (!is_raining(levels)) return {};
  return {{kStartRaining, 0.0f}, {kRainLevelChange, rain_level_seen(levels)}, {kThunderLevelChange, thunder_level_seen(levels)}};
}

}  // namespace hz
