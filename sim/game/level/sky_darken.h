// How much the sky's light is dimmed (Level.updateSkyBrightness in 26.1): the day timeline's sky
// light level, blended towards night light by rain and thunder; and raw brightness, which reads it.
#pragma once

#include <cstdint>

#include "sim/game/level/weather.h"

namespace hz {

// The overworld's sky light level before the day timeline and weather (the attribute's default).
inline constexpr float kDaySkyLightLevel = 15.0f;
// What rain and thunder blend towards, and how far each goes at full strength (WeatherAttributes).
inline constexpr float kWeatherSkyLightLevel = 4.0f;
inline constexpr float kRainSkyLightAlpha = 0.3125f;
inline constexpr float kThunderSkyLightAlpha = 0.52734375f;

// The day timeline's multiplier of the sky light level at `clock_ticks` of the overworld clock:
// 1 by day, 4/15 by night, linear in between (keyframes 133, 11867, 13670, 22330; period 24000).
float day_sky_light_multiplier(int64_t clock_ticks);

// The sky light level (0..15) the overworld has at that clock time with these weather levels
// (Level.getRainLevel(1) and getThunderLevel(1), the latter already times the rain level).
float sky_light_level(int64_t clock_ticks, float rain_level, float thunder_level);

// Level.skyDarken: 15 minus the sky light level, truncated. 0 at noon, 11 at midnight, 3 at noon in
// rain, 5 at noon in a thunderstorm.
int sky_darken(int64_t clock_ticks, float rain_level, float thunder_level);
int sky_darken(int64_t clock_ticks, const WeatherLevels& weather);

// Level.getMaxLocalRawBrightness's rule for one position: the sky light less the darkening, or the
// block light if that is more (what mob spawning and undead burning compare against).
inline int raw_brightness(int sky_light, int block_light, int darken) {
  const int sky = sky_light - darken;
  return sky > block_light ? sky : block_light;
}

// Level.isBrightOutside: a sky darkened by less than 4.
inline bool is_bright_outside(int darken) { return darken < 4; }

}  // namespace hz
