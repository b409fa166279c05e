#include "sim/game/level/sky_darken.h"

#include <array>
#include <cstddef>

#include "sim/core/java_math.h"
#include "sim/game/level/world_clock.h"

namespace hz {
namespace {

struct Keyframe {
  int ticks;
  float value;
};
// The day timeline's track for the sky light level (Timelines.OVERWORLD_DAY, a multiplier).
constexpr float kNightMultiplier = 0.26666668f;
constexpr std::array<Keyframe, 4> kKeyframes{{{133, 1.0f}, {11867, 1.0f}, {13670, kNightMultiplier}, {22330, kNightMultiplier}}};


// KeyframeTrackSampler on a looping track: the segments are last-to-first wrapped before the first
// keyframe, each pair in order, and last-to-first wrapped after the last one.
float sample(int ticks) {
  struct Segment {
    Keyframe from, to;
  };
  const Keyframe first = kKeyframes.front(), last = kKeyframes.back();
  std::array<Segment, kKeyframes.size() + 1> segments{};
  segments[0] = {{last.ticks - kDayPeriod, last.value}, first};
  for (std::size_t i = 0; i + 1 < kKeyframes.size(); ++i) segments[i + 1] = {kKeyframes[i], kKeyframes[i + 1]};
  segments.back() = {last, {first.ticks + kDayPeriod, first.value}};
  const Segment* segment = &segments.back();
  for (const Segment& s : segments)
    if (ticks < s.to.ticks) {
      segment = &s;
      break;
    }
  if (ticks <= segment->from.ticks) return segment->from.value;
  if (ticks >= segment->to.ticks) return segment->to.value;
  const float alpha = static_cast<float>(ticks - segment->from.ticks) / static_cast<float>(segment->to.ticks - segment->from.ticks);
  return lerp(alpha, segment->from.value, segment->to.value);
}

}  // namespace

float day_sky_light_multiplier(int64_t clock_ticks) {
  const int64_t looped = ((clock_ticks % kDayPeriod) + kDayPeriod) % kDayPeriod;  // Math.floorMod
  return sample(static_cast<int>(looped));
}

float sky_light_level(int64_t clock_ticks, float rain_level, float thunder_level) {
  // Layers in the attribute system's order: the dimension's value, the day timeline, the weather.
  float result = kDaySkyLightLevel * day_sky_light_multiplier(clock_ticks);
  const float thunder = thunder_level;
  const float rain = rain_level - thunder;  // the part of the rain that is not thunder
  if (rain > 0.0f) result = lerp(rain, result, lerp(kRainSkyLightAlpha, result, kWeatherSkyLightLevel));
  if (thunder > 0.0f) result = lerp(thunder, result, lerp(kThunderSkyLightAlpha, result, kWeatherSkyLightLevel));
  return result;
}

int sky_darken(int64_t clock_ticks, float rain_level, float thunder_level) {
  return static_cast<int>(15.0f - sky_light_level(clock_ticks, rain_level, thunder_level));
}

int sky_darken(int64_t clock_ticks, const WeatherLevels& weather) {
  return sky_darken(clock_ticks, rain_level_seen(weather), thunder_level_seen(weather));
}

}  // namespace hz
