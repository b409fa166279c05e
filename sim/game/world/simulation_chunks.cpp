#include "sim/game/world/simulation_chunks.h"

#include "sim/core/hash.h"

namespace hz {

void SimulationChunks::add_player(ChunkPos center) {
  ++version_;
  tickets_.add(square(center), [this](ChunkPos pos) { chunks_.insert(pos); });
  block_tickets_.add(block_square(center), [](ChunkPos) {});
}

void SimulationChunks::remove_player(ChunkPos center) {
  ++version_;
  tickets_.remove(square(center), [this](ChunkPos pos) { chunks_.erase(pos); });
  block_tickets_.remove(block_square(center), [](ChunkPos) {});
}

void SimulationChunks::move_player(ChunkPos from, ChunkPos to) {
  ++version_;
  tickets_.move(
      square(from), square(to), [this](ChunkPos pos) { chunks_.insert(pos); },
      [this](ChunkPos pos) { chunks_.erase(pos); });
  block_tickets_.move(block_square(from), block_square(to), [](ChunkPos) {}, [](ChunkPos) {});
}

uint64_t SimulationChunks::hash() const {
  Hasher h;
  h.i64(radius_);
  // The set follows from the players' chunks (hashed with the viewers); its size guards the count.
  h.u64(chunks_.size());
  return h.digest();
}

}  // namespace hz
