// Movement and tracking benchmarks: the cost of one move packet handled with its collision replay
// (walking over generated terrain), and the per-tick cost of entity tracking for 100 and 500
// players who all see each other, in-process through a core.
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/game/core.h"
#include "sim/game/movement/column_block_source.h"
#include "sim/game/movement/movement_system.h"
#include "sim/game/sessions.h"
#include "sim/game/tracking/entity_tracker.h"
#include "sim/protocol/framing.h"
#include "sim/protocol/packets.h"
#include "tests/bench/bench_terrain.h"

namespace hz {
namespace {

// --- move packets over real terrain ---

// The generated terrain with the world border moves are checked against.
struct Terrain {
  const BenchTerrain& ground = bench_terrain();
  const ColumnBlockSource& blocks = ground.blocks;
  WorldBorder border;
  int surface(int x, int z) const { return ground.surface(x, z); }
};

const Terrain& terrain() {
  static const Terrain t;
  return t;
}

// One lap of a circle walked at 0.28 blocks a tick, with the client's own collision deciding
// where the feet are, so every packet is one a real client would send.
std::vector<MoveInput> walk_lap(const Terrain& t) {
  PlayerBody client;
  client.set_position({20.5, static_cast<double>(t.surface(20, 0)), 0.5});
  client.on_ground = true;
  const MoveWorld world{t.blocks, t.border};
  std::vector<MoveInput> out;
  const int steps = 450;
  for (int i = 1; i <= steps; ++i) {
    const double a = 2.0 * M_PI * i / steps;
    const Vec3 want{20.5 * std::cos(a), 0.0, 20.5 * std::sin(a)};
    Vec3 d{want.x - client.position.x, -0.0784000015258789, want.z - client.position.z};
    move_player(client, MoverType::kSelf, d, world);
    MoveInput in;
    in.has_position = in.has_rotation = true;
    in.x = client.position.x, in.y = client.position.y, in.z = client.position.z;
    in.yaw = static_cast<float>(a * 180.0 / M_PI), in.pitch = 10.0f;
    in.on_ground = client.on_ground;
    out.push_back(in);
  }
  return out;
}

class NoEffects final : public MoveEffects {
 public:
  int teleports = 0;
  void teleport(const Vec3&, float, float) override { ++teleports; }
  void warn(const std::string&) override {}
};

void BM_MovePacketWithCollision(benchmark::State& state) {
  const Terrain& t = terrain();
  const std::vector<MoveInput> lap = walk_lap(t);
  const MoveWorld world{t.blocks, t.border};
  NoEffects effects;
  PlayerMovement m("Walker", GameMode::kSurvival, Vec3{lap.back().x, lap.back().y, lap.back().z}, 0.0f, 0.0f);
  m.handle_player_loaded();
  MoveRules rules;
  size_t i = 0;
  int64_t packets = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(m.handle_move(lap[i], world, rules, effects));
    if (++i == lap.size()) i = 0;
    ++packets;
  }
  state.counters["pulled_back"] = effects.teleports;
  state.SetItemsProcessed(packets);
}
BENCHMARK(BM_MovePacketWithCollision);

// The same walk with the server's own tick after every packet (physics, pose, floating check).
void BM_MovePacketAndPlayerTick(benchmark::State& state) {
  const Terrain& t = terrain();
  const std::vector<MoveInput> lap = walk_lap(t);
  const MoveWorld world{t.blocks, t.border};
  NoEffects effects;
  PlayerMovement m("Walker", GameMode::kSurvival, Vec3{lap.back().x, lap.back().y, lap.back().z}, 0.0f, 0.0f);
  m.handle_player_loaded();
  MoveRules rules;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(m.handle_move(lap[i], world, rules, effects));
    m.tick_entity();
    benchmark::DoNotOptimize(m.tick(world, rules, effects));
    if (++i == lap.size()) i = 0;
  }
  state.counters["pulled_back"] = effects.teleports;
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MovePacketAndPlayerTick);

// --- tracking with many players in one place ---

class FixedClock final : public Clock {
 public:
  int64_t now = 1'000'000'000'000;
  int64_t now_nanos() override { return now += 1000; }
};

