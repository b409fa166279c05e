// What movement reads of the world: block states by position and whether a chunk is loaded.
// The game's world system implements it (see world_block_source.h); tests use small fakes.
#pragma once

#include "sim/data/blocks.h"
#include "sim/world/chunk_column.h"

namespace hz {

class BlockSource {
 public:
  virtual ~BlockSource() = default;
  // The state at a block position; air outside the world's height or in unloaded chunks.
  virtual BlockStateId block(int x, int y, int z) const = 0;
  // Whether the chunk column (chunk coordinates) is loaded; collisions skip unloaded chunks.
  virtual bool is_chunk_loaded(int chunk_x, int chunk_z) const = 0;
  // The loaded column itself, for a world made of columns, so a scan over many blocks finds it
  // once; null for other worlds (a scan then asks block() for each position).
  virtual const ChunkColumn* column(int /*chunk_x*/, int /*chunk_z*/) const { return nullptr; }
  // The world's block height range; everything outside it is air.
  virtual int min_y() const { return -64; }
  virtual int max_y() const { return 319; }
};

// A world with no chunks: nothing collides. Used until a world is attached.
class NoBlocks final : public BlockSource {
 public:
  BlockStateId block(int, int, int) const override { return 0; }
  bool is_chunk_loaded(int, int) const override { return false; }
};

}  // namespace hz
