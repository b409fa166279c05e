// One experience orb (vanilla's ExperienceOrb): its value, how many orbs of that value it stands
// for (merged orbs), its age and the player it follows (docs/rules/experience.md).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "sim/core/types.h"
#include "sim/game/entities/entity.h"

namespace hz {

class ExperienceOrb final : public Entity {
 public:
  // EntityType.EXPERIENCE_ORB: 0.5 x 0.5, tracked up to 6 chunks, updated every 20 ticks.
  static constexpr double kSize = 0.5;
  static constexpr int kLifetime = 6000;
  static constexpr int16_t kDefaultHealth = 5;
  static const EntityKind& orb_kind();

  ExperienceOrb(int32_t id, const Uuid& uuid, int value) : Entity(id, uuid, orb_kind()), value_(value) {}

  int value() const { return value_; }
  // Data index 8: the value (the client picks the orb's icon from it).
  Bytes synched_data() const override;

  static std::unique_ptr<ExperienceOrb> blank_for_snapshot() { return std::make_unique<ExperienceOrb>(0, Uuid{}, 0); }
  template <class Io>
  void state_fields(Io& io) {
    entity_fields(io);
    io(count, age, health, tick_count, following, removed, value_);
  }

  int count = 1;
  int age = 0;
  int health = kDefaultHealth;
  int tick_count = 0;
  // The player being followed (ExperienceOrb.followingPlayer), by connection.
  std::optional<ConnId> following;
  bool removed = false;

 private:
  int value_;
};

}  // namespace hz
