// Undead burning in daylight (docs/rules/mobs.md §10): when a zombie or skeleton catches fire in
// the sun (Mob.isSunBurnTick), and what fire does to a mob each tick (Entity.baseTick).
#pragma once

#include <cstdint>

#include "sim/core/rng.h"

namespace hz::sun_burn {

// Mob.igniteForSeconds(8): the fire ticks the sun sets (never fewer than the mob already has).
// How burning then hurts is burning.h's (kBurnDamageEvery, kBurnDamage).
inline constexpr int kSunFireTicks = 160;

// The overworld day timeline's gameplay/monsters_burn: on from clock tick 23460 (of each 24000)
// until 12542, off in between.
bool monsters_burn(int64_t clock_ticks);
// LightTexture.getBrightness with the overworld's ambient light 0: f / (4 − 3f), f = level / 15.
float brightness(int raw_brightness);

// What the check reads at the mob's eyes.
struct SunInput {
  bool monsters_burn = false;   // the time of day allows it
  float brightness = 0;         // brightness(raw brightness at the eyes)
  bool in_water_or_rain = false;
  bool sky_visible = false;     // Level.canSeeSky at the eyes: full sky light
};
// Mob.isSunBurnTick: brightness above 0.5 and nextFloat × 30 < (brightness − 0.4) × 2, out of
// water and rain, under open sky. Draws one float only when the time and brightness allow it.
bool is_sun_burn_tick(const SunInput& in, Rng& random);

}  // namespace hz::sun_burn
