// Light levels (0..15) of one 16x16x16 section as the protocol and Anvil store them: 2048 bytes,
// one nibble per block, or just one value when the whole section has the same level.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "sim/core/types.h"

namespace hz {

class LightLayer {
 public:
  static constexpr size_t kBytes = 2048;

  LightLayer() = default;
  static LightLayer uniform(uint8_t level);
  // Packs 4096 levels (index (y<<8)|(z<<4)|x); collapses to a uniform layer when all are equal.
  static LightLayer from_levels(std::span<const uint8_t> levels);
  // Takes a packed 2048-byte nibble array (even index in the low nibble).
  static LightLayer from_packed(SharedBytes packed);

  uint8_t get(int index) const {
    if (!packed_) return uniform_;
    const uint8_t b = (*packed_)[static_cast<size_t>(index >> 1)];
    return (index & 1) ? b >> 4 : b & 0x0F;
  }
  bool is_uniform() const { return !packed_; }
  // Level of a uniform layer (meaningless otherwise).
  uint8_t uniform_level() const { return uniform_; }
  bool is_all_zero() const { return !packed_ && uniform_ == 0; }
  // The 2048 packed bytes; for a uniform layer they are made on demand.
  SharedBytes packed() const;
  void append_packed(Bytes& out) const;

  size_t memory_bytes() const { return packed_ ? kBytes : 0; }
  bool operator==(const LightLayer& other) const;

 private:
  uint8_t uniform_ = 0;
  SharedBytes packed_;  // immutable and shared between copies of a column
};

}  // namespace hz
