// Chunk bookkeeping of the bots.
#include "tools/bots/chunk_ledger.h"

namespace hz::bots {

void HeldChunks::on_chunk(int32_t x, int32_t z, SeenChunks& seen, Counters& counts) {
  uint64_t key = chunk_key(x, z);
  ++counts.chunks;
  if (!held_.insert(key).second) ++counts.resent_chunks;
  if (seen.first_sight(key)) ++counts.new_chunks;
}

void HeldChunks::on_forget(int32_t x, int32_t z, Counters& counts) {
  if (held_.erase(chunk_key(x, z)) > 0) ++counts.forgotten_chunks;
}

}  // namespace hz::bots
