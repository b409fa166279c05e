#include "sim/world/jobs.h"

#include "sim/world/chunk_codec.h"

namespace hz {
namespace {

constexpr uint8_t kFormat = 1;

bool valid_stage(uint8_t stage) {
  return stage >= static_cast<uint8_t>(ChunkStatus::kNoise) && stage <= static_cast<uint8_t>(ChunkStatus::kLight);
}

void write_header(ByteWriter& out, uint64_t ticket, ChunkPos pos, ChunkStatus stage, bool plan_only) {
  out.u8(kFormat);
  out.u64(ticket);
  out.i32(pos.x);
  out.i32(pos.z);
  out.u8(static_cast<uint8_t>(stage));
  out.boolean(plan_only);
}

template <typename T>
bool read_header(ByteReader& in, T& into) {
  const uint8_t format = in.u8();
  into.ticket = in.u64();
  into.pos = ChunkPos{in.i32(), in.i32()};
  const uint8_t stage = in.u8();
  into.plan_only = in.boolean();
  if (!in.ok() || format != kFormat || !valid_stage(stage)) return false;
  into.stage = static_cast<ChunkStatus>(stage);
  return !into.plan_only || into.stage == ChunkStatus::kCarvers;
}

std::shared_ptr<ChunkColumn> read_chunk(ByteReader& in, ChunkPos pos) {
  auto column = std::make_shared<ChunkColumn>(pos);
  return read_column(in, *column) ? column : nullptr;
}

}  // namespace

Bytes encode_generation_job(const GenerationJob& job) {
  ByteWriter out;
  write_header(out, job.ticket, job.pos, job.stage, job.plan_only);
  out.u64(job.seed);
  if (job.plan_only) return out.take();
  switch (job.stage) {
    case ChunkStatus::kSurface:
    case ChunkStatus::kCarvers:
      write_column(out, *job.chunk);
      break;
    case ChunkStatus::kFeatures:
      write_column(out, *job.chunk);
      for (const auto& plan : job.plans) write_plan(out, *plan);
      break;
    case ChunkStatus::kLight:
      for (const auto& blocks : job.blocks) {
        out.boolean(blocks != nullptr);
        if (blocks) write_blocks(out, *blocks);
      }
      break;
    default:
      break;
  }
  return out.take();
}

std::optional<GenerationJob> decode_generation_job(std::span<const uint8_t> bytes) {
  ByteReader in(bytes);
  GenerationJob job;
  if (!read_header(in, job)) return std::nullopt;
  job.seed = in.u64();
  if (!in.ok()) return std::nullopt;
  if (!job.plan_only) {
    if (job.stage == ChunkStatus::kSurface || job.stage == ChunkStatus::kCarvers ||
        job.stage == ChunkStatus::kFeatures) {
      job.chunk = read_chunk(in, job.pos);
      if (!job.chunk) return std::nullopt;
    }
    if (job.stage == ChunkStatus::kFeatures) {
      for (auto& slot : job.plans) {
        auto plan = std::make_shared<FeaturePlan>();
        if (!read_plan(in, *plan)) return std::nullopt;
        slot = std::move(plan);
      }
    }
    if (job.stage == ChunkStatus::kLight) {
      for (auto& slot : job.blocks) {
        const bool present = in.boolean();
        if (!in.ok()) return std::nullopt;
        if (!present) continue;
        auto blocks = std::make_shared<ColumnBlocks>();
        if (!read_blocks(in, *blocks)) return std::nullopt;
        slot = std::move(blocks);
      }
    }
  }
  in.expect_end();
  if (!in.ok()) return std::nullopt;
  return job;
}

Bytes encode_generation_result(const GenerationResult& result) {
  ByteWriter out;
  write_header(out, result.ticket, result.pos, result.stage, result.plan_only);
  if (result.chunk) {
    out.boolean(true);
    write_column(out, *result.chunk);
  } else {
    out.boolean(false);
  }
  out.boolean(result.plan != nullptr);
  if (result.plan) write_plan(out, *result.plan);
  out.boolean(result.light != nullptr);
  if (result.light) write_light(out, *result.light);
  return out.take();
}

std::optional<GenerationResult> decode_generation_result(std::span<const uint8_t> bytes) {
  ByteReader in(bytes);
  GenerationResult result;
  if (!read_header(in, result)) return std::nullopt;
  if (in.boolean()) {
    result.chunk = read_chunk(in, result.pos);
    if (!result.chunk) return std::nullopt;
  }
  if (in.boolean()) {
    auto plan = std::make_shared<FeaturePlan>();
    if (!read_plan(in, *plan)) return std::nullopt;
    result.plan = std::move(plan);
  }
  if (in.boolean()) {
    auto light = std::make_shared<ColumnLight>();
    if (!read_light(in, *light)) return std::nullopt;
    result.light = std::move(light);
  }
  in.expect_end();
  if (!in.ok()) return std::nullopt;
  // The graph relies on each stage carrying what it produces.
  const bool complete = result.plan_only ? result.plan != nullptr
                        : result.stage == ChunkStatus::kLight
                            ? result.light != nullptr
                            : result.chunk != nullptr && (result.stage != ChunkStatus::kCarvers || result.plan);
  if (!complete) return std::nullopt;
  return result;
}

Bytes run_world_job(uint32_t kind, std::span<const uint8_t> request) {
  if (kind != kGenerationJobKind) return {};
  std::optional<GenerationJob> job = decode_generation_job(request);
  if (!job) return {};
  return encode_generation_result(run_generation_job(*job));
}

}  // namespace hz
