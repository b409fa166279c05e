// Sky darkening (docs/rules/time-and-weather.md, "Sky darkening"): Level.skyDarken against a
// reference written here the long way (the day as four stretches of sky light, each weather
// blend as "move a fraction of the way to 4"), for every tick of a day and a grid of weather
// levels, plus the values players know: 0 at noon, 11 at midnight, 3 in rain and 5 in thunder.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "sim/game/level/sky_darken.h"

namespace hz {
namespace {

// The reference, in double: the sky light multiplier is 1 from tick 133 to 11867, falls in a
// straight line to 4/15 at 13670, stays there to 22330 and climbs back to 1 at 133 of the next
// day (a stretch of 1803 ticks). Rain moves the level 5/16 of the way to 4, thunder 135/256 of the
// way, each weighted by its strength (rain's strength is what thunder leaves of it).
double reference_multiplier(int t) {
  const double night = 4.0 / 15.0;
  if (t >= 133 && t <= 11867) return 1.0;
  if (t > 11867 && t < 13670) return 1.0 + (night - 1.0) * (t - 11867) / 1803.0;
  if (t >= 13670 && t <= 22330) return night;
  const int since = t > 22330 ? t - 22330 : t + 24000 - 22330;  // 0..1803
  return night + (1.0 - night) * since / 1803.0;
}

double reference_level(int t, double rain, double thunder) {
  double level = 15.0 * reference_multiplier(t);
  const double rain_only = rain - thunder;
  if (rain_only > 0) level += rain_only * (5.0 / 16.0) * (4.0 - level);
  if (thunder > 0) level += thunder * (135.0 / 256.0) * (4.0 - level);
  return level;
}

// The implementation works in float as vanilla does; where the exact value sits within float
// rounding of a whole number, truncation may land on either side.
void expect_matches(int64_t ticks, float rain, float thunder) {
  const int t = static_cast<int>(((ticks % 24000) + 24000) % 24000);
  const double exact = 15.0 - reference_level(t, rain, thunder);
  const int got = sky_darken(ticks, rain, thunder);
  if (std::abs(exact - std::round(exact)) < 1e-4) {
    EXPECT_TRUE(got == static_cast<int>(std::floor(exact + 1e-4)) || got == static_cast<int>(std::floor(exact - 1e-4)))
        << "ticks " << ticks << " rain " << rain << " thunder " << thunder;
  } else {
    EXPECT_EQ(got, static_cast<int>(exact)) << "ticks " << ticks << " rain " << rain << " thunder " << thunder;
  }
  EXPECT_NEAR(sky_light_level(ticks, rain, thunder), reference_level(t, rain, thunder), 1e-4);
}

TEST(SkyDarken, KnownValues) {
  EXPECT_EQ(sky_darken(6000, 0.0f, 0.0f), 0);    // noon
  EXPECT_EQ(sky_darken(18000, 0.0f, 0.0f), 11);  // midnight
  EXPECT_EQ(sky_darken(6000, 1.0f, 0.0f), 3);    // noon in rain
  EXPECT_EQ(sky_darken(6000, 1.0f, 1.0f), 5);    // noon in a thunderstorm
  EXPECT_EQ(sky_darken(18000, 1.0f, 1.0f), 11);  // night stays at 4, whatever the weather
  EXPECT_EQ(sky_darken(0, 0.0f, 0.0f), sky_darken(24000 * 7, 0.0f, 0.0f));  // the day repeats
  EXPECT_TRUE(is_bright_outside(sky_darken(6000, 1.0f, 1.0f)) == false);
  EXPECT_TRUE(is_bright_outside(sky_darken(6000, 1.0f, 0.0f)));
}

TEST(SkyDarken, EveryTickOfADayInEveryWeather) {
  for (int t = 0; t < 24000; ++t)
    for (float rain : {0.0f, 0.25f, 0.5f, 1.0f})
      for (float thunder_share : {0.0f, 0.5f, 1.0f}) expect_matches(t, rain, rain * thunder_share);
}

RC_GTEST_PROP(SkyDarken, AnyClockAndWeather, ()) {
  const int64_t ticks = *rc::gen::inRange<int64_t>(0, int64_t{1} << 40);
  const float rain = static_cast<float>(*rc::gen::inRange(0, 101)) / 100.0f;
  const float thunder = rain * static_cast<float>(*rc::gen::inRange(0, 101)) / 100.0f;
  expect_matches(ticks, rain, thunder);
}

TEST(SkyDarken, RawBrightnessTakesTheBrighterOfDarkenedSkyAndBlockLight) {
  EXPECT_EQ(raw_brightness(15, 0, 11), 4);
  EXPECT_EQ(raw_brightness(15, 7, 11), 7);
  EXPECT_EQ(raw_brightness(3, 0, 11), 0);
  EXPECT_EQ(raw_brightness(3, 2, 11), 2);
  EXPECT_EQ(raw_brightness(15, 0, 0), 15);
}

}  // namespace
}  // namespace hz
