#include "sim/game/sounds/entity_sounds.h"

#include "sim/data/block_sounds.h"
#include "sim/data/sound_ids.h"

namespace hz {

namespace {

constexpr int kAnimalInterval = 120;  // Animal.getAmbientSoundInterval
constexpr float kCowVolume = 0.4f;    // AbstractCow.getSoundVolume

MobSounds animal(int32_t ambient, int32_t hurt, int32_t death) {
  return MobSounds{ambient, hurt, death, SoundSource::kNeutral, 1.0f, kAnimalInterval, sound::entity_generic_small_fall,
                   sound::entity_generic_big_fall};
}

MobSounds monster(std::optional<int32_t> ambient, int32_t hurt, int32_t death) {
  return MobSounds{ambient, hurt, death, SoundSource::kHostile, 1.0f, 80, sound::entity_hostile_small_fall,
                   sound::entity_hostile_big_fall};
}

MobSounds cow() {
  MobSounds s = animal(sound::entity_cow_ambient, sound::entity_cow_hurt, sound::entity_cow_death);
  s.volume = kCowVolume;
  return s;
}

}  // namespace

const MobSounds& mob_sounds(MobType type) {
  // Indexed by MobType.
  static const MobSounds kSounds[] = {
      cow(),
      animal(sound::entity_pig_ambient, sound::entity_pig_hurt, sound::entity_pig_death),
      animal(sound::entity_sheep_ambient, sound::entity_sheep_hurt, sound::entity_sheep_death),
      animal(sound::entity_chicken_ambient, sound::entity_chicken_hurt, sound::entity_chicken_death),
      monster(sound::entity_zombie_ambient, sound::entity_zombie_hurt, sound::entity_zombie_death),
      monster(std::nullopt, sound::entity_creeper_hurt, sound::entity_creeper_death),
      monster(sound::entity_skeleton_ambient, sound::entity_skeleton_hurt, sound::entity_skeleton_death),
      monster(sound::entity_spider_ambient, sound::entity_spider_hurt, sound::entity_spider_death),
  };
  return kSounds[static_cast<size_t>(type)];
}

namespace entity_sounds {

bool ambient_sound_due(int& ambient_sound_time, int interval, Rng& random) {
  const bool due = static_cast<int>(random.next_below(1000)) < ambient_sound_time++;
  if (due) ambient_sound_time = -interval;
  return due;
}

float voice_pitch(Rng& random) {
  const float a = random.next_float();
  const float b = random.next_float();
  return (a - b) * 0.2f + 1.0f;
}

float triangle(Rng& random, float mean, float spread) {
  const float a = random.next_float();
  const float b = random.next_float();
  return mean + spread * (a - b);
}

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
