#include "sim/world/paletted_container.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstring>
#include <type_traits>

#include "sim/core/check.h"

namespace hz {
namespace {

// Narrowest width that indexes `count` palette entries, before the layout's minimum applies.
int width_for(size_t count) {
  return count <= 1 ? 0 : std::bit_width(static_cast<uint32_t>(count - 1));
}

// The width a container must use for `distinct` values under `layout`.
int layout_width(const PaletteLayout& layout, size_t distinct) {
  if (distinct <= 1) return 0;
  int w = std::max(width_for(distinct), static_cast<int>(layout.min_indirect_bits));
  return w > layout.max_indirect_bits ? layout.direct_bits : w;
}

}  // namespace

PalettedContainer::PalettedContainer(const PaletteLayout& layout, uint16_t fill) : layout_(&layout) {
  configure(0);
  palette_.assign(1, fill);
}

void PalettedContainer::configure(int bits) {
  bits_ = static_cast<uint8_t>(bits);
  direct_ = bits == layout_->direct_bits && bits > layout_->max_indirect_bits;
  if (bits == 0) {
    per_long_ = 1;
    divide_magic_ = 0;
    mask_ = 0;
    data_.clear();
    return;
  }
  per_long_ = 64u / static_cast<uint32_t>(bits);
  // ceil(2^32 / per) is exact for every index below 2^16 (the error term stays under 1/per).
  divide_magic_ = ((uint64_t{1} << 32) + per_long_ - 1) / per_long_;
  mask_ = (uint64_t{1} << bits) - 1;
  data_.assign(static_cast<size_t>(packed_long_count(layout_->entries, bits)), 0);
}

uint32_t PalettedContainer::index_of(uint16_t value) const {
  for (size_t i = 0; i < palette_.size(); ++i) {
    if (palette_[i] == value) return static_cast<uint32_t>(i);
  }
  return UINT32_MAX;
}

void PalettedContainer::regrow(int bits) {
  std::vector<uint16_t> values(layout_->entries);
  copy_to(values);
  const bool was_single = bits_ == 0;
  std::vector<uint16_t> old_palette = std::move(palette_);
  configure(bits);
  if (direct_) {
    palette_.clear();
    for (int i = 0; i < layout_->entries; ++i) write_index(i, values[i]);
    return;
  }
  palette_ = std::move(old_palette);
  if (was_single) return;  // every index is already 0, the one palette entry
  for (int i = 0; i < layout_->entries; ++i) write_index(i, index_of(values[i]));
}

uint16_t PalettedContainer::set(int index, uint16_t value) {
  assert(index >= 0 && index < layout_->entries);
  const uint16_t old = get(index);
  if (old == value) return old;
  if (direct_) {
    write_index(index, value);
    return old;
  }
  uint32_t id = index_of(value);
  if (id == UINT32_MAX) {
    if (palette_.size() < (size_t{1} << bits_)) {
      palette_.push_back(value);
      id = static_cast<uint32_t>(palette_.size() - 1);
    } else {
      const int wider = bits_ == 0 ? layout_->min_indirect_bits : bits_ + 1;
      regrow(wider > layout_->max_indirect_bits ? layout_->direct_bits : wider);
      if (direct_) {
        write_index(index, value);
        return old;
      }
      palette_.push_back(value);
      id = static_cast<uint32_t>(palette_.size() - 1);
    }
  }
  write_index(index, id);
  return old;
}

void PalettedContainer::fill(uint16_t value) {
  configure(0);
  palette_.assign(1, value);
}

namespace {

// Counts each palette index of `entries` cells packed kBits to a long. Four tallies taken in turn
// and summed at the end: a run of one index (a section of stone) would otherwise make every
// increment wait for the one before it.
template <int kBits>
void count_packed(std::span<const uint64_t> data, int entries, uint32_t (&uses)[256]) {
  constexpr int kPerLong = 64 / kBits;
  constexpr uint64_t kMask = (uint64_t{1} << kBits) - 1;
  uint32_t tally[4][1 << kBits] = {};
  const int full = entries / kPerLong;
  for (int w = 0; w < full; ++w) {
    uint64_t word = data[static_cast<size_t>(w)];
    for (int k = 0; k < kPerLong; ++k, word >>= kBits) ++tally[k & 3][word & kMask];
  }
  uint64_t last = full * kPerLong < entries ? data[static_cast<size_t>(full)] : 0;
  for (int k = 0; k < entries - full * kPerLong; ++k, last >>= kBits) ++tally[0][last & kMask];
  std::fill(std::begin(uses), std::end(uses), 0u);
  for (int i = 0; i < (1 << kBits); ++i) uses[i] = tally[0][i] + tally[1][i] + tally[2][i] + tally[3][i];
}

// Whether every index of `entries` cells packed kBits to a long is below `limit` (1 <= limit <
// 2^kBits). Eight or more cells a step: the even-numbered cells and the odd ones shifted onto
// them each get 2^kBits - limit added, and an index at or over the limit carries into the bit
// just above its cell, which is the (cleared) low bit of the next cell.
template <int kBits>
bool packed_below(std::span<const uint64_t> data, int entries, uint32_t limit) {
  constexpr int kPerLong = 64 / kBits;
  constexpr uint64_t kMask = (uint64_t{1} << kBits) - 1;
  constexpr uint64_t kEvenOnes = [] {
    uint64_t v = 0;
    for (int i = 0; i < kPerLong; i += 2) v |= uint64_t{1} << (i * kBits);
    return v;
  }();
  constexpr uint64_t kEven = kEvenOnes * kMask;
  constexpr uint64_t kCarries = kEvenOnes << kBits;  // the top even cell ends below bit 63
  constexpr uint64_t kUsed = kPerLong * kBits == 64 ? ~uint64_t{0} : (uint64_t{1} << (kPerLong * kBits)) - 1;
  const uint64_t add = kEvenOnes * ((uint64_t{1} << kBits) - limit);
  auto carries = [&](uint64_t word) { return ((word & kEven) + add) | (((word >> kBits) & kEven) + add); };
  uint64_t over = 0;
  const int full = entries / kPerLong;
  for (int w = 0; w < full; ++w) over |= carries(data[static_cast<size_t>(w)] & kUsed);
  const int rest = entries - full * kPerLong;  // fewer than kPerLong, so under 64 bits
  if (rest > 0) over |= carries(data[static_cast<size_t>(full)] & ((uint64_t{1} << (rest * kBits)) - 1));
  return (over & kCarries) == 0;
}

// Cells of `entries` packed kBits to a long whose index is `index`, a few operations a long: each
// cell is XORed with the index, and a cell left zero is the only one whose top bit stays clear
// when its low bits are added to all-ones-but-the-top and the cell itself is ORed in.
template <int kBits>
int count_packed_equal(std::span<const uint64_t> data, int entries, uint64_t index) {
  constexpr int kPerLong = 64 / kBits;
  constexpr uint64_t kOnes = [] {
    uint64_t v = 0;
    for (int i = 0; i < kPerLong; ++i) v |= uint64_t{1} << (i * kBits);
    return v;
  }();
  constexpr uint64_t kLow = kOnes * ((uint64_t{1} << (kBits - 1)) - 1);
  constexpr uint64_t kTop = kOnes << (kBits - 1);
  const uint64_t pattern = kOnes * index;
  auto zero_cells = [&](uint64_t word) {
    const uint64_t x = word ^ pattern;
    return ~(((x & kLow) + kLow) | x | kLow) & kTop;
  };
  // Each word's marks sit at the top bit of its cells, so kBits words shifted by 0 to kBits - 1
  // mark distinct bits: one popcount (a library call on baseline x86-64) serves them all.
  int count = 0;
  const int full = entries / kPerLong;
  int w = 0;
  for (; w + kBits <= full; w += kBits) {
    uint64_t marks = 0;
    for (int k = 0; k < kBits; ++k) marks |= zero_cells(data[static_cast<size_t>(w + k)]) >> k;
    count += std::popcount(marks);
  }
  for (; w < full; ++w) count += std::popcount(zero_cells(data[static_cast<size_t>(w)]));
  const int rest = entries - full * kPerLong;  // fewer than kPerLong, so under 64 bits
  if (rest > 0) {
    const uint64_t used = (uint64_t{1} << (rest * kBits)) - 1;
    count += std::popcount(zero_cells(data[static_cast<size_t>(full)]) & used);
  }
  return count;
}

// Packs each value's palette position kBits to a long, whole longs at once: no read-modify-write
// and no division per cell.
template <int kBits>
void pack_positions(const uint8_t* position, std::span<const uint16_t> values, std::span<uint64_t> data) {
  constexpr size_t kPerLong = 64 / kBits;
  for (size_t w = 0, first = 0; first < values.size(); ++w, first += kPerLong) {
    const size_t n = std::min(kPerLong, values.size() - first);
    uint64_t packed = 0;
    for (size_t k = 0; k < n; ++k) packed |= uint64_t{position[values[first + k]]} << (k * kBits);
    data[w] = packed;
  }
}

// Calls `f` with the width 1-8 as a compile-time constant (the packed loops unroll per width).
template <typename F>
decltype(auto) with_palette_width(int bits, F&& f) {
  switch (bits) {
    case 1: return f(std::integral_constant<int, 1>{});
    case 2: return f(std::integral_constant<int, 2>{});
    case 3: return f(std::integral_constant<int, 3>{});
    case 4: return f(std::integral_constant<int, 4>{});
    case 5: return f(std::integral_constant<int, 5>{});
    case 6: return f(std::integral_constant<int, 6>{});
    case 7: return f(std::integral_constant<int, 7>{});
    case 8: return f(std::integral_constant<int, 8>{});
  }
  check_failed(__FILE__, __LINE__, "bits <= 8", "a palette wider than 8 bits is direct");
}

}  // namespace

void PalettedContainer::count_palette_uses(uint32_t (&uses)[256]) const {
  with_palette_width(bits_, [&](auto bits) { count_packed<decltype(bits)::value>(data_, layout_->entries, uses); });
}

int PalettedContainer::count_index(uint32_t index) const {
  assert(bits_ > 0 && !direct_ && index < palette_.size());
  return with_palette_width(bits_, [&](auto bits) {
    return count_packed_equal<decltype(bits)::value>(data_, layout_->entries, index);
  });
}

// The light engine copies nine columns' sections for every column it lights, so this loop is
// hot: each caller passes direct and palette lookups as separate lambdas, so neither branches
// per cell.
template <typename T, typename Lookup>
void PalettedContainer::unpack(T* to, Lookup lookup) const {
  size_t left = static_cast<size_t>(layout_->entries);
  for (uint64_t word : data_) {
    const size_t n = std::min<size_t>(per_long_, left);
    for (size_t k = 0; k < n; ++k, word >>= bits_) to[k] = lookup(word & mask_);
    to += n;
    left -= n;
    if (left == 0) break;
  }
}

void PalettedContainer::copy_to(std::span<uint16_t> out) const {
  assert(out.size() >= layout_->entries);
  if (bits_ == 0) {
    std::fill(out.begin(), out.begin() + layout_->entries, palette_[0]);
  } else if (direct_) {
    unpack(out.data(), [](uint64_t id) { return static_cast<uint16_t>(id); });
  } else {
    unpack(out.data(), [palette = palette_.data()](uint64_t p) { return palette[p]; });
  }
}

uint8_t PalettedContainer::copy_through(std::span<const uint8_t> table, std::span<uint8_t> out) const {
  assert(out.size() >= layout_->entries);
  const auto cells = static_cast<size_t>(layout_->entries);
  if (bits_ == 0) {
    std::fill_n(out.begin(), cells, table[palette_[0]]);
    return table[palette_[0]];
  }
  if (direct_) {  // the indices are the values themselves
    unpack(out.data(), [&table](uint64_t id) { return table[id]; });
  } else {
    std::array<uint8_t, 256> mapped{};
    uint8_t any = 0;
    bool uniform = true;
    for (size_t p = 0; p < palette_.size(); ++p) {
      any |= mapped[p] = table[palette_[p]];
      uniform = uniform && mapped[p] == mapped[0];
    }
    if (any == 0) return 0;
    if (uniform) {  // every palette entry looks up alike (a section of stone and ores)
      std::fill_n(out.begin(), cells, mapped[0]);
      return mapped[0];
    }
    unpack(out.data(), [&mapped](uint64_t p) { return mapped[p]; });
  }
  // The palette may hold values no cell uses any more, so the largest is read from the cells.
  return *std::max_element(out.begin(), out.begin() + static_cast<long>(cells));
}

PalettedContainer PalettedContainer::from_values(const PaletteLayout& layout,
                                                 std::span<const uint16_t> values) {
  assert(values.size() == layout.entries);
  // Distinct values in ascending order through a bitmap of the id space (cheaper than sorting).
  const uint32_t highest = *std::max_element(values.begin(), values.end());
  // Four bitmaps marked in turn: with one, a run of one value (a section of stone) would make
  // every mark wait for the one before it.
  const size_t words = (highest >> 6) + 1;  // a biome container's 64 values need two
  uint64_t seen[4][(1 << 16) / 64];
  for (auto& map : seen) std::fill(map, map + words, 0);
  static_assert(kBlockLayout.entries % 4 == 0 && kBiomeLayout.entries % 4 == 0);
  for (size_t i = 0; i < values.size(); i += 4) {
    for (size_t k = 0; k < 4; ++k) seen[k][values[i + k] >> 6] |= uint64_t{1} << (values[i + k] & 63);
  }
  std::vector<uint16_t> distinct;
  for (uint32_t word = 0; word < words; ++word) {
    for (uint64_t bits = seen[0][word] | seen[1][word] | seen[2][word] | seen[3][word]; bits != 0;
         bits &= bits - 1) {
      distinct.push_back(static_cast<uint16_t>(word * 64 + static_cast<uint32_t>(std::countr_zero(bits))));
    }
  }

  PalettedContainer c(layout, distinct.front());
  const int bits = layout_width(layout, distinct.size());
  if (bits == 0) return c;
  c.configure(bits);
  if (c.direct_) {
    c.palette_.clear();
    for (int i = 0; i < layout.entries; ++i) c.write_index(i, values[i]);
    return c;
  }
  c.palette_ = std::move(distinct);
  // Each value's palette position, set for the values present only (the rest is never read).
  uint8_t position[1 << 16];
  for (size_t i = 0; i < c.palette_.size(); ++i) position[c.palette_[i]] = static_cast<uint8_t>(i);
  with_palette_width(c.bits_, [&](auto bits) { pack_positions<decltype(bits)::value>(position, values, c.data_); });
  return c;
}

PalettedContainer PalettedContainer::repacked() const {
  std::vector<uint16_t> values(layout_->entries);
  copy_to(values);
  return from_values(*layout_, values);
}

void PalettedContainer::encode(ByteWriter& out) const {
  out.u8(bits_);
  if (bits_ == 0) {
    out.varint(palette_[0]);
    return;
  }
  if (!direct_) {
    out.varint(static_cast<int32_t>(palette_.size()));
    for (uint16_t v : palette_) out.varint(v);
  }
  const size_t start = out.size();
  out.bytes().resize(start + data_.size() * 8);
  uint8_t* dst = out.bytes().data() + start;
  for (uint64_t word : data_) {
    const uint64_t be = __builtin_bswap64(word);
    std::memcpy(dst, &be, 8);
    dst += 8;
  }
}

size_t PalettedContainer::encoded_size() const {
  size_t n = 1;
  if (bits_ == 0) return n + static_cast<size_t>(varint_size(palette_[0]));
  if (!direct_) {
    n += static_cast<size_t>(varint_size(static_cast<int32_t>(palette_.size())));
    for (uint16_t v : palette_) n += static_cast<size_t>(varint_size(v));
  }
  return n + data_.size() * 8;
}

bool PalettedContainer::decode(ByteReader& in) {
  const int bits = in.u8();
  if (!in.ok()) return false;
  const bool indirect = bits >= layout_->min_indirect_bits && bits <= layout_->max_indirect_bits;
  if (bits != 0 && !indirect && bits != layout_->direct_bits) return false;
  if (bits == 0) {
    const int32_t v = in.varint();
    if (!in.ok() || v < 0 || v >= layout_->value_limit) return false;
    fill(static_cast<uint16_t>(v));
    return true;
  }
  std::vector<uint16_t> palette;
  if (indirect) {
    const int32_t count = in.varint();
    if (!in.ok() || count < 1 || count > (1 << bits)) return false;
    palette.reserve(static_cast<size_t>(count));
    for (int32_t i = 0; i < count; ++i) {
      const int32_t v = in.varint();
      if (!in.ok() || v < 0 || v >= layout_->value_limit) return false;
      palette.push_back(static_cast<uint16_t>(v));
    }
  }
  const size_t longs = static_cast<size_t>(packed_long_count(layout_->entries, bits));
  if (in.remaining() < longs * 8) return false;
  configure(bits);
  palette_ = std::move(palette);
  in.u64_array(data_);
  return in.ok() && cells_below(direct_ ? layout_->value_limit : palette_.size());
}

bool PalettedContainer::cells_below(uint64_t limit) const {
  if (limit > mask_) return true;  // every index the width holds is in range
  const int entries = layout_->entries;
  if (bits_ <= 8)
    return with_palette_width(bits_, [&](auto bits) { return packed_below<decltype(bits)::value>(data_, entries, static_cast<uint32_t>(limit)); });
  for (int i = 0; i < entries; ++i)  // direct, wider than any palette
    if (get(i) >= limit) return false;
  return true;
}

bool PalettedContainer::operator==(const PalettedContainer& other) const {
  if (layout_->entries != other.layout_->entries) return false;
  for (int i = 0; i < layout_->entries; ++i) {
    if (get(i) != other.get(i)) return false;
  }
  return true;
}

}  // namespace hz
