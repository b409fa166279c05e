// Region codec 4: lz4-java's LZ4BlockOutputStream framing ("LZ4Block" magic, blocks of up to
// 64 KiB stored raw or as LZ4 block data, a 28-bit xxHash32 per block, an empty closing block).
#pragma once

#include <cstdint>
#include <span>

#include "sim/core/types.h"
#include "sim/core/result.h"

namespace hz::anvil {

Bytes lz4_block_stream_compress(std::span<const uint8_t> raw);
// Stops at the closing empty block, as LZ4BlockInputStream does; checks every block's checksum.
Result<Bytes> lz4_block_stream_decompress(std::span<const uint8_t> packed, size_t max_output);

// One LZ4 block (no framing) and its inverse; `expected_size` is the exact decompressed length.
Bytes lz4_compress_block(std::span<const uint8_t> raw);
Result<Bytes> lz4_decompress_block(std::span<const uint8_t> packed, size_t expected_size);

uint32_t xxhash32(std::span<const uint8_t> data, uint32_t seed);

}  // namespace hz::anvil
