// World benchmarks: chunks generated and lit per second on one core (whole pipeline and each
// stage), chunk packet encoding time and size, and memory held per chunk.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <vector>

#include "sim/world/chunk_packet.h"
#include "sim/world/inline_generation.h"

namespace hz {
namespace {

constexpr uint64_t kSeed = 12345;

// A square of FULL chunks (the graph also carries a ring of partly generated neighbours).
std::vector<std::shared_ptr<ChunkColumn>> generate_square(int x0, int z0, int side) {
  GenerationGraph graph(kSeed);
  for (int x = 0; x < side; ++x)
    for (int z = 0; z < side; ++z) graph.request({x0 + x, z0 + z});
  run_generation_inline(graph);
  return graph.take_finished();
}

const std::vector<std::shared_ptr<ChunkColumn>>& sample_chunks() {
  static const auto chunks = generate_square(-4, -4, 8);
  return chunks;
}

// Whole pipeline, every stage of every chunk the squares need; reports FULL chunks per second.
// Each iteration moves to fresh terrain so nothing is reused.
void BM_GenerateAndLight(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  int64_t full = 0;
  int offset = 0;
  for (auto _ : state) {
    auto chunks = generate_square(offset, 1000, side);
    offset += side + 4;
    full += static_cast<int64_t>(chunks.size());
    benchmark::DoNotOptimize(chunks);
  }
  state.counters["full_chunks_per_s"] = benchmark::Counter(static_cast<double>(full), benchmark::Counter::kIsRate);
  // The squares also generate their border rings partly: this is the cost per lit chunk.
  state.counters["s_per_full_chunk"] = benchmark::Counter(
      static_cast<double>(full), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_GenerateAndLight)->Arg(4)->Arg(12)->Unit(benchmark::kMillisecond)->UseRealTime();

// One stage at a time on chunks at the previous stage, from fresh positions.
void BM_Stage(benchmark::State& state) {
  const auto stage = static_cast<ChunkStatus>(state.range(0));
  // Prepare inputs: a 3x3 neighbourhood at the stage before, around a moving centre.
  int centre = 0;
  int64_t chunks = 0;
  for (auto _ : state) {
    state.PauseTiming();
    GenerationGraph graph(kSeed);
    const ChunkPos pos{centre, -500};
    centre += 3;
    // Stop right before `stage` runs for `pos`.
    graph.request(pos);
    std::vector<GenerationJob> target;
    while (target.empty()) {
      for (GenerationJob& job : graph.take_jobs(1)) {
        if (job.pos == pos && job.stage == stage && !job.plan_only) {
          target.push_back(std::move(job));
        } else {
          graph.complete(run_generation_job(job));
        }
      }
    }
    state.ResumeTiming();
    benchmark::DoNotOptimize(run_generation_job(target[0]));
    ++chunks;
  }
  state.counters["chunks_per_s"] = benchmark::Counter(static_cast<double>(chunks), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Stage)
    ->ArgName("stage")
    ->Arg(static_cast<int>(ChunkStatus::kNoise))
    ->Arg(static_cast<int>(ChunkStatus::kSurface))
    ->Arg(static_cast<int>(ChunkStatus::kCarvers))
    ->Arg(static_cast<int>(ChunkStatus::kFeatures))
    ->Arg(static_cast<int>(ChunkStatus::kLight))
    ->Unit(benchmark::kMicrosecond)
    ->Iterations(40);

// Encoding a chunk packet body from scratch (no cached sections), and its size.
void BM_EncodeChunkBodyCold(benchmark::State& state) {
  const auto& chunks = sample_chunks();
  size_t i = 0, bytes = 0, packets = 0;
  for (auto _ : state) {
    const ChunkColumn& c = *chunks[i++ % chunks.size()];
    c.drop_caches();
    ByteWriter out(estimated_chunk_body_size(c));
    write_chunk_body(out, c);
    bytes += out.size();
    ++packets;
    benchmark::DoNotOptimize(out.bytes().data());
  }
  state.counters["bytes_per_packet"] = static_cast<double>(bytes) / static_cast<double>(packets);
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_EncodeChunkBodyCold)->Unit(benchmark::kMicrosecond);

// Packing generated cells into a section and counting them (what each generation stage's
// result and every loaded chunk costs), over the non-empty sections of real terrain.
void BM_SectionFromCells(benchmark::State& state) {
  std::vector<std::vector<uint16_t>> sections;
  for (const auto& c : sample_chunks()) {
    for (int s = 0; s < kSectionCount; ++s) {
      if (c->section(s).has_only_air()) continue;
      std::vector<uint16_t> cells(4096);
      c->section(s).blocks().copy_to(cells);
      sections.push_back(std::move(cells));
    }
  }
  size_t i = 0;
  for (auto _ : state) {
    Section section;
    section.assign_blocks(PalettedContainer::from_values(kBlockLayout, sections[i++ % sections.size()]));
    benchmark::DoNotOptimize(section.non_air_count());
  }
}
BENCHMARK(BM_SectionFromCells)->Unit(benchmark::kMicrosecond);

// What every further player costs: the cached, shared body.
void BM_ChunkBodyCached(benchmark::State& state) {
  const auto& chunks = sample_chunks();
  for (const auto& c : chunks) c->packet_body();
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(chunks[i++ % chunks.size()]->packet_body());
}
BENCHMARK(BM_ChunkBodyCached);

// Memory held by a FULL chunk, without and with its packet cached (reported, not timed).
void BM_MemoryPerChunk(benchmark::State& state) {
  const auto& chunks = sample_chunks();
  double bare = 0, cached = 0;
  for (auto _ : state) {
    bare = cached = 0;
    for (const auto& c : chunks) {
      c->drop_caches();
      bare += static_cast<double>(c->memory_bytes());
      c->packet_body();
      cached += static_cast<double>(c->memory_bytes());
    }
  }
  state.counters["bytes_per_chunk"] = bare / static_cast<double>(chunks.size());
  state.counters["bytes_per_chunk_with_packet"] = cached / static_cast<double>(chunks.size());
}
BENCHMARK(BM_MemoryPerChunk)->Iterations(1);

}  // namespace
}  // namespace hz
