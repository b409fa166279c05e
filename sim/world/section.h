// One 16x16x16 slice of a chunk column: its block states and biomes, with the exact non-air and
// fluid counts the chunk packet carries, and its encoded bytes cached until a block changes.
#pragma once

#include <cstdint>

#include "sim/core/types.h"
#include "sim/data/blocks.h"
#include "sim/protocol/wire.h"
#include "sim/world/paletted_container.h"

namespace hz {

class Section {
 public:
  explicit Section(uint16_t biome = 0);

  BlockStateId block(int index) const { return blocks_.get(index); }
  // Stores a state and keeps the counts exact; returns the previous state.
  BlockStateId set_block(int index, BlockStateId state);
  uint16_t biome(int cell) const { return biomes_.get(cell); }
  void set_biome(int cell, uint16_t biome);

  // Replaces all blocks (or biomes) at once and recounts.
  void assign_blocks(PalettedContainer blocks);
  void assign_biomes(PalettedContainer biomes);

  int non_air_count() const { return non_air_; }
  int fluid_count() const { return fluids_; }
  bool has_only_air() const { return non_air_ == 0; }
  // Blocks with a random-tick behaviour (block_traits.h): the random tick skips a section at 0.
  int random_ticking_count() const { return random_ticking_; }
  const PalettedContainer& blocks() const { return blocks_; }
  const PalettedContainer& biomes() const { return biomes_; }

  // Protocol form (short non-air, short fluids, block container, biome container), encoded once
  // and shared until the section changes.
  SharedBytes encoded() const;
  void encode(ByteWriter& out) const;
  void drop_cache() const { encoded_.reset(); }
  // Reads the protocol form; false on anything malformed or counts that do not match the blocks.
  bool decode(ByteReader& in);

  size_t memory_bytes() const;
  bool operator==(const Section& other) const { return blocks_ == other.blocks_ && biomes_ == other.biomes_; }

 private:
  void recount();
  bool recount_by_entries();  // false, counting nothing, when too many palette entries need a pass

  PalettedContainer blocks_;
  PalettedContainer biomes_;
  uint16_t non_air_ = 0;
  uint16_t fluids_ = 0;
  uint16_t random_ticking_ = 0;
  mutable SharedBytes encoded_;
};

}  // namespace hz
