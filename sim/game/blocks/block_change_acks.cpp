#include "sim/game/blocks/block_change_acks.h"

#include <algorithm>

#include "sim/core/check.h"
#include "sim/core/hash.h"
#include "sim/protocol/packets.h"

namespace hz {

void BlockChangeAcks::acknowledge(ConnId player, int32_t sequence) {
  HZ_CHECK(sequence >= 0, "negative sequences are refused when the packet is read");
  auto [it, added] = pending_.try_emplace(player, sequence);
  if (!added) it->second = std::max(it->second, sequence);
}

void BlockChangeAcks::tick() {
  for (const auto& [conn, sequence] : pending_) connections_.send(conn, packet::play_cb::AcknowledgePlayerDigging{sequence});
  pending_.clear();
}

uint64_t BlockChangeAcks::hash() const {
  Hasher h;
  for (const auto& [conn, sequence] : pending_) h.u64(conn), h.i64(sequence);
  return h.digest();
}

}  // namespace hz
