#include "sim/world/section.h"

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

void Section::recount() {
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
