// Chunk streaming benchmarks: chunks generated per second per core through the job pipeline
// (requests and results serialized as the shell carries them, to lit FULL chunks), the server
// thread's own share of that work, chunk packet encoding time and size, memory per loaded chunk,
// preparing the spawn area, and the per-tick cost of players standing still or crossing borders.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>

#include "sim/core/effect_buffer.h"
#include "sim/core/effect_digest.h"
#include "sim/data/catalog.h"
#include "sim/game/core.h"
#include "sim/game/ticking/random_ticks.h"
#include "sim/game/world/job_kinds.h"
#include "sim/game/world/world_chunks.h"
#include "sim/game/world/world_streaming.h"
#include "sim/protocol/framing.h"
#include "sim/protocol/packets.h"

namespace hz {
namespace {

constexpr uint64_t kSeed = 12345;

WorldChunksSettings settings_for(uint64_t seed) {
  WorldChunksSettings settings;
  settings.seed = seed;
  return settings;
}

// Runs every job the chunk map submitted on this thread (storage answers "absent"). Returns the
// nanoseconds spent inside the job functions, i.e. the workers' share.
int64_t run_jobs(WorldChunks& chunks, EffectBuffer& effects) {
  int64_t worker_nanos = 0;
  std::vector<Effect> pending;
  pending.swap(effects.effects);
  for (Effect& e : pending) {
    auto* job = std::get_if<SubmitJob>(&e);
    if (job == nullptr) continue;
    Bytes result;
    if (job->kind == kJobKindChunkRead) {
      result = anvil::encode_result({})  /* absent */;
    } else if (job->kind == kJobKindGeneration) {
      const auto t0 = std::chrono::steady_clock::now();
      result = run_world_job(job->kind, job->request);
      worker_nanos += std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0).count();
    }
    chunks.on_job_completed(JobCompleted{job->job, std::move(result)});
  }
  return worker_nanos;
}

// Loads a side x side square at (x0, z0) through jobs on this thread; the workers' nanoseconds.
int64_t load_square(WorldChunks& chunks, EffectBuffer& effects, int x0, int z0, int side) {
  for (int x = 0; x < side; ++x)
    for (int z = 0; z < side; ++z) chunks.want({x0 + x, z0 + z}, 0);
  int64_t worker = 0;
  const size_t target = chunks.loaded_count() + static_cast<size_t>(side * side);
  while (chunks.loaded_count() < target) {
    chunks.tick(0);
    worker += run_jobs(chunks, effects);
  }
  return worker;
}

// The whole pipeline on one core: chunk map, job bytes both ways, generation, light. Each
// iteration loads fresh terrain; the rings generated for the square's borders are included.
void BM_GenerateThroughJobs(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  int64_t chunks_done = 0, worker_nanos = 0, total_nanos = 0;
  int offset = 0;
  for (auto _ : state) {
    EffectBuffer effects;
    WorldChunks chunks(settings_for(kSeed), effects);
    const auto t0 = std::chrono::steady_clock::now();
    worker_nanos += load_square(chunks, effects, offset, 3000, side);
    total_nanos += std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0).count();
    offset += side + 8;
    chunks_done += side * side;
  }
  state.counters["full_chunks_per_s"] = benchmark::Counter(static_cast<double>(chunks_done), benchmark::Counter::kIsRate);
  // Server-thread share: the chunk map, the graph, and encoding/decoding job bytes.
  state.counters["server_thread_us_per_chunk"] =
      static_cast<double>(total_nanos - worker_nanos) / 1000.0 / static_cast<double>(chunks_done);
  state.counters["worker_us_per_chunk"] = static_cast<double>(worker_nanos) / 1000.0 / static_cast<double>(chunks_done);
}
BENCHMARK(BM_GenerateThroughJobs)->Arg(4)->Arg(12)->Unit(benchmark::kMillisecond)->UseRealTime();

struct LoadedSquare {
  EffectBuffer effects;
  WorldChunks chunks{settings_for(kSeed), effects};
  std::vector<const ChunkColumn*> columns;
  LoadedSquare() {
    load_square(chunks, effects, -4, -4, 8);
    for (int x = -4; x < 4; ++x)
      for (int z = -4; z < 4; ++z) columns.push_back(chunks.ready_column({x, z}));
  }
};

LoadedSquare& loaded_square() {
  static LoadedSquare square;
  return square;
}

