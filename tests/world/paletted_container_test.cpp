#include "sim/world/paletted_container.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <vector>

#include "tests/world/spec_decoder.h"

namespace hz {
namespace {

Bytes encode(const PalettedContainer& c) {
  ByteWriter out;
  c.encode(out);
  return out.take();
}

// Width the spec asks for when a block section holds `distinct` values.
int spec_block_bits(int distinct) {
  if (distinct == 1) return 0;
  int bits = 0;
  while ((1 << bits) < distinct) ++bits;
  if (bits < 4) bits = 4;
  return bits > 8 ? 15 : bits;
}

int spec_biome_bits(int distinct) {
  if (distinct == 1) return 0;
  int bits = 0;
  while ((1 << bits) < distinct) ++bits;
  return bits > 3 ? 7 : bits;
}

TEST(PalettedContainer, StartsAsASingleValue) {
  PalettedContainer c(kBlockLayout, 0);
  EXPECT_EQ(c.bits(), 0);
  EXPECT_EQ(encode(c), (Bytes{0x00, 0x00}));
  PalettedContainer stone(kBlockLayout, 1);
  EXPECT_EQ(encode(stone), (Bytes{0x00, 0x01}));
}

TEST(PalettedContainer, BlockPaletteGrowsThroughEveryWidth) {
  PalettedContainer c(kBlockLayout, 0);
  std::vector<uint16_t> model(4096, 0);
  for (int distinct = 2; distinct <= 300; ++distinct) {
    const int cell = (distinct * 37) % 4096;
    const auto value = static_cast<uint16_t>(distinct * 97);  // distinct ids, some above 256
    c.set(cell, value);
    model[static_cast<size_t>(cell)] = value;
    ASSERT_EQ(c.bits(), spec_block_bits(distinct)) << distinct << " distinct values";
  }
  for (int i = 0; i < 4096; ++i) ASSERT_EQ(c.get(i), model[static_cast<size_t>(i)]);
}

TEST(PalettedContainer, BiomePaletteGrowsThroughEveryWidth) {
  PalettedContainer c(kBiomeLayout, 40);
  for (int distinct = 2; distinct <= 12; ++distinct) {
    c.set(distinct, static_cast<uint16_t>(distinct));
    ASSERT_EQ(c.bits(), spec_biome_bits(distinct)) << distinct << " distinct values";
  }
}

TEST(PalettedContainer, LongCountsMatchTheSpec) {
  struct Case {
    int distinct, bits, longs;
  };
  for (Case k : {Case{2, 4, 256}, Case{17, 5, 342}, Case{33, 6, 410}, Case{65, 7, 456}, Case{129, 8, 512},
                 Case{257, 15, 1024}}) {
    std::vector<uint16_t> values(4096);
    for (int i = 0; i < 4096; ++i) values[static_cast<size_t>(i)] = static_cast<uint16_t>((i % k.distinct) * 3);
    Bytes bytes = encode(PalettedContainer::from_values(kBlockLayout, values));
    test::SpecCursor cursor{bytes};
    auto decoded = test::spec_read_container(cursor, 4096);
    ASSERT_TRUE(decoded.has_value());
    EXPECT_EQ(decoded->bits, k.bits);
    const size_t palette_bytes = cursor.pos - static_cast<size_t>(k.longs) * 8;
    EXPECT_EQ(bytes.size(), cursor.pos);
    EXPECT_EQ(bytes.size() - palette_bytes, static_cast<size_t>(k.longs) * 8) << k.bits;
    for (int i = 0; i < 4096; ++i) ASSERT_EQ(decoded->values[static_cast<size_t>(i)], values[static_cast<size_t>(i)]);
  }
  for (Case k : {Case{2, 1, 1}, Case{3, 2, 2}, Case{5, 3, 4}, Case{9, 7, 8}}) {
    std::vector<uint16_t> values(64);
    for (int i = 0; i < 64; ++i) values[static_cast<size_t>(i)] = static_cast<uint16_t>(i % k.distinct);
    Bytes bytes = encode(PalettedContainer::from_values(kBiomeLayout, values));
    test::SpecCursor cursor{bytes};
    auto decoded = test::spec_read_container(cursor, 64);
    ASSERT_TRUE(decoded.has_value());
    EXPECT_EQ(decoded->bits, k.bits);
    EXPECT_EQ(cursor.pos, bytes.size());
    // The data longs are the tail of the encoding.
    int header = 1;
    if (k.bits != 7) header += 1 + k.distinct;  // VarInt count + one-byte VarInt ids
    EXPECT_EQ(static_cast<int>(bytes.size()) - header, k.longs * 8) << k.bits;
  }
}

TEST(PalettedContainer, ValuesNeverSpanTwoLongs) {
  // 5 bits: 12 values per long, the top 4 bits of every long stay zero.
  std::vector<uint16_t> values(4096);
  for (int i = 0; i < 4096; ++i) values[static_cast<size_t>(i)] = static_cast<uint16_t>(i % 31);
  PalettedContainer c = PalettedContainer::from_values(kBlockLayout, values);
  ASSERT_EQ(c.bits(), 5);
  for (uint64_t word : c.data()) EXPECT_EQ(word >> 60, 0u);
}

// A value generator that sometimes stays in a few ids and sometimes uses the whole id space.
rc::Gen<std::vector<std::pair<int, int>>> gen_sets(int entries, int limit) {
  return rc::gen::mapcat(rc::gen::inRange(1, limit), [entries](int pool) {
    return rc::gen::container<std::vector<std::pair<int, int>>>(
        rc::gen::pair(rc::gen::inRange(0, entries), rc::gen::inRange(0, pool)));
  });
}

RC_GTEST_PROP(PalettedContainer, BlockSetsMatchAPlainArray, ()) {
  const auto sets = *gen_sets(4096, 29873);
  PalettedContainer c(kBlockLayout, 0);
  std::vector<uint16_t> model(4096, 0);
  for (auto [index, value] : sets) {
    const uint16_t old = c.set(index, static_cast<uint16_t>(value));
    RC_ASSERT(old == model[static_cast<size_t>(index)]);
    model[static_cast<size_t>(index)] = static_cast<uint16_t>(value);
  }
  for (int i = 0; i < 4096; ++i) RC_ASSERT(c.get(i) == model[static_cast<size_t>(i)]);

  Bytes bytes = encode(c);
  RC_ASSERT(bytes.size() == c.encoded_size());
  test::SpecCursor cursor{bytes};
  auto decoded = test::spec_read_container(cursor, 4096);
  RC_ASSERT(decoded.has_value());
  RC_ASSERT(cursor.pos == bytes.size());
  for (int i = 0; i < 4096; ++i) RC_ASSERT(decoded->values[static_cast<size_t>(i)] == model[static_cast<size_t>(i)]);

  PalettedContainer again(kBlockLayout);
  ByteReader reader(bytes);
  RC_ASSERT(again.decode(reader));
  RC_ASSERT(again == c);

  PalettedContainer packed = c.repacked();
  RC_ASSERT(packed == c);
  std::vector<uint16_t> distinct(model);
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  RC_ASSERT(packed.bits() == spec_block_bits(static_cast<int>(distinct.size())));
}

// copy_through returns the largest value any cell looks up, and, unless that is zero, writes
// each cell's. Tables are mostly zeros, and sometimes alike for every value, so the shortcuts
// (nothing looked up, every palette entry alike) are taken as well as the cell by cell copy; cells
// set and overwritten leave palette entries no cell uses.
RC_GTEST_PROP(PalettedContainer, CopyThroughLooksEachCellUp, ()) {
  const auto sets = *gen_sets(4096, *rc::gen::element(8, 40, 300, 29873));
  PalettedContainer c(kBlockLayout, 0);
  std::vector<uint16_t> model(4096, 0);
  for (auto [index, value] : sets) {
    c.set(index, static_cast<uint16_t>(value));
    model[static_cast<size_t>(index)] = static_cast<uint16_t>(value);
  }
  const bool alike = *rc::gen::arbitrary<bool>();
  const uint8_t fill = *rc::gen::element<uint8_t>(0, 1, 15);
  std::vector<uint8_t> table(kBlockLayout.value_limit, fill);
  if (!alike) {
    for (auto [value, looked_up] : *rc::gen::container<std::vector<std::pair<int, uint8_t>>>(
             rc::gen::pair(rc::gen::inRange(0, 300), rc::gen::element<uint8_t>(0, 1, 7, 15))))
      table[static_cast<size_t>(value)] = looked_up;
  }
  std::vector<uint8_t> out(4096, 99);
  const uint8_t largest = c.copy_through(table, out);
  uint8_t want = 0;
  for (uint16_t v : model) want = std::max(want, table[v]);
  RC_ASSERT(largest == want);
  if (largest == 0) return;
  for (size_t i = 0; i < 4096; ++i) RC_ASSERT(out[i] == table[model[i]]);
}

RC_GTEST_PROP(PalettedContainer, CountIndexMatchesEveryCell, ()) {
  const bool biomes = *rc::gen::arbitrary<bool>();
  const PaletteLayout& layout = biomes ? kBiomeLayout : kBlockLayout;
  const auto sets = *gen_sets(layout.entries, biomes ? 9 : 300);  // up to the widest palette
  PalettedContainer c(layout, 0);
  for (auto [index, value] : sets) c.set(index, static_cast<uint16_t>(value));
  RC_PRE(!c.is_single() && !c.is_direct());
  const std::span<const uint16_t> palette = c.palette();
  for (size_t p = 0; p < palette.size(); ++p) {
    int cells = 0;
    for (int i = 0; i < layout.entries; ++i) cells += c.get(i) == palette[p] ? 1 : 0;
    RC_ASSERT(c.count_index(static_cast<uint32_t>(p)) == cells);
  }
}

RC_GTEST_PROP(PalettedContainer, BiomeSetsMatchAPlainArray, ()) {
  const auto sets = *gen_sets(64, 65);
  PalettedContainer c(kBiomeLayout, 40);
  std::vector<uint16_t> model(64, 40);
  for (auto [index, value] : sets) {
    c.set(index, static_cast<uint16_t>(value));
    model[static_cast<size_t>(index)] = static_cast<uint16_t>(value);
  }
  Bytes bytes = encode(c);
  test::SpecCursor cursor{bytes};
  auto decoded = test::spec_read_container(cursor, 64);
  RC_ASSERT(decoded.has_value());
  for (int i = 0; i < 64; ++i) RC_ASSERT(decoded->values[static_cast<size_t>(i)] == model[static_cast<size_t>(i)]);
}

RC_GTEST_PROP(PalettedContainer, DecoderSurvivesDamagedInput, ()) {
  const auto sets = *gen_sets(4096, 600);
  PalettedContainer c(kBlockLayout, 0);
  for (auto [index, value] : sets) c.set(index, static_cast<uint16_t>(value));
  Bytes bytes = encode(c);
  const auto cut = *rc::gen::inRange<size_t>(0, bytes.size());
  const auto flip_at = *rc::gen::inRange<size_t>(0, bytes.size());
  const auto flip = *rc::gen::inRange<int>(0, 256);
  Bytes damaged(bytes.begin(), bytes.begin() + static_cast<long>(cut));
  if (flip_at < damaged.size()) damaged[flip_at] ^= static_cast<uint8_t>(flip);
  PalettedContainer out(kBlockLayout);
  ByteReader reader(damaged);
  const bool ok = out.decode(reader);
  if (cut < bytes.size()) RC_ASSERT(!ok || flip != 0);  // a clean truncation never decodes
  if (ok) {
    for (int i = 0; i < 4096; ++i) RC_ASSERT(out.get(i) < kBlockLayout.value_limit);
  }
}

// Packed longs where some cells may index past the palette (or past the ids, when direct): the
// decoder takes the container exactly when every cell is in range, whatever lies in the bits no
// cell uses.
void check_indices_decoded_when_in_range(const PaletteLayout& layout, int bits, bool direct) {
  const int count = direct ? 0 : *rc::gen::inRange(1, (1 << bits) + 1);
  const uint32_t limit = direct ? layout.value_limit : static_cast<uint32_t>(count);
  const int per = 64 / bits;
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  std::vector<uint64_t> longs(static_cast<size_t>(packed_long_count(layout.entries, bits)));
  for (uint64_t& word : longs) {  // every cell in range, the unused high bits anything
    const uint64_t noise = *rc::gen::arbitrary<uint64_t>();
    for (int k = 0; k < per; ++k) word |= ((noise >> (k * bits) & mask) % limit) << (k * bits);
    if (per * bits < 64) word |= noise >> (per * bits) << (per * bits);
  }
  const int strays = *rc::gen::inRange(0, 3);  // then a few cells anything, so one can decide
  for (int i = 0; i < strays; ++i) {
    const int cell = *rc::gen::inRange(0, static_cast<int>(longs.size()) * per);
    uint64_t& word = longs[static_cast<size_t>(cell / per)];
    word = (word & ~(mask << (cell % per * bits))) | (*rc::gen::inRange<uint64_t>(0, mask + 1) << (cell % per * bits));
  }
  if (*rc::gen::inRange(0, 8) == 0) longs.back() = *rc::gen::arbitrary<uint64_t>();  // and the unused cells
  bool in_range = true;
  for (int cell = 0; cell < layout.entries; ++cell)
    in_range = in_range && ((longs[static_cast<size_t>(cell / per)] >> (cell % per * bits)) & ((1u << bits) - 1)) < limit;
  ByteWriter out;
  out.u8(static_cast<uint8_t>(bits));
  if (!direct) {
    out.varint(count);
    for (int i = 0; i < count; ++i) out.varint(i);
  }
  for (uint64_t word : longs) out.u64(word);
  const Bytes bytes = out.take();
  PalettedContainer c(layout);
  ByteReader reader(bytes);
  RC_ASSERT(c.decode(reader) == in_range);
}

RC_GTEST_PROP(PalettedContainer, BlockIndicesDecodeExactlyWhenInRange, ()) {
  const int bits = *rc::gen::element(4, 5, 6, 7, 8, 15);
  check_indices_decoded_when_in_range(kBlockLayout, bits, bits == 15);
}

RC_GTEST_PROP(PalettedContainer, BiomeIndicesDecodeExactlyWhenInRange, ()) {
  const int bits = *rc::gen::element(1, 2, 3, 7);
  check_indices_decoded_when_in_range(kBiomeLayout, bits, bits == 7);
}

}  // namespace
}  // namespace hz
