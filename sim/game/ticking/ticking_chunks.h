// The port systems that tick blocks use to find their chunks (vanilla's ticking chunks around
// players, docs/rules/random-ticks.md §1) and to read the blocks and light in them.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/protocol/wire.h"
#include "sim/world/chunk_column.h"
#include "sim/world/chunk_pos.h"

namespace hz {

class TickingChunks {
 public:
  virtual ~TickingChunks() = default;
  // The one query: the chunk is within a player's simulation distance and loaded with its eight
  // neighbours (random ticks now; scheduled ticks and mobs are meant to ask the same).
  virtual bool is_ticking(ChunkPos pos) const = 0;
  // Every ticking chunk, in (x, z) order.
  virtual const std::vector<ChunkPos>& ticking_chunks() const = 0;
  // The loaded column at a chunk, or null.
  virtual const ChunkColumn* column(ChunkPos pos) const = 0;
  // Light as the world has it now: sky 15 and block 0 where no chunk is loaded.
  virtual uint8_t sky_light_at(const BlockPos& pos) const = 0;
  virtual uint8_t block_light_at(const BlockPos& pos) const = 0;
};

}  // namespace hz
