// Test helper for entity systems on their own: a tracker that records what it was asked to do
// (players come from fake_player_connections.h).
#pragma once

#include <map>
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

}  // namespace hz::testing
