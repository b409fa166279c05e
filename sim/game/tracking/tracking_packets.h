// Clientbound play packets entity tracking sends that the protocol layer does not declare yet:
// the bundle delimiter that wraps a spawn, and Set Entity Motion (entity_velocity).
#pragma once

#include <cstdint>
#include <string_view>

#include "sim/data/packet_ids.h"
#include "sim/protocol/fields.h"

namespace hz::packet::play_cb {

// Opens and closes a bundle: the client applies the packets between two of these together.
struct BundleDelimiter {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::bundle_delimiter;
  static constexpr std::string_view kName = "bundle_delimiter";

  template <class V>
  void fields(V&) {}
};

// Set Entity Motion: VarInt entity id, low-precision velocity.
struct EntityVelocity {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::entity_velocity;
  static constexpr std::string_view kName = "entity_velocity";

  int32_t entity_id = 0;
  LpVec3 velocity;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("velocity", velocity);
  }
};

}  // namespace hz::packet::play_cb