class CountingSink final : public EffectSink {
 public:
  int64_t packets = 0;
  void emit(Effect e) override { packets += std::holds_alternative<SendPacket>(e) ? 1 : 0; }
};

Bytes frame(const Bytes& body, int threshold) { return *encode_frame(body, threshold); }

template <Packet P>
void send(Core& core, ConnId conn, const P& p, int threshold) {
  Input in = BytesReceived{conn, frame(encode_packet(p), threshold)};
  core.run_iteration(std::span<const Input>(&in, 1));
}

struct Crowd {
  FixedClock clock;
  CountingSink sink;
  std::unique_ptr<Core> core;
  std::vector<ConnId> players;

  explicit Crowd(int count) {
    ServerProperties props = *parse_server_properties("pause-when-empty-seconds=0\nonline-mode=false\nmax-players=1000\n").properties;
    core = std::make_unique<Core>(CoreConfig{props, 12345, "", {}, {}}, clock, sink);
    core->start();
    for (int i = 0; i < count; ++i) {
      const ConnId conn = static_cast<ConnId>(i + 1);
      Input open = ConnectionOpened{conn, "127.0.0.1:1"};
      core->run_iteration(std::span<const Input>(&open, 1));
      Input hello = BytesReceived{conn, frame(encode_packet(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2}), -1)};
      core->run_iteration(std::span<const Input>(&hello, 1));
      send(*core, conn, packet::login_sb::LoginStart{"P" + std::to_string(i), {}}, -1);
      send(*core, conn, packet::login_sb::LoginAcknowledged{}, 256);
      send(*core, conn, packet::config_sb::Settings{}, 256);
      send(*core, conn, packet::config_sb::SelectKnownPacks{}, 256);
      send(*core, conn, packet::config_sb::FinishConfiguration{}, 256);
      players.push_back(conn);
    }
  }
};

// Every player takes a small step each tick (as validated moves would) and the tracker runs its
// tick: all pairs re-checked where vanilla re-checks them, every player's update encoded once and
// sent to its viewers.
void BM_TrackingTick(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  Crowd crowd(count);
  Core& core = *crowd.core;
  EntityTracker& tracker = core.tracking();
  // Spread them over a 20 x 20 square: everybody within everybody's 32-block range.
  for (int i = 0; i < count; ++i) {
    Player* p = core.sessions().player(crowd.players[i]);
    p->position = Vec3{(i % 20) + 0.5, 64.0, (i / 20 % 20) + 0.5};
    tracker.on_player_moved(*p);
  }
  tracker.tick();
  const int64_t pairs = static_cast<int64_t>(tracker.seen_by(crowd.players[0]).size() + 1) * count;
  int64_t step = 0;
  crowd.sink.packets = 0;
  for (auto _ : state) {
    ++step;
    for (int i = 0; i < count; ++i) {
      Player* p = core.sessions().player(crowd.players[i]);
      p->position.x += (step % 2 == 0 ? 0.05 : -0.05);
      p->yaw = static_cast<float>((step * 7 + i) % 360);
      tracker.on_player_moved(*p);
    }
    tracker.tick();
  }
  state.counters["pairs"] = static_cast<double>(pairs);
  state.counters["packets_per_tick"] =
      benchmark::Counter(static_cast<double>(crowd.sink.packets) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_TrackingTick)->Arg(100)->Arg(500)->Unit(benchmark::kMillisecond);

// Only the per-tick sync (no moves re-checked): the cost of sendChanges for every player.
void BM_TrackingSyncOnly(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  Crowd crowd(count);
  Core& core = *crowd.core;
  EntityTracker& tracker = core.tracking();
  for (int i = 0; i < count; ++i) {
    Player* p = core.sessions().player(crowd.players[i]);
    p->position = Vec3{(i % 20) + 0.5, 64.0, (i / 20 % 20) + 0.5};
    tracker.on_player_moved(*p);
  }
  int64_t step = 0;
  for (auto _ : state) {
    ++step;
    for (int i = 0; i < count; ++i) core.sessions().player(crowd.players[i])->position.z += 0.01;
    tracker.tick();
  }
}
BENCHMARK(BM_TrackingSyncOnly)->Arg(100)->Arg(500)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace hz
