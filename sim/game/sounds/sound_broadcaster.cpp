#include "sim/game/sounds/sound_broadcaster.h"

#include "sim/core/hash.h"

namespace hz {

namespace {
// The sub-stream of the world seed the sound seeds come from.
constexpr int64_t kSoundSeedStream = 0x534f554e44;  // "SOUND"
}  // namespace

SoundBroadcaster::SoundBroadcaster(PlayerConnections& players, uint64_t world_seed)
    : players_(players), seeds_(Rng::derive(world_seed, kSoundSeedStream)) {}

void SoundBroadcaster::play_sound(const Vec3& at, const SoundEvent& sound, std::optional<ConnId> except) {
  // One seed per sound, drawn whether or not anyone hears it (playSound draws before broadcast).
  const auto seed = static_cast<int64_t>(seeds_.next_u64());
  const double range = sound_rules::range(sound.volume);
  std::optional<SharedBytes> body;
  for (ConnId conn : players_.players_in_join_order()) {
    const Player* p = players_.player(conn);
    if (p == nullptr || conn == except || !sound_rules::reaches(at, p->position, range)) continue;
    if (!body) body = share(encode_packet(sound_rules::packet(at, sound, seed)));
    players_.send(conn, *body);
    ++sent_;
  }
}

void SoundBroadcaster::level_event(int32_t event, const BlockPos& pos, int32_t data, std::optional<ConnId> except) {
  const Vec3 at{static_cast<double>(pos.x), static_cast<double>(pos.y), static_cast<double>(pos.z)};
  std::optional<SharedBytes> body;
  for (ConnId conn : players_.players_in_join_order()) {
    const Player* p = players_.player(conn);
    if (p == nullptr || conn == except || !sound_rules::reaches(at, p->position, sound_rules::kLevelEventRange)) continue;
    if (!body) body = share(encode_packet(packet::play_cb::WorldEvent{event, pos, data, false}));
    players_.send(conn, *body);
  }
}

uint64_t SoundBroadcaster::hash() const {
  Hasher h;
  h.u64(seeds_.state_hash());
  h.u64(sent_);
  return h.digest();
}

}  // namespace hz