// The whole map_chunk packet from nothing (no cached section bytes), and its size.
void BM_EncodeMapChunkCold(benchmark::State& state) {
  const auto& columns = loaded_square().columns;
  size_t i = 0, bytes = 0, packets = 0;
  for (auto _ : state) {
    const ChunkColumn& c = *columns[i++ % columns.size()];
    c.drop_caches();
    SharedBytes packet = c.map_chunk_packet(packet::play_cb::MapChunk::kId);
    bytes += packet->size();
    ++packets;
    benchmark::DoNotOptimize(packet);
  }
  state.counters["bytes_per_packet"] = static_cast<double>(bytes) / static_cast<double>(packets);
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_EncodeMapChunkCold)->Unit(benchmark::kMicrosecond);

// Every further player who gets the chunk: the cached packet, shared.
void BM_MapChunkShared(benchmark::State& state) {
  const auto& columns = loaded_square().columns;
  for (const ChunkColumn* c : columns) c->map_chunk_packet(packet::play_cb::MapChunk::kId);
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(columns[i++ % columns.size()]->map_chunk_packet(packet::play_cb::MapChunk::kId));
}
BENCHMARK(BM_MapChunkShared);

// A loaded chunk's contents as the state hash takes them, once, when the chunk becomes ready
// (stored form), against the canonical hash that reads every cell.
void BM_ChunkStoredHash(benchmark::State& state) {
  const auto& columns = loaded_square().columns;
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(columns[i++ % columns.size()]->stored_hash());
}
BENCHMARK(BM_ChunkStoredHash)->Unit(benchmark::kMicrosecond);

void BM_ChunkContentHash(benchmark::State& state) {
  const auto& columns = loaded_square().columns;
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(columns[i++ % columns.size()]->content_hash());
}
BENCHMARK(BM_ChunkContentHash)->Unit(benchmark::kMicrosecond);

// Heap held per loaded chunk once it has been sent (its packet cached), reported, not timed.
void BM_MemoryPerLoadedChunk(benchmark::State& state) {
  LoadedSquare& square = loaded_square();
  for (const ChunkColumn* c : square.columns) c->map_chunk_packet(packet::play_cb::MapChunk::kId);
  double per_chunk = 0;
  for (auto _ : state) {
    per_chunk = static_cast<double>(square.chunks.memory_bytes()) / static_cast<double>(square.chunks.loaded_count());
    benchmark::DoNotOptimize(per_chunk);
  }
  state.counters["bytes_per_chunk"] = per_chunk;
}
BENCHMARK(BM_MemoryPerLoadedChunk)->Iterations(1);

// Preparing the spawn area (the spawn chunk and its neighbours) on one core, fresh each time.
void BM_PrepareSpawnArea(benchmark::State& state) {
  int64_t seed = 1;
  for (auto _ : state) {
    EffectBuffer effects;
    WorldChunks chunks(settings_for(static_cast<uint64_t>(seed++)), effects);
    load_square(chunks, effects, -1, -1, 3);
  }
}
BENCHMARK(BM_PrepareSpawnArea)->Unit(benchmark::kMillisecond)->UseRealTime();

// --- the per-tick cost with players online ---

// Time does not pass for the core (see Crowd::pass).
class StillClock final : public Clock {
 public:
  int64_t now = 1'000'000'000'000;
  int64_t now_nanos() override { return now; }
};

Bytes frame(const Bytes& body, int threshold) { return *encode_frame(body, threshold); }

template <Packet P>
void send(Bytes& out, const P& p, int threshold) {
  Bytes f = frame(encode_packet(p), threshold);
  out.insert(out.end(), f.begin(), f.end());
}

// A server with `players` players joined at spawn, every chunk of their views generated and sent.
struct Crowd {
  StillClock clock;
  EffectBuffer sink;
  std::unique_ptr<Core> core;

  explicit Crowd(int players) {
    ServerProperties props = *parse_server_properties("pause-when-empty-seconds=0\nonline-mode=false\n").properties;
    core = std::make_unique<Core>(CoreConfig{props, static_cast<int64_t>(kSeed), "", {}, {}}, clock, sink);
    core->start();
    for (int i = 1; i <= players; ++i) join(static_cast<ConnId>(i));
    settle();
  }

  void pass(std::vector<Input> inputs = {}) {
    std::vector<Input> results;
    for (Effect& e : sink.effects)
      if (auto* job = std::get_if<SubmitJob>(&e)) {
        Bytes r = job->kind == kJobKindChunkRead ? anvil::encode_result({})  /* absent */
                  : job->kind == kJobKindGeneration ? run_world_job(job->kind, job->request)
                                                    : Bytes{};
        results.push_back(JobCompleted{job->job, std::move(r)});
      }
    sink.effects.clear();
    for (Input& in : inputs) results.push_back(std::move(in));
    // The clock stands still: no keep-alive ever falls due, so nobody times out however many
    // passes the benchmark runs.
    core->run_iteration(results);
  }

