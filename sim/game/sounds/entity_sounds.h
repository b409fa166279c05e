// Which sounds living things make (docs/rules/sounds.md §2-3): each mob kind's voice, the
// players' hurt and fall sounds, and the ambient-sound clock of Mob.baseTick.
#pragma once

#include <cstdint>
#include <optional>

#include "sim/core/rng.h"
#include "sim/data/blocks.h"
#include "sim/game/mobs/mob_kinds.h"
#include "sim/game/sounds/sound_rules.h"
#include "sim/game/survival/damage_rules.h"

namespace hz {

// A mob kind's sounds (the classic sound variant of cows, pigs and chickens).
struct MobSounds {
  std::optional<int32_t> ambient;  // getAmbientSound; creepers have none
  int32_t hurt = 0;
  int32_t death = 0;
  SoundSource source = SoundSource::kNeutral;  // Monster.getSoundSource: hostile
  float volume = 1.0f;                         // getSoundVolume (a cow's is 0.4)
  int ambient_interval = 80;                   // getAmbientSoundInterval (an animal's is 120)
  int32_t small_fall = 0, big_fall = 0;        // getFallSounds
  std::optional<int32_t> step;                 // playStepSound's own sound (at 0.15); else the block's
  int32_t swim = 0;                            // getSwimSound
};
const MobSounds& mob_sounds(MobType type);

namespace entity_sounds {

// LivingEntity.getFallDamageSound: the big sound above 4 damage.
inline constexpr int kBigFallDamage = 4;
// Consumable.shouldEmitParticlesAndSounds: the share of the use before the first sound.
inline constexpr float kUseSoundDelayShare = 0.21875f;

// Mob.baseTick's clock: a draw below the count plays the sound (the count goes up either way)
// and sets the count back to minus the interval. True when the sound plays.
bool ambient_sound_due(int& ambient_sound_time, int interval, Rng& random);
// RandomSource.triangle: mean + spread * (a - b), a drawn before b.
float triangle(Rng& random, float mean, float spread);
// LivingEntity.getVoicePitch of an adult: (a - b) * 0.2 + 1.
float voice_pitch(Rng& random);
// Entity.playSwimSound's pitch: 1 + (a - b) * 0.4.
inline float swim_pitch(Rng& random) { return triangle(random, 1.0f, 0.4f); }
// Mth.randomBetween: one draw scaled into [min, max).
float random_between(Rng& random, float min, float max);
// Player.getHurtSound: the damage type's effects (burning: on fire; else hurt).
int32_t player_hurt_sound(DamageCause cause);
int32_t fall_sound(int32_t small, int32_t big, int damage);
// LivingEntity.playBlockFallSound: the landed-on block's fall sound at half its type's volume and
// three quarters of its pitch; nothing on air.
std::optional<SoundEvent> block_fall_sound(BlockStateId on_block, SoundSource source);
// BlockItem.place: the placed block's place sound, at (volume + 1) / 2 and 0.8 of the pitch.
SoundEvent block_place_sound(BlockStateId placed);
// Consumable.shouldEmitParticlesAndSounds, asked before the tick counts the use down.
bool use_sound_due(int consume_ticks, int remaining);

}  // namespace entity_sounds
}  // namespace hz
