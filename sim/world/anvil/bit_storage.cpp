#include "sim/world/anvil/bit_storage.h"

#include <algorithm>
#include <cassert>
#include <string>

namespace hz::anvil {

int ceil_log2(size_t n) {
  int bits = 0;
  while ((size_t{1} << bits) < n) ++bits;
  return bits;
}

int block_disk_bits(size_t palette_size) {
  const int bits = ceil_log2(palette_size);
  return bits == 0 ? 0 : std::max(bits, 4);
}

int biome_disk_bits(size_t palette_size) { return ceil_log2(palette_size); }

size_t packed_longs(size_t entries, int bits) {
  assert(bits > 0 && bits <= 32);
  const size_t per_long = static_cast<size_t>(64 / bits);
  return (entries + per_long - 1) / per_long;
}

std::vector<int64_t> pack_indices(std::span<const uint16_t> indices, int bits) {
  const size_t per_long = static_cast<size_t>(64 / bits);
  std::vector<uint64_t> words(packed_longs(indices.size(), bits), 0);
  for (size_t i = 0; i < indices.size(); ++i) {
    words[i / per_long] |= static_cast<uint64_t>(indices[i]) << ((i % per_long) * static_cast<size_t>(bits));
  }
  return std::vector<int64_t>(words.begin(), words.end());
}

Result<std::vector<uint16_t>> unpack_indices(std::span<const int64_t> longs, int bits, size_t entries,
                                             size_t palette_size) {
  const size_t expected = packed_longs(entries, bits);
  if (longs.size() != expected) {
    return Error{"Invalid length given for storage, got: " + std::to_string(longs.size()) +
                 " but expected: " + std::to_string(expected)};
  }
  const size_t per_long = static_cast<size_t>(64 / bits);
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  std::vector<uint16_t> out(entries);
  for (size_t i = 0; i < entries; ++i) {
    const uint64_t word = static_cast<uint64_t>(longs[i / per_long]);
    const uint64_t index = (word >> ((i % per_long) * static_cast<size_t>(bits))) & mask;
    if (index >= palette_size) {
      return Error{"palette index " + std::to_string(index) + " is outside a palette of " +
                   std::to_string(palette_size)};
    }
    out[i] = static_cast<uint16_t>(index);
  }
  return out;
}

}  // namespace hz::anvil
