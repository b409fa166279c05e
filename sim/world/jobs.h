// The world's asynchronous jobs as the core submits them (SubmitJob.kind and request bytes) and
// as the shell runs them on worker threads; results come back as JobCompleted bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "sim/core/types.h"
#include "sim/world/generation_job.h"

namespace hz {

// SubmitJob.kind values owned by the world. Other systems use other values.
inline constexpr uint32_t kGenerationJobKind = 0x574f0001;  // one generation stage of one chunk

Bytes encode_generation_job(const GenerationJob& job);
std::optional<GenerationJob> decode_generation_job(std::span<const uint8_t> bytes);
Bytes encode_generation_result(const GenerationResult& result);
std::optional<GenerationResult> decode_generation_result(std::span<const uint8_t> bytes);

// Whether a job kind is a pure function of its request (generation from the seed and a chunk
// position): a trace may keep only its result's hash and recompute it on replay.
inline bool is_pure_world_job(uint32_t kind) { return kind == kGenerationJobKind; }

// What a worker thread calls: decode the request, run it, encode the result. Empty bytes when
// the kind is not the world's or the request is malformed.
Bytes run_world_job(uint32_t kind, std::span<const uint8_t> request);

}  // namespace hz
