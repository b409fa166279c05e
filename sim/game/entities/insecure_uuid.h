// Mth.createInsecureUUID: the UUID vanilla gives every new entity, drawn from the core's one RNG
// (two longs, marked as a version 4, IETF variant UUID).
#pragma once

#include <cstdint>

#include "sim/core/rng.h"
#include "sim/protocol/wire.h"

namespace hz {

inline Uuid insecure_uuid(Rng& random) {
  const uint64_t most = (random.next_u64() & ~uint64_t{0xF000}) | uint64_t{0x4000};
  const uint64_t least = (random.next_u64() & 0x3FFFFFFFFFFFFFFFull) | 0x8000000000000000ull;
  return Uuid{most, least};
}

}  // namespace hz
