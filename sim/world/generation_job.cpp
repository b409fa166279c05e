#include "sim/world/generation_job.h"
#include "sim/core/check.h"

#include <cassert>

namespace hz {
namespace {

GenerationResult result_for(const GenerationJob& job) {
  GenerationResult r;
  r.ticket = job.ticket;
  r.pos = job.pos;
  r.stage = job.stage;
  r.plan_only = job.plan_only;
  return r;
}

std::shared_ptr<ChunkColumn> carve_from_scratch(const TerrainNoise& noise, ChunkPos pos) {
  auto column = std::make_shared<ChunkColumn>(run_noise_stage(noise, pos));
  run_surface_stage(noise, *column);
  run_carver_stage(noise, *column);
  return column;
}

}  // namespace

GenerationResult run_generation_job(const GenerationJob& job) {
  GenerationResult r = result_for(job);
  if (job.plan_only) {
    const TerrainNoise& noise = TerrainNoise::for_seed(job.seed);
    r.plan = std::make_shared<const FeaturePlan>(plan_features(job.seed, *carve_from_scratch(noise, job.pos)));
    return r;
  }
  switch (job.stage) {
    case ChunkStatus::kNoise: {
      const TerrainNoise& noise = TerrainNoise::for_seed(job.seed);
      r.chunk = std::make_shared<ChunkColumn>(run_noise_stage(noise, job.pos));
      break;
    }
    case ChunkStatus::kSurface: {
      const TerrainNoise& noise = TerrainNoise::for_seed(job.seed);
      r.chunk = std::make_shared<ChunkColumn>(*job.chunk);
      run_surface_stage(noise, *r.chunk);
      break;
    }
    case ChunkStatus::kCarvers: {
      const TerrainNoise& noise = TerrainNoise::for_seed(job.seed);
      r.chunk = std::make_shared<ChunkColumn>(*job.chunk);
      run_carver_stage(noise, *r.chunk);
      r.plan = std::make_shared<const FeaturePlan>(plan_features(job.seed, *r.chunk));
      r.chunk->set_feature_plan(r.plan);
      break;
    }
    case ChunkStatus::kFeatures: {
      r.chunk = std::make_shared<ChunkColumn>(*job.chunk);
      NeighbourPlans plans{};
      for (size_t i = 0; i < 9; ++i) plans[i] = job.plans[i].get();
      run_feature_stage(job.seed, *r.chunk, plans);
      break;
    }
    case ChunkStatus::kLight: {
      LightNeighbourhood hood{};
      for (size_t i = 0; i < 9; ++i) hood[i] = job.blocks[i].get();
      r.light = std::make_shared<const ColumnLight>(compute_column_light(hood));
      break;
    }
    default:
      HZ_CHECK(false, "no job produces this status");
  }
  return r;
}

}  // namespace hz
