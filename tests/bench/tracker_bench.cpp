// Entity tracking benchmark: P walking players and E mobs in one 160-block square, as in the
// walk benchmark at night. A "tick" is every player moving once (vanilla's ChunkMap.move re-pairs
// the mover with every entity near it) and the tracker's own tick with the mobs having moved.
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "sim/core/rng.h"
#include "sim/game/tracking/entity_tracker.h"

namespace hz {
namespace {

class Players final : public PlayerConnections {
 public:
  Player& add(ConnId conn, const Vec3& at) {
    Player& p = players_[conn];
    p.conn = conn;
    p.entity_id = static_cast<int32_t>(conn);
    p.position = at;
    p.on_ground = true;
    p.game_mode = GameMode::kCreative;
    p.client_view_distance = 10;
    order_.push_back(conn);
    joined_.push_back(&p);
    return p;
  }
  Player* player(ConnId conn) override { return &players_.at(conn); }
  const Player* player(ConnId conn) const override { return &players_.at(conn); }
  const std::vector<ConnId>& players_in_join_order() const override { return order_; }
  const std::vector<Player*>& joined_players() const override { return joined_; }
  void send(ConnId, SharedBytes) override { ++sent; }
  void disconnect(ConnId, const TextComponent&) override {}
  void teleport(ConnId, const Vec3&, float, float) override {}
  void respawn(ConnId, const Vec3&) override {}

  int64_t sent = 0;

 private:
  std::map<ConnId, Player> players_;
  std::vector<ConnId> order_;
  std::vector<Player*> joined_;
};

// A monster's tracking rules (clientTrackingRange 8 chunks, updates every 3 ticks).
const EntityKind kMonster{145, 8, 3, false};

void BM_TrackerTick(benchmark::State& state) {
  const int player_count = static_cast<int>(state.range(0));
  const int mob_count = static_cast<int>(state.range(1));
  ServerProperties properties;
  properties.view_distance = 10;
  Players players;
  EntityTracker tracker(players, properties);
  Rng rng(7);
  auto spot = [&] { return Vec3{rng.next_double() * 160 - 80, 70, rng.next_double() * 160 - 80}; };
  for (int i = 0; i < player_count; ++i) tracker.on_join(players.add(static_cast<ConnId>(i + 1), spot()));
  std::vector<std::unique_ptr<Entity>> mobs;
  for (int i = 0; i < mob_count; ++i) {
    mobs.push_back(std::make_unique<Entity>(10'000 + i, Uuid{}, kMonster));
    mobs.back()->position = spot();
    tracker.add_entity(*mobs.back());
  }
  double phase = 0;
  for (auto _ : state) {
    phase += 0.1;
    const double step = 0.2 * std::sin(phase);
    for (int i = 0; i < player_count; ++i) {
      Player& p = *players.player(static_cast<ConnId>(i + 1));
      p.position.x += step;
      tracker.on_player_moved(p);
    }
    for (auto& mob : mobs) mob->position.z += 0.05 * std::cos(phase);
    tracker.tick();
  }
  state.counters["pairs_per_tick"] = static_cast<double>(player_count) * (player_count + mob_count);
  state.counters["packets"] = benchmark::Counter(static_cast<double>(players.sent), benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_TrackerTick)->Args({10, 40})->Args({100, 0})->Args({100, 340})->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hz
