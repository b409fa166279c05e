// Block changes waiting for this tick's broadcast (vanilla's per-section changed-block sets in
// ChunkHolder): positions per chunk section, turned once a tick into block_change (one change in a
// section) or multi_block_change (several), with the states at broadcast time.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "sim/core/types.h"
#include "sim/data/blocks.h"
#include "sim/protocol/wire.h"
#include "sim/world/chunk_pos.h"

namespace hz {

class BlockChangeBatch {
 public:
  // Records a change at a world position (a position changed twice is recorded once).
  void record(const BlockPos& pos);
  bool empty() const { return changes_.empty(); }
  size_t chunk_count() const { return changes_.size(); }

  struct ChunkChanges {
    ChunkPos chunk;
    std::vector<SharedBytes> packets;  // lowest section first
  };
  // The packets for every changed chunk (in chunk order), built from the states `state_at`
  // reports now; empties the batch.
  std::vector<ChunkChanges> take(const std::function<BlockStateId(const BlockPos&)>& state_at);

  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(changes_);
  }

 private:
  // chunk -> section y -> local index (x << 8 | z << 4 | y, vanilla's packed short)
  std::map<ChunkPos, std::map<int, std::set<uint16_t>>> changes_;
};

}  // namespace hz
