// Every SubmitJob kind the core submits, in one place: the number the shell dispatches on and
// the trace records. A system adds its kinds here so no two pick the same number.
#pragma once

#include <cstdint>

#include "sim/world/jobs.h"

namespace hz {

// One generation stage of one chunk (request and result formats: sim/world/jobs.h).
inline constexpr uint32_t kJobKindGeneration = kGenerationJobKind;
// Read one chunk's stored NBT, or learn that storage has none (formats: storage_requests.h).
inline constexpr uint32_t kJobKindChunkRead = 0x53540001;
// Store one chunk's NBT; the result is an empty acknowledgement.
inline constexpr uint32_t kJobKindChunkWrite = 0x53540002;

static_assert(kJobKindGeneration != kJobKindChunkRead && kJobKindGeneration != kJobKindChunkWrite);

}  // namespace hz
