// Vanilla's weather cycle (ServerLevel.advanceWeatherCycle, WeatherData): the countdowns that
// start and stop rain and thunder, the rain and thunder levels that fade towards them, and the
// game events that tell clients. Pure decisions; the level system applies them.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/core/rng.h"

namespace hz {

// weather.dat (WeatherData): ticks left of forced clear weather, ticks until rain and thunder
// toggle, and whether it rains and thunders now.
struct WeatherData {
  int32_t clear_weather_time = 0;
  int32_t rain_time = 0;
  int32_t thunder_time = 0;
  bool raining = false;
  bool thundering = false;
  bool operator==(const WeatherData&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(clear_weather_time, rain_time, thunder_time, raining, thundering);
  }
};

// UniformInt ranges of ServerLevel, in ticks (inclusive).
struct TickRange {
  int32_t min, max;
};
inline constexpr TickRange kRainDelay{12000, 180000};
inline constexpr TickRange kRainDuration{12000, 24000};
inline constexpr TickRange kThunderDelay{12000, 180000};
inline constexpr TickRange kThunderDuration{3600, 15600};

// UniformInt.sample: min + nextInt(max - min + 1), from the core's one random stream.
int32_t sample_ticks(TickRange range, Rng& random);

// One tick of the countdowns while advance_weather is on. Draws from `random` only when a
// countdown has run out (thunder first, then rain, as vanilla does).
void advance_weather_data(WeatherData& weather, Rng& random);

// The client-visible side: rain and thunder levels (0..1) this tick and last tick.
struct WeatherLevels {
  float rain = 0.0f, previous_rain = 0.0f;
  float thunder = 0.0f, previous_thunder = 0.0f;
  bool operator==(const WeatherLevels&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(rain, previous_rain, thunder, previous_thunder);
  }
};

// ServerLevel.prepareWeather: a world loaded while raining starts at full rain (and thunder).
WeatherLevels initial_weather_levels(const WeatherData& weather);

// Steps both levels 0.01 towards the data's raining/thundering and clamps them to 0..1.
void fade_weather_levels(WeatherLevels& levels, const WeatherData& weather);

// Level.getRainLevel(1) and getThunderLevel(1) (thunder times rain), each a lerp at 1 between
// last tick's and this tick's level. Level.isRaining: the rain level above 0.2; isThundering: the
// thunder level above 0.9 (compared in double, as vanilla widens the float).
float rain_level_seen(const WeatherLevels& levels);
float thunder_level_seen(const WeatherLevels& levels);
bool is_raining(const WeatherLevels& levels);
bool is_thundering(const WeatherLevels& levels);

// game_state_change events (ClientboundGameEventPacket types).
inline constexpr uint8_t kStartRaining = 1;
inline constexpr uint8_t kStopRaining = 2;
inline constexpr uint8_t kRainLevelChange = 7;
inline constexpr uint8_t kThunderLevelChange = 8;

struct WeatherEvent {
  uint8_t event = 0;
  float value = 0.0f;
  bool operator==(const WeatherEvent&) const = default;
};

// What advanceWeatherCycle broadcasts after a tick, in order: the rain level and thunder level
// when each changed, then on a change of isRaining start or stop raining followed by both
// levels again.
std::vector<WeatherEvent> weather_tick_events(const WeatherLevels& levels, bool was_raining);

// What a joining player gets (PlayerList.sendLevelInfo): only when it rains, start raining,
// the rain level and the thunder level as seen (thunder times rain).
std::vector<WeatherEvent> weather_join_events(const WeatherLevels& levels);

}  // namespace hz
