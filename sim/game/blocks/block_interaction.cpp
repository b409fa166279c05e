#include "sim/game/blocks/block_interaction.h"

#include "sim/core/java_format.h"
#include "sim/game/blocks/dig_rules.h"
#include "sim/game/player_identity.h"
#include "sim/protocol/packets.h"

namespace hz {

BlockInteraction::BlockInteraction(PlayerConnections& connections_in, BlockWorld& world_in, BlockChangeAcks& acks_in,
                                   const SpawnPoint& spawn, const OpList& ops, int spawn_protection)
    : connections(connections_in),
      world(world_in),
      acks(acks_in),
      spawn_(spawn),
      ops_(ops),
      spawn_protection_(spawn_protection) {}

bool BlockInteraction::in_reach(const Player& player, const BlockPos& pos) const {
  const Vec3 eye = player.eye_position();
  const double range =
      player.game_mode == GameMode::kCreative ? dig_rules::kCreativeBlockRange : dig_rules::kSurvivalBlockRange;
  return dig_rules::within_reach(eye, pos, range);
}

bool BlockInteraction::spawn_protected(const Player& player, const BlockPos& pos) const {
  const Vec3 spawn = spawn_.spawn_point();
  return dig_rules::under_spawn_protection(pos, java_floor(spawn.x), java_floor(spawn.z), spawn_protection_,
                                           !ops_.empty(), player.permission_level > 0);
}

void BlockInteraction::send_block(ConnId conn, const BlockPos& pos) {
  connections.send(conn, packet::play_cb::BlockChange{pos, static_cast<int32_t>(world.block_at(pos))});
}

void BlockInteraction::overlay(ConnId conn, TextComponent text) {
  connections.send(conn, packet::play_cb::SystemChat{to_nbt(text.colored("red")), true});
}

void BlockInteraction::tell_spawn_protected(ConnId conn, const BlockPos& pos) {
  overlay(conn, TextComponent::translatable("build.spawn_protection",
                                            {TextComponent::plain(std::to_string(pos.x) + ", " + std::to_string(pos.y) +
                                                                  ", " + std::to_string(pos.z))}));
}

}  // namespace hz
