#include "sim/game/sounds/sound_rules.h"

#include "sim/core/java_format.h"

namespace hz::sound_rules {

float range(float volume) { return volume > 1.0f ? 16.0f * volume : 16.0f; }

bool reaches(const Vec3& from, const Vec3& listener, double range) {
  const double dx = from.x - listener.x, dy = from.y - listener.y, dz = from.z - listener.z;
  return dx * dx + dy * dy + dz * dz < range * range;
}

packet::play_cb::SoundEffect packet(const Vec3& at, const SoundEvent& sound, int64_t seed) {
  using packet::play_cb::SoundEffect;
  SoundEffect p;
  p.sound = sound.id + 1;
  p.source = static_cast<int32_t>(sound.source);
  // The constructor's (int)(x * 8.0).
  p.x = java_d2i(at.x * SoundEffect::kPositionScale);
  p.y = java_d2i(at.y * SoundEffect::kPositionScale);
  p.z = java_d2i(at.z * SoundEffect::kPositionScale);
  p.volume = sound.volume;
  p.pitch = sound.pitch;
  p.seed = seed;
  return p;
}

}  // namespace hz::sound_rules
