// Where a random tick lands inside a section: one 32-bit draw from the core's Rng split into
// x, y and z the way vanilla's getBlockRandomPos splits its value (docs/rules/random-ticks.md §2).
#pragma once

#include <cstdint>

#include "sim/core/rng.h"

namespace hz {

struct SectionOffset {
  int x = 0, y = 0, z = 0;  // 0..15 each
  bool operator==(const SectionOffset&) const = default;
};

// Vanilla drops the two lowest bits, then x is bits 0-3, z bits 8-11, y bits 16-19 of the rest.
inline SectionOffset random_tick_offset(uint32_t value) {
  const uint32_t v = value >> 2;
  return SectionOffset{static_cast<int>(v & 15), static_cast<int>((v >> 16) & 15), static_cast<int>((v >> 8) & 15)};
}

// The one draw per position: the upper half of the Rng's next 64 bits.
inline uint32_t random_tick_draw(Rng& rng) { return static_cast<uint32_t>(rng.next_u64() >> 32); }

}  // namespace hz
