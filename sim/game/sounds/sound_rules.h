// What a sound heard in the level is (docs/rules/sounds.md §1): its event, source, volume and
// pitch, how far it carries, and the packet that carries it.
#pragma once

#include <cstdint>

#include "sim/core/types.h"
#include "sim/game/player.h"
#include "sim/protocol/packets_play_cb.h"

namespace hz {

// SoundSource, in its ordinal order (the packet's enum): the client's volume slider it goes to.
enum class SoundSource : uint8_t {
  kMaster,
  kMusic,
  kRecords,
  kWeather,
  kBlocks,
  kHostile,
  kNeutral,
  kPlayers,
  kAmbient,
  kVoice,
  kUi
};

// One sound: a sound_event id (sim/data/sound_ids.h) with what Level.playSound is given.
struct SoundEvent {
  int32_t id = 0;
  SoundSource source = SoundSource::kMaster;
  float volume = 1.0f;
  float pitch = 1.0f;
};

namespace sound_rules {

// ServerLevel.levelEvent's reach: 64 blocks.
inline constexpr double kLevelEventRange = 64.0;
// LevelEvent.PARTICLES_DESTROY_BLOCK: a block's break particles and sound, data = its state id.
inline constexpr int32_t kEventDestroyBlock = 2001;

// SoundEvent.getRange of a variable-range event (every sound Horizon plays): 16 blocks, or 16
// times the volume above 1.
float range(float volume);
// PlayerList.broadcast's test: the squared distance from the player's feet strictly below the
// squared range.
bool reaches(const Vec3& from, const Vec3& listener, double range);
// Level.playSound at a block: its centre.
inline Vec3 block_centre(const BlockPos& pos) { return Vec3{pos.x + 0.5, pos.y + 0.5, pos.z + 0.5}; }
// ClientboundSoundPacket for one listener; `seed` is the level's sound seed draw.
packet::play_cb::SoundEffect packet(const Vec3& at, const SoundEvent& sound, int64_t seed);

}  // namespace sound_rules
}  // namespace hz
