#include "sim/game/sounds/entity_sounds.h"

#include "sim/data/block_sounds.h"
#include "sim/data/sound_ids.h"

namespace hz {

namespace {

constexpr int kAnimalInterval = 120;  // Animal.getAmbientSoundInterval
constexpr float kCowVolume = 0.4f;    // AbstractCow.getSoundVolume

MobSounds animal(int32_t ambient, int32_t hurt, int32_t death, int32_t step) {
  return MobSounds{ambient,
                   hurt,
                   death,
                   SoundSource::kNeutral,
                   1.0f,
                   kAnimalInterval,
                   sound::entity_generic_small_fall,
                   sound::entity_generic_big_fall,
                   step,
                   sound::entity_generic_swim};
}

MobSounds monster(std::optional<int32_t> ambient, int32_t hurt, int32_t death, std::optional<int32_t> step) {
  return MobSounds{ambient,
                   hurt,
                   death,
                   SoundSource::kHostile,
                   1.0f,
                   80,
                   sound::entity_hostile_small_fall,
                   sound::entity_hostile_big_fall,
                   step,
                   sound::entity_hostile_swim};
}

MobSounds cow() {
  MobSounds s = animal(sound::entity_cow_ambient, sound::entity_cow_hurt, sound::entity_cow_death, sound::entity_cow_step);
  s.volume = kCowVolume;
  return s;
}

}  // namespace

const MobSounds& mob_sounds(MobType type) {
  // Indexed by MobType.
  static const MobSounds kSounds[] = {
      cow(),
      animal(sound::entity_pig_ambient, sound::entity_pig_hurt, sound::entity_pig_death, sound::entity_pig_step),
      animal(sound::entity_sheep_ambient, sound::entity_sheep_hurt, sound::entity_sheep_death, sound::entity_sheep_step),
      animal(sound::entity_chicken_ambient, sound::entity_chicken_hurt, sound::entity_chicken_death,
             sound::entity_chicken_step),
      monster(sound::entity_zombie_ambient, sound::entity_zombie_hurt, sound::entity_zombie_death, sound::entity_zombie_step),
      // Creeper keeps Entity.playStepSound: the block's own step sound.
      monster(std::nullopt, sound::entity_creeper_hurt, sound::entity_creeper_death, std::nullopt),
      monster(sound::entity_skeleton_ambient, sound::entity_skeleton_hurt, sound::entity_skeleton_death,
              sound::entity_skeleton_step),
      monster(sound::entity_spider_ambient, sound::entity_spider_hurt, sound::entity_spider_death, sound::entity_spider_step),
  };
  return kSounds[static_cast<size_t>(type)];
}

namespace entity_sounds {

bool ambient_sound_due(int& ambient_sound_time, int interval, Rng& random) {
  const bool due = static_cast<int>(random.next_below(1000)) < ambient_sound_time++;
  if (due) ambient_sound_time = -interval;
  return due;
}

float triangle(Rng& random, float mean, float spread) {
  const float a = random.next_float();
  const float b = random.next_float();
  return mean + spread * (a - b);
}

float voice_pitch(Rng& random) { return triangle(random, 1.0f, 0.2f); }

float random_between(Rng& random, float min, float max) { return random.next_float() * (max - min) + min; }

int32_t player_hurt_sound(DamageCause cause) {
  return damage_type(cause).burning_effects ? sound::entity_player_hurt_on_fire : sound::entity_player_hurt;
}

int32_t fall_sound(int32_t small, int32_t big, int damage) { return damage > kBigFallDamage ? big : small; }

std::optional<SoundEvent> block_fall_sound(BlockStateId on_block, SoundSource source) {
  if (is_air(on_block)) return std::nullopt;
  const BlockSoundType& type = block_sound_type_of_state(on_block);
  return SoundEvent{type.fall_sound, source, type.volume * 0.5f, type.pitch * 0.75f};
}

SoundEvent block_place_sound(BlockStateId placed) {
  const BlockSoundType& type = block_sound_type_of_state(placed);
  return SoundEvent{type.place_sound, SoundSource::kBlocks, (type.volume + 1.0f) / 2.0f, type.pitch * 0.8f};
}

bool use_sound_due(int consume_ticks, int remaining) {
  const int used = consume_ticks - remaining;
  const int wait = static_cast<int>(static_cast<float>(consume_ticks) * kUseSoundDelayShare);
  return used > wait && remaining % 4 == 0;
}

}  // namespace entity_sounds
}  // namespace hz
