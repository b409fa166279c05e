// What digging and placing share: the ports they act through, vanilla's checks on a player
// reaching for a block (interaction range with its tolerance, spawn protection), and the two
// answers they send one player (a block's true state, a red action-bar text).
#pragma once

#include "sim/game/blocks/block_change_acks.h"
#include "sim/game/ports.h"

namespace hz {

class OpList;

class BlockInteraction {
 public:
  BlockInteraction(PlayerConnections& connections, BlockWorld& world, BlockChangeAcks& acks, const SpawnPoint& spawn,
                   const OpList& ops, int spawn_protection);

  // Player.isWithinBlockInteractionRange(pos, 1.0) from the eyes of its pose.
  bool in_reach(const Player& player, const BlockPos& pos) const;
  // DedicatedServer.isUnderSpawnProtection for this player.
  bool spawn_protected(const Player& player, const BlockPos& pos) const;
  // block_update with the state the server has, to one player.
  void send_block(ConnId conn, const BlockPos& pos);
  // A red overlay (action bar) text, as vanilla's build refusals.
  void overlay(ConnId conn, TextComponent text);
  // build.spawn_protection with the position as "x, y, z".
  void tell_spawn_protected(ConnId conn, const BlockPos& pos);

  PlayerConnections& connections;
  BlockWorld& world;
  BlockChangeAcks& acks;

 private:
  const SpawnPoint& spawn_;
  const OpList& ops_;
  int spawn_protection_;
};

}  // namespace hz
