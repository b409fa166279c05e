// A read-only BlockWorld over a BlockSource, so code that only has movement's view of the blocks
// (mobs, arrows) can cast rays with clip_blocks; setting blocks through it always fails.
#pragma once

#include "sim/game/movement/block_source.h"
#include "sim/game/ports.h"

namespace hz {

class BlockSourceWorld final : public BlockWorld {
 public:
  explicit BlockSourceWorld(const BlockSource& blocks) : blocks_(blocks) {}
  bool set_block(const BlockPos&, BlockStateId) override { return false; }
  BlockStateId block_at(const BlockPos& pos) const override { return blocks_.block(pos.x, pos.y, pos.z); }
  bool is_loaded(const BlockPos& pos) const override {
    return pos.y >= blocks_.min_y() && pos.y <= blocks_.max_y() && blocks_.is_chunk_loaded(pos.x >> 4, pos.z >> 4);
  }

 private:
  const BlockSource& blocks_;
};

}  // namespace hz
