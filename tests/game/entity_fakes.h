// Test helpers for entity systems on their own: players standing where a test puts them, with
// everything sent to them recorded, and a tracker that records what it was asked to do.
#pragma once

#include <map>
#include <utility>
#include <vector>

#include "sim/game/entities/entity.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"
#include "tests/game/client_bytes.h"

namespace hz::testing {

class RecordingConnections final : public PlayerConnections {
 public:
  // A player at `at`, entity id 1000 + conn.
  Player& add(ConnId conn, const Vec3& at) {
    Player& p = players_[conn];
    p.conn = conn;
    p.entity_id = 1000 + static_cast<int32_t>(conn);
    p.position = at;
    order_.push_back(conn);
    return p;
  }
  Player* player(ConnId conn) override { return players_.contains(conn) ? &players_[conn] : nullptr; }
  const Player* player(ConnId conn) const override {
    auto it = players_.find(conn);
    return it == players_.end() ? nullptr : &it->second;
  }
  const std::vector<ConnId>& players_in_join_order() const override { return order_; }
  void send(ConnId conn, SharedBytes body) override { sent.emplace_back(conn, *body); }
  void disconnect(ConnId, const TextComponent&) override {}
  void teleport(ConnId, const Vec3&, float, float) override {}
  void respawn(ConnId, const Vec3&) override {}

  // The packets of one kind sent to `conn`, decoded, in order.
  template <Packet P>
  std::vector<P> sent_of(ConnId conn) const {
    std::vector<P> out;
    for (const auto& [to, body] : sent)
      if (to == conn && packet_id_of(body) == P::kId) out.push_back(*decode_packet<P>(body));
    return out;
  }

  std::vector<std::pair<ConnId, Bytes>> sent;

 private:
  std::map<ConnId, Player> players_;
  std::vector<ConnId> order_;
};

class RecordingTracking final : public EntityTracking {
 public:
  void add_entity(Entity& entity) override { added.push_back(entity.id()); }
  void remove_entity(int32_t id) override { removed.push_back(id); }
  void send_to_viewers(int32_t id, const SharedBytes& body) override { broadcasts.emplace_back(id, *body); }
  std::vector<int32_t> added, removed;
  std::vector<std::pair<int32_t, Bytes>> broadcasts;
};

}  // namespace hz::testing
