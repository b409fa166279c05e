// Test helper: players standing where a test puts them, for systems on their own (mobs,
// spawning, explosions, item entities, orbs), with everything sent to them recorded.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sim/game/ports.h"
#include "sim/game/sessions.h"
#include "tests/game/client_bytes.h"

namespace hz::testing {

class FakePlayerConnections final : public PlayerConnections {
 public:
  // A player on the ground at `at`, entity id 1000 + conn, named "P<conn>".
  Player& add(ConnId conn, const Vec3& at, GameMode mode = GameMode::kSurvival) {
    Player& p = players_[conn];
    p.conn = conn;
    p.entity_id = 1000 + static_cast<int32_t>(conn);
    p.name = "P" + std::to_string(conn);
    p.position = at;
    p.on_ground = true;
    p.game_mode = mode;
    order_.push_back(conn);
    joined_.push_back(&p);
    return p;
  }
  Player* player(ConnId conn) override { return players_.contains(conn) ? &players_[conn] : nullptr; }
  const Player* player(ConnId conn) const override {
    auto it = players_.find(conn);
    return it == players_.end() ? nullptr : &it->second;
  }
  const std::vector<ConnId>& players_in_join_order() const override { return order_; }
  const std::vector<Player*>& joined_players() const override { return joined_; }
  void send(ConnId conn, SharedBytes body) override { sent.emplace_back(conn, *body); }
  void disconnect(ConnId conn, const TextComponent& reason) override { disconnects.emplace_back(conn, reason.translate); }
  void teleport(ConnId conn, const Vec3& to, float, float) override { teleports.emplace_back(conn, to); }
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
  // The disconnects (with the reason's translation key) and teleports asked for, in order.
  std::vector<std::pair<ConnId, std::string>> disconnects;
  std::vector<std::pair<ConnId, Vec3>> teleports;

 private:
  std::map<ConnId, Player> players_;
  std::vector<ConnId> order_;
  std::vector<Player*> joined_;
};

}  // namespace hz::testing
