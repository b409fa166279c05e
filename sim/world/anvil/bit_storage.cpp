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

// Both directions go a long at a time: a division and a remainder per index cost more than the
// packing itself.
std::vector<int64_t> pack_indices(std::span<const uint16_t> indices, int bits) {
  const size_t per_long = static_cast<size_t>(64 / bits);
  std::vector<int64_t> out(packed_longs(indices.size(), bits));
  size_t first = 0;
  for (int64_t& slot : out) {
    const size_t n = std::min(per_long, indices.size() - first);
    uint64_t word = 0;
    for (size_t k = 0; k < n; ++k) word |= static_cast<uint64_t>(indices[first + k]) << (k * static_cast<size_t>(bits));
    slot = static_cast<int64_t>(word);
    first += n;
  }
  return out;
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
  size_t first = 0;
  for (int64_t stored : longs) {
    auto word = static_cast<uint64_t>(stored);
    const size_t n = std::min(per_long, entries - first);
    for (size_t k = 0; k < n; ++k, word >>= bits) out[first + k] = static_cast<uint16_t>(word & mask);
    first += n;
  }
  // Checked after unpacking, in one pass; the message names the first index out of range.
  if (!out.empty() && *std::max_element(out.begin(), out.end()) >= palette_size) {
    const auto bad = std::find_if(out.begin(), out.end(), [&](uint16_t index) { return index >= palette_size; });
    return Error{"palette index " + std::to_string(*bad) + " is outside a palette of " + std::to_string(palette_size)};
  }
  return out;
}

}  // namespace hz::anvil
