#include "sim/world/section.h"

#include <array>
#include <span>

#include "sim/world/block_traits.h"

namespace hz {

Section::Section(uint16_t biome) : blocks_(kBlockLayout, 0), biomes_(kBiomeLayout, biome) {}

BlockStateId Section::set_block(int index, BlockStateId state) {
  const BlockStateId old = blocks_.set(index, state);
  if (old == state) return old;
  const BlockTraits& traits = BlockTraits::get();
  non_air_ = static_cast<uint16_t>(non_air_ + (traits.is_air(old) ? 1 : 0) - (traits.is_air(state) ? 1 : 0));
  fluids_ = static_cast<uint16_t>(fluids_ + (traits.has_fluid(state) ? 1 : 0) - (traits.has_fluid(old) ? 1 : 0));
  random_ticking_ = static_cast<uint16_t>(random_ticking_ + (traits.random_ticks(state) ? 1 : 0) -
                                          (traits.random_ticks(old) ? 1 : 0));
  encoded_.reset();
  return old;
}

void Section::set_biome(int cell, uint16_t biome) {
  if (biomes_.set(cell, biome) != biome) encoded_.reset();
}

void Section::assign_blocks(PalettedContainer blocks) {
  blocks_ = std::move(blocks);
  recount();
  encoded_.reset();
}

void Section::assign_biomes(PalettedContainer biomes) {
  biomes_ = std::move(biomes);
  encoded_.reset();
}

namespace {

// The three traits a section counts, as bits of one flag byte per state.
constexpr int kTraitCount = 3;
uint8_t trait_flags(const BlockTraits& traits, uint16_t state) {
  return static_cast<uint8_t>((traits.is_air(state) ? 0 : 1) | (traits.has_fluid(state) ? 2 : 0) |
                              (traits.random_ticks(state) ? 4 : 0));
}

}  // namespace

// A palette usually splits unevenly: underground only the air and the fluids differ from the
// stone around them. For each trait, the entries on its smaller side are counted a pass each
// (PalettedContainer::count_index), which beats tallying every cell while they are few.
bool Section::recount_by_entries() {
  constexpr int kMostPasses = 6;
  const BlockTraits& traits = BlockTraits::get();
  const std::span<const uint16_t> palette = blocks_.palette();
  std::array<uint8_t, 256> flags{};
  std::array<int, kTraitCount> holding{};
  for (size_t p = 0; p < palette.size(); ++p) {
    flags[p] = trait_flags(traits, palette[p]);
    for (int t = 0; t < kTraitCount; ++t) holding[t] += (flags[p] >> t) & 1;
  }
  // Per trait, the flag of the entries counted: 1, those holding it; 0, those without it (their
  // cells are taken from the section's).
  std::array<int, kTraitCount> side{};
  for (int t = 0; t < kTraitCount; ++t) side[t] = 2 * holding[t] <= static_cast<int>(palette.size()) ? 1 : 0;
  const auto counted_for = [&](size_t p, int t) { return ((flags[p] >> t) & 1) == side[t]; };
  std::array<bool, 256> wanted{};
  int passes = 0;
  for (size_t p = 0; p < palette.size(); ++p) {
    for (int t = 0; t < kTraitCount; ++t) wanted[p] = wanted[p] || counted_for(p, t);
    passes += wanted[p] ? 1 : 0;
  }
  if (passes > kMostPasses) return false;
  std::array<int, kTraitCount> counted{};
  for (size_t p = 0; p < palette.size(); ++p) {
    if (!wanted[p]) continue;
    const int cells = blocks_.count_index(static_cast<uint32_t>(p));
    for (int t = 0; t < kTraitCount; ++t) counted[t] += counted_for(p, t) ? cells : 0;
  }
  const auto total = [&](int t) {
    return static_cast<uint16_t>(side[t] == 1 ? counted[t] : blocks_.layout().entries - counted[t]);
  };
  non_air_ = total(0);
  fluids_ = total(1);
  random_ticking_ = total(2);
  return true;
}

void Section::recount() {
  if (!blocks_.is_single() && !blocks_.is_direct() && recount_by_entries()) return;
  const BlockTraits& traits = BlockTraits::get();
  int non_air = 0, fluids = 0, ticking = 0;
  blocks_.for_each_count([&](uint16_t state, int cells) {
    non_air += traits.is_air(state) ? 0 : cells;
    fluids += traits.has_fluid(state) ? cells : 0;
    ticking += traits.random_ticks(state) ? cells : 0;
  });
  non_air_ = static_cast<uint16_t>(non_air);
  fluids_ = static_cast<uint16_t>(fluids);
  random_ticking_ = static_cast<uint16_t>(ticking);
}

void Section::encode(ByteWriter& out) const {
  out.i16(static_cast<int16_t>(non_air_));
  out.i16(static_cast<int16_t>(fluids_));
  blocks_.encode(out);
  biomes_.encode(out);
}

SharedBytes Section::encoded() const {
  if (!encoded_) {
    ByteWriter out(4 + blocks_.encoded_size() + biomes_.encoded_size());
    encode(out);
    encoded_ = share(out.take());
  }
  return encoded_;
}

bool Section::decode(ByteReader& in) {
  const int non_air = in.i16();
  const int fluids = in.i16();
  if (!in.ok() || !blocks_.decode(in) || !biomes_.decode(in)) return false;
  recount();
  encoded_.reset();
  return non_air == non_air_ && fluids == fluids_;
}

size_t Section::memory_bytes() const {
  return sizeof(*this) - sizeof(blocks_) - sizeof(biomes_) + blocks_.memory_bytes() + biomes_.memory_bytes() +
         (encoded_ ? encoded_->capacity() : 0);
}

}  // namespace hz
