// Mob tick benchmark: N mobs on seed 12345's generated terrain, ticked by the Mobs system as the
// core ticks them (body, goals, navigation); reports the time per mob per tick, for grazing
// cows and for zombies chasing a survival player with the pathfinder.
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "sim/game/mobs/mobs.h"
#include "tests/bench/bench_terrain.h"

namespace hz {
namespace {

class OnePlayer final : public PlayerConnections {
 public:
  explicit OnePlayer(const Vec3& at) {
    player_.conn = 1;
    player_.entity_id = 1;
    player_.name = "Target";
    player_.position = at;
    player_.on_ground = true;
    player_.game_mode = GameMode::kSurvival;
  }
  Player* player(ConnId conn) override { return conn == 1 ? &player_ : nullptr; }
  const Player* player(ConnId conn) const override { return conn == 1 ? &player_ : nullptr; }
  const std::vector<ConnId>& players_in_join_order() const override { return order_; }
  const std::vector<Player*>& joined_players() const override { return joined_; }
  void send(ConnId, SharedBytes) override {}
  void disconnect(ConnId, const TextComponent&) override {}
  void teleport(ConnId, const Vec3&, float, float) override {}
  void respawn(ConnId, const Vec3&) override {}

 private:
  Player player_;
  std::vector<ConnId> order_{1};
  std::vector<Player*> joined_{&player_};
};

// Telling viewers is the tracker's work, measured by the streaming benches, not here.
struct NoTracking final : EntityTracking {
  void add_entity(Entity&) override {}
  void remove_entity(int32_t) override {}
  void send_to_viewers(int32_t, const SharedBytes&) override {}
};
struct NoDamage final : PlayerDamage {
  bool hurt(ConnId, DamageCause, float) override { return false; }
  bool hurt_by_mob(ConnId, float, const MobAttacker&, DamageCause) override { return false; }
};
struct NoDrops final : ItemDrops {
  void drop_from_block(const BlockPos&, const ItemStack&) override {}
  void drop_at(const Vec3&, const ItemStack&) override {}
  void drop_from_player(const Player&, const ItemStack&, bool, bool) override {}
};
struct Clock final : GameTime {
  int64_t game_time() const override { return time; }
  int64_t time = 0;
};

// Mobs summoned on the surface in a ring of radius 6..24 around the player at the terrain's
// centre, so they stay inside the generated 8 x 8 chunks and none despawns.
void run(benchmark::State& state, MobType type) {
  const BenchTerrain& terrain = bench_terrain();
  const Vec3 centre{0.5, static_cast<double>(terrain.surface(0, 0)), 0.5};
  const int count = static_cast<int>(state.range(0));
  EntityIds ids;
  Rng random(7);
  OnePlayer players(centre);
  NoTracking tracking;
  NoDamage damage;
  NoDrops drops;
  GameRules rules;
  Clock clock;
  Mobs mobs(ids, random, players, tracking, damage, drops, rules, clock);
  mobs.set_block_source(&terrain.blocks);
  SummonOptions persistent;
  persistent.persistence_required = true;
  for (int i = 0; i < count; ++i) {
    const double angle = i * 2.399963;  // the golden angle spreads any count evenly
    const double radius = 6.0 + (i * 7 % 19);
    const int x = static_cast<int>(std::floor(std::cos(angle) * radius));
    const int z = static_cast<int>(std::floor(std::sin(angle) * radius));
    mobs.summon(mob_kind(type), {x + 0.5, static_cast<double>(terrain.surface(x, z)), z + 0.5}, 0.0f, persistent);
  }
  int64_t ticks = 0;
  for (auto _ : state) {
    mobs.tick();
    ++clock.time;
    ++ticks;
  }
  state.SetItemsProcessed(ticks * count);
  state.counters["mobs_left"] = static_cast<double>(mobs.size());
}

void BM_CowsGrazing(benchmark::State& state) { run(state, MobType::kCow); }
void BM_ZombiesChasing(benchmark::State& state) { run(state, MobType::kZombie); }

BENCHMARK(BM_CowsGrazing)->Arg(10)->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ZombiesChasing)->Arg(10)->Arg(100)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hz
