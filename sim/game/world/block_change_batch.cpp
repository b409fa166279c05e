#include "sim/game/world/block_change_batch.h"

#include "sim/core/hash.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

int64_t section_key(ChunkPos chunk, int section_y) {
  return (static_cast<int64_t>(chunk.x) & 0x3FFFFF) << 42 | (static_cast<int64_t>(chunk.z) & 0x3FFFFF) << 20 |
         (static_cast<int64_t>(section_y) & 0xFFFFF);
}

BlockPos world_pos(ChunkPos chunk, int section_y, uint16_t local) {
  return BlockPos{chunk.x * 16 + (local >> 8 & 15), section_y * 16 + (local & 15), chunk.z * 16 + (local >> 4 & 15)};
}

}  // namespace

void BlockChangeBatch::record(const BlockPos& pos) {
  const ChunkPos chunk{pos.x >> 4, pos.z >> 4};
  const auto local = static_cast<uint16_t>((pos.x & 15) << 8 | (pos.z & 15) << 4 | (pos.y & 15));
  changes_[chunk][pos.y >> 4].insert(local);
}

std::vector<BlockChangeBatch::ChunkChanges> BlockChangeBatch::take(
    const std::function<BlockStateId(const BlockPos&)>& state_at) {
  std::vector<ChunkChanges> out;
  out.reserve(changes_.size());
  for (const auto& [chunk, sections] : changes_) {
    ChunkChanges& changes = out.emplace_back();
    changes.chunk = chunk;
    for (const auto& [section_y, locals] : sections) {
      if (locals.size() == 1) {
        const BlockPos pos = world_pos(chunk, section_y, *locals.begin());
        changes.packets.push_back(share(encode_packet(packet::play_cb::BlockChange{pos, static_cast<int32_t>(state_at(pos))})));
        continue;
      }
      packet::play_cb::MultiBlockChange multi;
      multi.chunk_coordinates = section_key(chunk, section_y);
      for (uint16_t local : locals)
        multi.records.push_back(static_cast<int64_t>(state_at(world_pos(chunk, section_y, local))) << 12 | local);
      changes.packets.push_back(share(encode_packet(multi)));
    }
  }
  changes_.clear();
  return out;
}

uint64_t BlockChangeBatch::hash() const {
  Hasher h;
  for (const auto& [chunk, sections] : changes_) {
    h.i64(chunk.x), h.i64(chunk.z);
    for (const auto& [section_y, locals] : sections) {
      h.i64(section_y);
      for (uint16_t local : locals) h.u64(local);
    }
  }
  return h.digest();
}

}  // namespace hz