  void join(ConnId conn) {
    pass({ConnectionOpened{conn, "bench"}});
    Bytes b;
    send(b, packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2}, -1);
    send(b, packet::login_sb::LoginStart{"Bot" + std::to_string(conn), {}}, -1);
    pass({BytesReceived{conn, b}});
    b.clear();
    send(b, packet::login_sb::LoginAcknowledged{}, 256);
    packet::config_sb::Settings settings;
    settings.info.view_distance = 10;
    send(b, settings, 256);
    send(b, packet::config_sb::SelectKnownPacks{}, 256);
    send(b, packet::config_sb::FinishConfiguration{}, 256);
    pass({BytesReceived{conn, b}});
  }

  // Runs passes, acknowledging every batch, until no job and no chunk is left to send.
  void settle() {
    for (int i = 0; i < 20000; ++i) {
      std::vector<Input> acks;
      bool busy = false;
      for (const Effect& e : sink.effects) {
        if (std::holds_alternative<SubmitJob>(e)) busy = true;
        if (auto* s = std::get_if<SendPacket>(&e)) {
          ByteReader r(*s->body);
          if (r.varint() == packet::play_cb::ChunkBatchFinished::kId) {
            Bytes b;
            send(b, packet::play_sb::ChunkBatchReceived{64.0f}, 256);
            acks.push_back(BytesReceived{s->conn, b});
            busy = true;
          }
        }
      }
      if (!busy && i > 2 && core->world().chunks().jobs_in_flight() == 0) return;
      pass(std::move(acks));
    }
  }
};

// Players standing still with their views complete: the tick must not walk chunks x players.
void BM_TickWithPlayersStandingStill(benchmark::State& state) {
  Crowd crowd(static_cast<int>(state.range(0)));
  for (auto _ : state) crowd.pass();
  state.counters["loaded_chunks"] = static_cast<double>(crowd.core->world().chunks().loaded_count());
}
BENCHMARK(BM_TickWithPlayersStandingStill)->Arg(1)->Arg(10)->Unit(benchmark::kMicrosecond);

// Random ticks alone over the ticking chunks around `players` players at spawn (simulation
// distance 10: 441 chunks), at the default speed 3: what a tick of a ticking chunk costs.
void BM_RandomTicks(benchmark::State& state) {
  Crowd crowd(static_cast<int>(state.range(0)));
  GameRules rules;
  Rng rng(7);
  RandomTicks ticks(crowd.core->world(), crowd.core->world(), rules, rng, {});
  int chunks = 0;
  crowd.core->world().for_each_ticking_chunk([&](const ChunkColumn&) { ++chunks; });
  for (auto _ : state) ticks.tick(true);
  state.counters["ticking_chunks"] = chunks;
  state.counters["ns_per_chunk"] = benchmark::Counter(static_cast<double>(chunks) * static_cast<double>(state.iterations()),
                                                      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["draws_per_tick"] =
      static_cast<double>(ticks.positions_drawn()) / static_cast<double>(std::max<int64_t>(1, state.iterations()));
}
BENCHMARK(BM_RandomTicks)->Arg(1)->Unit(benchmark::kMicrosecond);

// The core's state hash alone (computed after every pass), with the crowd's chunks loaded: it
// must not grow with the number of loaded chunks.
void BM_StateHash(benchmark::State& state) {
  Crowd crowd(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(crowd.core->state_hash());
  state.counters["loaded_chunks"] = static_cast<double>(crowd.core->world().chunks().loaded_count());
}
BENCHMARK(BM_StateHash)->Arg(1)->Arg(10)->Unit(benchmark::kMicrosecond);

// One player crossing a chunk border (teleported one chunk east and back): the view difference,
// the loading square's edges, forgets and the unload of the far edge (generation not included).
void BM_BorderCrossing(benchmark::State& state) {
  Crowd crowd(1);
  double x = 0.5;
  for (auto _ : state) {
    x = x > 8 ? 0.5 : 16.5;
    crowd.core->teleport_player(1, PlayerPlacement{x, 100.0, 0.5, 0, 0});
    crowd.sink.effects.clear();
  }
}
BENCHMARK(BM_BorderCrossing)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hz
