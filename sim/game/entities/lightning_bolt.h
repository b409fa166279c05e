// One lightning bolt (vanilla's LightningBolt): a short-lived entity that flashes one to three
// times and sets fire where it strikes; clients draw it from its add_entity alone.
#pragma once

#include <cstdint>
#include <memory>

#include "sim/game/entities/entity.h"

namespace hz {

class LightningBolt final : public Entity {
 public:
  // EntityType.LIGHTNING_BOLT: no size, tracked up to 16 chunks, never sent again after the spawn.
  static const EntityKind& lightning_bolt_kind();

  LightningBolt(int32_t id, const Uuid& uuid, int flashes, bool visual_only)
      : Entity(id, uuid, lightning_bolt_kind()), flashes(flashes), visual_only(visual_only) {}

  static std::unique_ptr<LightningBolt> blank_for_snapshot() {
    return std::make_unique<LightningBolt>(0, Uuid{}, 0, false);
  }
  template <class Io>
  void state_fields(Io& io) {
    entity_fields(io);
    io(life, flashes, visual_only, removed);
  }

  int life = 2;  // ticks of the current flash
  int flashes;   // further flashes after the first
  bool visual_only;
  bool removed = false;
};

}  // namespace hz
