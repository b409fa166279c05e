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
  constexpr size_t kMostPasses = 6;
  const BlockTraits& traits = BlockTraits::get();
  const std::span<const uint16_t> palette = blocks_.palette();
  std::array<uint8_t, 256> flags{};
  std::array<int, kTraitCount> holding{};
  for (size_t p = 0; p < palette.size(); ++p) {
    flags[p] = trait_flags(traits, palette[p]);
    for (int t = 0; t < kTraitCount; ++t) holding[t] += (flags[p] >> t) & 1;
  }
  // counted_side[t]: the flag value of the entries counted for trait t (1: those holding it).
  std::array<int, kTraitCount> counted_side{};
  for (int t = 0; t < kTraitCount; ++t) counted_side[t] = 2 * holding[t] <= static_cast<int>(palette.size()) ? 1 : 0;
  std::array<int, 256> uses{};
  size_t passes = 0;
  for (size_t p = 0; p < palette.size(); ++p) {
    bool wanted = false;
    for (int t = 0; t < kTraitCount; ++t) wanted = wanted || ((flags[p] >> t) & 1) == counted_side[t];
    if (!wanted) continue;
    if (++passes > kMostPasses) return false;
    uses[p] = -1;  // counted below, once the number of passes is known to be small
  }
  std::array<int, kTraitCount> counted{};
  for (size_t p = 0; p < palette.size(); ++p) {
    if (uses[p] == 0) continue;
    uses[p] = blocks_.count_index(static_cast<uint32_t>(p));
    for (int t = 0; t < kTraitCount; ++t) counted[t] += ((flags[p] >> t) & 1) == counted_side[t] ? uses[p] : 0;
  }
  std::array<int, kTraitCount> totals{};
  for (int t = 0; t < kTraitCount; ++t) totals[t] = counted_side[t] == 1 ? counted[t] : blocks_.layout().entries - counted[t];
  non_air_ = static_cast<uint16_t>(totals[0]);
  fluids_ = static_cast<uint16_t>(totals[1]);
  random_ticking_ = static_cast<uint16_t>(totals[2]);
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
