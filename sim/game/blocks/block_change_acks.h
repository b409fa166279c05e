// block_changed_ack (ServerGamePacketListenerImpl.ackBlockChangesUpTo): every dig and use packet
// raises the player's pending sequence; once a tick, after the block broadcasts, each player with
// one gets a single ack carrying the highest sequence of that tick.
#pragma once

#include <cstdint>
#include <map>

#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class BlockChangeAcks final : public PlayerListener {
 public:
  explicit BlockChangeAcks(PlayerConnections& connections) : connections_(connections) {}

  void acknowledge(ConnId player, int32_t sequence);

  // PlayerListener: registered after the world, so the acks follow that tick's block changes.
  void on_leave(Player& player) override { pending_.erase(player.conn); }
  void tick() override;

  uint64_t hash() const;

  // The members hash() covers, for snapshots (sim/game/snapshot/state_io.h).
  template <class Io>
  void state_fields(Io& io) {
    io(pending_);
  }

 private:
  PlayerConnections& connections_;
  std::map<ConnId, int32_t> pending_;
};

}  // namespace hz
