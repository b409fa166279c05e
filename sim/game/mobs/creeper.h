// The creeper (docs/rules/mobs.md §8): its SwellGoal, the swell counter Creeper.tick runs before
// the rest of its tick, its explosion radius, entity data and saved keys.
#pragma once

#include "sim/game/mobs/mob.h"
#include "sim/game/mobs/mob_ai.h"
#include "sim/protocol/wire.h"

namespace hz::creeper {

// Entity data indices after Monster's (Creeper.defineSynchedData).
inline constexpr uint8_t kSwellDirIndex = 16;
inline constexpr uint8_t kPoweredIndex = 17;
inline constexpr uint8_t kIgnitedIndex = 18;
// SwellGoal: starts within 3 blocks of the target, swells while it is within 7 and seen.
inline constexpr double kStartDistanceSqr = 9.0;
inline constexpr double kKeepDistanceSqr = 49.0;

// SwellGoal.canUse (canContinueToUse is the same test).
bool swell_can_use(const Mob& mob, MobWorld& world);
// SwellGoal.start: the navigation stops, the target is remembered.
void swell_start(Mob& mob);
void swell_stop(Mob& mob);
// SwellGoal.tick (every tick): the swell direction from the remembered target.
void swell_tick(Mob& mob, MobWorld& world);

// Creeper.tick's swell step for a living creeper: whether the fuse was lit this tick (the primed
// sound plays) and whether the swell reached the fuse and the creeper must explode now.
struct SwellStep {
  bool primed = false;
  bool explode = false;
};
SwellStep tick_swell(Mob& mob);
// The primed sound's volume and pitch (Creeper.tick).
inline constexpr float kPrimedVolume = 1.0f, kPrimedPitch = 0.5f;
// The explosion's radius: ExplosionRadius, doubled when powered.
float explosion_radius(const Mob& mob);
// Creeper.causeFallDamage: a landing adds (int)(distance × 1.5) to the swell, up to five short of
// the fuse.
void fall_swell(Mob& mob, double fall_distance);
// Sets the swell direction (entity data 16), marking the data dirty when it changes.
void set_swell_dir(Mob& mob, int dir);
// Appends the creeper's entity data values (swell direction always, the flags when set).
void write_data(const Mob& mob, ByteWriter& out);

}  // namespace hz::creeper
