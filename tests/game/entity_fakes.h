// Test helpers for game systems on their own: fakes of the ports they call (sim/game/ports.h),
// silent or recording what they were asked (players come from fake_player_connections.h).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sim/game/entities/entity.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"
#include "tests/game/fake_player_connections.h"

namespace hz::testing {

class RecordingTracking final : public EntityTracking {
 public:
  void add_entity(Entity& entity) override { added.push_back(entity.id()); }
  void remove_entity(int32_t id) override { removed.push_back(id); }
  void send_to_viewers(int32_t id, const SharedBytes& body) override { broadcasts.emplace_back(id, *body); }
  std::vector<int32_t> added, removed;
  std::vector<std::pair<int32_t, Bytes>> broadcasts;
};

// Packets about a player for its viewers and itself, kept with the player's entity id.
class RecordingBroadcast final : public EntityBroadcast {
 public:
  void send_to_viewers_and_self(const Player& player, SharedBytes body) override { sent.emplace_back(player.entity_id, *body); }
  std::vector<std::pair<int32_t, Bytes>> sent;
};

// Sounds a system played, in order, with where.
struct RecordingSounds final : LevelSounds {
  std::vector<SoundEvent> sounds;
  std::vector<Vec3> places;
  void play_sound(const Vec3& at, const SoundEvent& sound, std::optional<ConnId>) override {
    sounds.push_back(sound);
    places.push_back(at);
  }
  void level_event(int32_t, const BlockPos&, int32_t, std::optional<ConnId>) override {}
};

class NoTracking final : public EntityTracking {
 public:
  void add_entity(Entity&) override {}
  void remove_entity(int32_t) override {}
  void send_to_viewers(int32_t, const SharedBytes&) override {}
};

class NoDrops final : public ItemDrops {
 public:
  void drop_from_block(const BlockPos&, const ItemStack&) override {}
  void drop_at(const Vec3&, const ItemStack&) override {}
  void drop_from_player(const Player&, const ItemStack&, bool, bool) override {}
};

// Game time the test sets.
class SettableTime final : public GameTime {
 public:
  int64_t game_time() const override { return time; }
  int64_t time = 0;
};

class NullLog final : public ServerLog {
 public:
  void log(LogLevel, std::string) override {}
};

class RecordingLog final : public ServerLog {
 public:
  void log(LogLevel, std::string text) override { lines.push_back(std::move(text)); }
  std::vector<std::string> lines;
};

}  // namespace hz::testing
