#include "sim/game/mobs/sun_burn.h"

namespace hz::sun_burn {

namespace {
constexpr int64_t kDay = 24000;
constexpr int64_t kBurnStops = 12542;
constexpr int64_t kBurnStarts = 23460;
}  // namespace

bool monsters_burn(int64_t clock_ticks) {
  const int64_t t = ((clock_ticks % kDay) + kDay) % kDay;
  return t < kBurnStops || t >= kBurnStarts;
}

float brightness(int raw_brightness) {
  const float f = static_cast<float>(raw_brightness) / 15.0f;
  return f / (4.0f - 3.0f * f);
}

bool is_sun_burn_tick(const SunInput& in, Rng& random) {
  if (!in.monsters_burn) return false;
  // Java's && evaluates left to right: the draw happens only past the brightness test.
  if (!(in.brightness > 0.5f)) return false;
  if (!(random.next_float() * 30.0f < (in.brightness - 0.4f) * 2.0f)) return false;
  return !in.in_water_or_rain && in.sky_visible;
}

}  // namespace hz::sun_burn
