// One section's block states (4096 cells) or biomes (64 cells) in the protocol's paletted form:
// a single value, palette indices, or global ids, packed in longs exactly as they go on the wire.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sim/protocol/wire.h"

namespace hz {

// How a kind of container sizes itself; the numbers are the protocol's (spec 5.4).
struct PaletteLayout {
  uint16_t entries;           // cells: 4096 blocks or 64 biomes
  uint8_t min_indirect_bits;  // smallest palette width sent
  uint8_t max_indirect_bits;  // widest palette width before switching to global ids
  uint8_t direct_bits;        // width of global ids
  uint16_t value_limit;       // global ids are below this (checked when decoding)
};

inline constexpr PaletteLayout kBlockLayout{4096, 4, 8, 15, 29873};
inline constexpr PaletteLayout kBiomeLayout{64, 1, 3, 7, 128};

// Cell index helpers: blocks (y<<8)|(z<<4)|x, biomes over 4x4x4 cells (y<<4)|(z<<2)|x.
inline constexpr int block_index(int x, int y, int z) { return (y << 8) | (z << 4) | x; }
inline constexpr int biome_index(int x, int y, int z) { return (y << 4) | (z << 2) | x; }

class PalettedContainer {
 public:
  PalettedContainer() : PalettedContainer(kBlockLayout, 0) {}
  explicit PalettedContainer(const PaletteLayout& layout, uint16_t fill = 0);
  // The smallest container holding these values (palette in ascending id order).
  static PalettedContainer from_values(const PaletteLayout& layout, std::span<const uint16_t> values);

  uint16_t get(int index) const {
    if (bits_ == 0) return palette_[0];
    const uint32_t word = static_cast<uint32_t>((static_cast<uint64_t>(index) * divide_magic_) >> 32);
    const uint32_t shift = (static_cast<uint32_t>(index) - word * per_long_) * bits_;
    const auto id = static_cast<uint16_t>((data_[word] >> shift) & mask_);
    return direct_ ? id : palette_[id];
  }
  // Stores `value` at `index`, widening the palette when needed; returns the previous value.
  uint16_t set(int index, uint16_t value);
  void fill(uint16_t value);

  const PaletteLayout& layout() const { return *layout_; }
  int bits() const { return bits_; }
  bool is_single() const { return bits_ == 0; }
  bool is_direct() const { return direct_; }
  // Palette entries (may include values no longer used); empty when direct.
  std::span<const uint16_t> palette() const { return palette_; }
  std::span<const uint64_t> data() const { return data_; }
  // All cell values in index order.
  void copy_to(std::span<uint16_t> out) const;
  // Every cell's value looked up in `table` (indexed by value), in index order; the palette's
  // entries are looked up once each. Returns the largest byte; when that is 0 (every cell maps
  // to 0), `out` may be left as it was.
  uint8_t copy_through(std::span<const uint8_t> table, std::span<uint8_t> out) const;
  // Calls visit(value, cells) once per value in use (per cell when direct), from one pass over
  // the packed indices.
  template <typename Visit>
  void for_each_count(Visit visit) const;
  // Cells whose packed index is palette entry `index` (a palette, neither single nor direct): one
  // pass of a few operations a long, cheaper than for_each_count when few entries are asked for.
  int count_index(uint32_t index) const;
  // Number of cells whose value satisfies `pred`.
  template <typename Pred>
  int count_matching(Pred pred) const {
    int n = 0;
    for_each_count([&](uint16_t value, int cells) { n += pred(value) ? cells : 0; });
    return n;
  }
  // A copy holding only values in use, at the narrowest width (what storage writes).
  PalettedContainer repacked() const;

  // Wire form: u8 bits, palette (VarInt count + ids, or one id when single), longs unprefixed.
  void encode(ByteWriter& out) const;
  size_t encoded_size() const;
  // Reads the wire form; false (and the container unspecified) on anything malformed.
  bool decode(ByteReader& in);

  size_t memory_bytes() const {
    return sizeof(*this) + palette_.capacity() * sizeof(uint16_t) + data_.capacity() * sizeof(uint64_t);
  }
  bool operator==(const PalettedContainer& other) const;
  // The same packed form (width, palette and longs): equal cell by cell without unpacking them, as
  // a copy decoded from this one's wire form is. False says nothing: equal cells can be packed
  // differently.
  bool packed_like(const PalettedContainer& other) const {
    return layout_ == other.layout_ && bits_ == other.bits_ && direct_ == other.direct_ &&
           palette_ == other.palette_ && data_ == other.data_;
  }

 private:
  void configure(int bits);
  void write_index(int index, uint32_t id) {
    const uint32_t word = static_cast<uint32_t>((static_cast<uint64_t>(index) * divide_magic_) >> 32);
    const uint32_t shift = (static_cast<uint32_t>(index) - word * per_long_) * bits_;
    data_[word] = (data_[word] & ~(mask_ << shift)) | (static_cast<uint64_t>(id) << shift);
  }
  uint32_t index_of(uint16_t value) const;  // palette position, or UINT32_MAX
  bool cells_below(uint64_t limit) const;   // whether every cell's packed index is under `limit`
  // Cells per palette position (a palette of at most 256 entries), from one pass over the longs.
  void count_palette_uses(uint32_t (&uses)[256]) const;
  void regrow(int bits);                    // re-encodes every cell at a wider width
  // to[i] = lookup(packed index of cell i) for every cell, one long at a time (bits_ > 0).
  template <typename T, typename Lookup>
  void unpack(T* to, Lookup lookup) const;

  const PaletteLayout* layout_;
  uint8_t bits_ = 0;
  bool direct_ = false;
  uint32_t per_long_ = 1;
  uint64_t divide_magic_ = 0;  // index * magic >> 32 == index / per_long_ for every index used
  uint64_t mask_ = 0;
  std::vector<uint16_t> palette_;
  std::vector<uint64_t> data_;
};

// Longs needed for `entries` values of `bits` bits with no value spanning two longs.
inline constexpr int packed_long_count(int entries, int bits) {
  const int per = 64 / bits;
  return (entries + per - 1) / per;
}

template <typename Visit>
void PalettedContainer::for_each_count(Visit visit) const {
  if (bits_ == 0) {
    visit(palette_[0], static_cast<int>(layout_->entries));
    return;
  }
  if (direct_) {
    for (int i = 0; i < layout_->entries; ++i) visit(get(i), 1);
    return;
  }
  uint32_t uses[256];
  count_palette_uses(uses);
  for (size_t p = 0; p < palette_.size(); ++p) {
    if (uses[p] != 0) visit(palette_[p], static_cast<int>(uses[p]));
  }
}

}  // namespace hz
