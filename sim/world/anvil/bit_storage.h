// Palette indices packed into the long arrays of chunk NBT (vanilla's SimpleBitStorage): b bits
// each, floor(64 / b) per long from the low bits, never spanning two longs; and the on-disk widths.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/core/result.h"

namespace hz::anvil {

int ceil_log2(size_t n);  // 0 for n <= 1
// Bits per index on disk for a palette of n entries. Unlike the network, blocks keep a palette
// (no global ids) at any size: 0 for one entry, at least 4, else ceil(log2 n). Biomes: ceil(log2 n).
int block_disk_bits(size_t palette_size);
int biome_disk_bits(size_t palette_size);
// Longs holding `entries` values of `bits` bits.
size_t packed_longs(size_t entries, int bits);

std::vector<int64_t> pack_indices(std::span<const uint16_t> indices, int bits);
// Unpacks `entries` indices; fails when the array has the wrong length (vanilla's "Invalid length
// given for storage") or an index is not below `palette_size`.
Result<std::vector<uint16_t>> unpack_indices(std::span<const int64_t> longs, int bits, size_t entries,
                                             size_t palette_size);

}  // namespace hz::anvil
