// The level's sounds and level events (docs/rules/sounds.md §1): each goes to the players within
// its range in join order, a sound with a seed from the level's own seed stream.
#pragma once

#include <cstdint>
#include <optional>

#include "sim/core/rng.h"
#include "sim/game/ports.h"

namespace hz {

class SoundBroadcaster final : public LevelSounds {
 public:
  SoundBroadcaster(PlayerConnections& players, uint64_t world_seed);

  void play_sound(const Vec3& at, const SoundEvent& sound, std::optional<ConnId> except = std::nullopt) override;
  void level_event(int32_t event, const BlockPos& pos, int32_t data,
                   std::optional<ConnId> except = std::nullopt) override;

  // Sounds sent (one per listener), for the simulator's counters and tests.
  uint64_t sent() const { return sent_; }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(seeds_, sent_);
  }

 private:
  PlayerConnections& players_;
  // Level's sound seed generator: apart from the game's random stream, so a sound never moves
  // a game decision (vanilla draws it from a generator of its own too).
  Rng seeds_;
  uint64_t sent_ = 0;
};

}  // namespace hz
