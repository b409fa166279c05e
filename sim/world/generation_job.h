// One unit of generation work: a stage of one chunk with everything it reads, and what it
// produces. Running a job is a pure function, so the core can hand jobs to worker threads and
// take the results back in any order.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "sim/world/chunk_column.h"
#include "sim/world/generation_stages.h"
#include "sim/world/light_engine.h"

namespace hz {

struct GenerationJob {
  uint64_t ticket = 0;  // the graph's handle; results carry it back
  ChunkPos pos;
  ChunkStatus stage = ChunkStatus::kNoise;  // the status the job produces (kNoise..kLight)
  bool plan_only = false;  // rebuild the chunk to CARVERS only to recover its feature plan
  uint64_t seed = 0;
  std::shared_ptr<const ChunkColumn> chunk;                   // SURFACE, CARVERS, FEATURES: the input chunk
  std::array<std::shared_ptr<const FeaturePlan>, 9> plans;    // FEATURES: the 3x3 plans
  std::array<std::shared_ptr<const ColumnBlocks>, 9> blocks;  // LIGHT: the 3x3 blocks
};

struct GenerationResult {
  uint64_t ticket = 0;
  ChunkPos pos;
  ChunkStatus stage = ChunkStatus::kNoise;
  bool plan_only = false;
  std::shared_ptr<ChunkColumn> chunk;         // NOISE..FEATURES: the chunk after the stage
  std::shared_ptr<const FeaturePlan> plan;    // CARVERS and plan-only jobs
  std::shared_ptr<const ColumnLight> light;   // LIGHT
};

// Runs the stage. Pure: the same job gives the same result on any thread or machine.
GenerationResult run_generation_job(const GenerationJob& job);

}  // namespace hz
