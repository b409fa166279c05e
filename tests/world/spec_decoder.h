// An independent reader of the protocol's paletted containers and sections, written from the
// spec (section 5.4) for tests only, so the world's encoder is never checked against itself.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace hz::test {

struct SpecContainer {
  int bits = 0;
  std::vector<int> palette;    // empty for direct
  std::vector<uint32_t> values;  // decoded global ids, one per cell
};

struct SpecSection {
  int non_air = 0;
  int fluids = 0;
  SpecContainer blocks;
  SpecContainer biomes;
};

// A cursor over big-endian protocol bytes; any overrun sets `failed`.
struct SpecCursor {
  std::span<const uint8_t> bytes;
  size_t pos = 0;
  bool failed = false;

  uint8_t byte() {
    if (pos >= bytes.size()) {
      failed = true;
      return 0;
    }
    return bytes[pos++];
  }
  uint64_t be(int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; ++i) v = (v << 8) | byte();
    return v;
  }
  int32_t varint() {
    uint32_t v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      uint8_t b = byte();
      v |= static_cast<uint32_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) return static_cast<int32_t>(v);
    }
    failed = true;
    return 0;
  }
};

// entries 4096 (blocks: indirect 4..8, direct 15) or 64 (biomes: indirect 1..3, direct 7).
inline std::optional<SpecContainer> spec_read_container(SpecCursor& in, int entries) {
  const bool blocks = entries == 4096;
  SpecContainer c;
  c.bits = in.byte();
  if (c.bits == 0) {
    c.palette.push_back(in.varint());
    c.values.assign(static_cast<size_t>(entries), static_cast<uint32_t>(c.palette[0]));
    if (in.failed) return std::nullopt;
    return c;
  }
  const int direct = blocks ? 15 : 7;
  const bool indirect = blocks ? (c.bits >= 4 && c.bits <= 8) : (c.bits >= 1 && c.bits <= 3);
  if (!indirect && c.bits != direct) return std::nullopt;
  if (indirect) {
    const int n = in.varint();
    if (n < 1 || n > (1 << c.bits)) return std::nullopt;
    for (int i = 0; i < n; ++i) c.palette.push_back(in.varint());
  }
  const int per_long = 64 / c.bits;
  const int longs = (entries + per_long - 1) / per_long;
  for (int l = 0; l < longs; ++l) {
    const uint64_t word = in.be(8);
    for (int k = 0; k < per_long && l * per_long + k < entries; ++k) {
      const uint32_t raw = static_cast<uint32_t>((word >> (k * c.bits)) & ((1u << c.bits) - 1));
      if (indirect) {
        if (raw >= c.palette.size()) return std::nullopt;
        c.values.push_back(static_cast<uint32_t>(c.palette[raw]));
      } else {
        c.values.push_back(raw);
      }
    }
  }
  if (in.failed) return std::nullopt;
  return c;
}

inline std::optional<SpecSection> spec_read_section(SpecCursor& in) {
  SpecSection s;
  s.non_air = static_cast<int16_t>(in.be(2));
  s.fluids = static_cast<int16_t>(in.be(2));
  auto blocks = spec_read_container(in, 4096);
  if (!blocks) return std::nullopt;
  auto biomes = spec_read_container(in, 64);
  if (!biomes) return std::nullopt;
  s.blocks = std::move(*blocks);
  s.biomes = std::move(*biomes);
  return s;
}

}  // namespace hz::test
