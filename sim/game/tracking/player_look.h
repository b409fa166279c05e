// What other clients see of a player's stance: the shared entity flags (on fire, crouching,
// sprinting, gliding), the pose and the living-entity flags (using an item, which hand), as
// set_entity_data values (Entity.DATA_SHARED_FLAGS_ID, DATA_POSE, DATA_LIVING_ENTITY_FLAGS and
// Player.DATA_PLAYER_ABSORPTION_ID).
#pragma once

#include <cstdint>

#include "sim/core/types.h"
#include "sim/game/movement/player_body.h"

namespace hz {

struct PlayerLook {
  uint8_t flags = 0;  // Entity's shared flags byte
  int32_t pose = 0;   // the Pose enum's network id (0: standing)
  uint8_t living_flags = 0;  // LivingEntity's flags byte (ItemInUse::living_flags)
  float absorption = 0.0f;   // Player.DATA_PLAYER_ABSORPTION_ID: the golden hearts
  bool operator==(const PlayerLook&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(flags, pose, living_flags, absorption);
  }
};

// The flags and pose the body has now (the on-fire flag baseTick set, Entity.setShiftKeyDown,
// setSprinting, the gliding flag, and the pose Player.updatePlayerPose chose), with the living
// flags the item use set and the absorption hearts.
PlayerLook player_look(const PlayerBody& body, bool on_fire, uint8_t living_flags, float absorption);

// The set_entity_data values of `now` that differ from `before`, end-marked; empty when none.
// Against a default PlayerLook this is what a new viewer's pairing carries (getNonDefaultValues).
Bytes player_look_changes(const PlayerLook& before, const PlayerLook& now);

}  // namespace hz
