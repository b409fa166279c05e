// Every SubmitJob kind the core submits, in one place: the number the shell dispatches on and
// the trace records. A system adds its kinds here so no two pick the same number.
#pragma once

#include <cstdint>

#include "sim/world/anvil/storage_jobs.h"
#include "sim/world/jobs.h"

namespace hz {

// One generation stage of one chunk (request and result formats: sim/world/jobs.h).
inline constexpr uint32_t kJobKindGeneration = kGenerationJobKind;
// Chunk storage (formats: sim/world/anvil/storage_jobs.h): read one chunk's NBT or learn it is
// absent; write one chunk's NBT; finish everything submitted before and put it on disk.
inline constexpr uint32_t kJobKindChunkRead = static_cast<uint32_t>(anvil::StorageJobKind::kReadChunk);
inline constexpr uint32_t kJobKindChunkWrite = static_cast<uint32_t>(anvil::StorageJobKind::kWriteChunk);
inline constexpr uint32_t kJobKindStorageFlush = static_cast<uint32_t>(anvil::StorageJobKind::kFlush);

static_assert(kJobKindGeneration != kJobKindChunkRead && kJobKindGeneration != kJobKindChunkWrite &&
              kJobKindGeneration != kJobKindStorageFlush);

}  // namespace hz
