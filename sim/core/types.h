// Basic value types shared by every part of the core: connection ids, byte buffers, job ids.
// Kept tiny so that every header can include it.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace hz {

using Bytes = std::vector<uint8_t>;
// Immutable bytes shared between receivers (a chunk packet encoded once, sent to many players).
using SharedBytes = std::shared_ptr<const Bytes>;

// A connection id is assigned by the shell, never reused within a process run.
using ConnId = uint32_t;
// A job id is assigned by the core when it submits asynchronous work.
using JobId = uint64_t;

inline SharedBytes share(Bytes b) { return std::make_shared<const Bytes>(std::move(b)); }

}  // namespace hz
