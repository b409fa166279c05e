// The narrow views the game systems have of the server around them, in place of the whole Core:
// each system is built with the ports it uses, so Core is the only file that knows every system.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/core/effects.h"
#include "sim/data/blocks.h"
#include "sim/core/types.h"
#include "sim/game/level/level_time_state.h"
#include "sim/game/player.h"
#include "sim/protocol/codec.h"
#include "sim/protocol/packets_play_cb.h"
#include "sim/protocol/text.h"

namespace hz {

// The server log (Core writes it as LogLine effects).
class ServerLog {
 public:
  virtual ~ServerLog() = default;
  virtual void log(LogLevel level, std::string text) = 0;
};

// Game time: the ticks the world has run (the level's time system counts them), and the time and
// weather a joining player is told (update_time with every clock, rain events while it rains).
class GameTime {
 public:
  virtual ~GameTime() = default;
  virtual int64_t game_time() const = 0;
  virtual packet::play_cb::UpdateTime time_sync() const { return {game_time(), {}}; }
  virtual std::vector<packet::play_cb::GameStateChange> join_weather() const { return {}; }
  // What a save writes: game time, clocks and weather.
  virtual LevelTimeState level_time() const {
    LevelTimeState state;
    state.game_time = game_time();
    return state;
  }
};

// Where players join and respawn (the world knows it; Core passes it on).
class SpawnPoint {
 public:
  virtual ~SpawnPoint() = default;
  virtual Vec3 spawn_point() const = 0;
};

// The world's blocks as game systems read and change them. Every change goes through set_block,
// the one path that keeps heightmaps, light, saving and viewers in step (WorldStreaming).
class BlockWorld {
 public:
  virtual ~BlockWorld() = default;
  // False when the chunk is not loaded or y is outside the world.
  virtual bool set_block(const BlockPos& pos, BlockStateId state) = 0;
  // Air where no chunk is loaded.
  virtual BlockStateId block_at(const BlockPos& pos) const = 0;
  virtual bool is_loaded(const BlockPos& pos) const = 0;
};

// Item entities as other systems create them (the item entity system implements it, drawing
// positions and velocities from the core's one RNG as vanilla does).
class ItemDrops {
 public:
  virtual ~ItemDrops() = default;
  // Block.popResource: at a random spot inside the block, with vanilla's small random velocity.
  virtual void drop_from_block(const BlockPos& pos, const ItemStack& stack) = 0;
  // Player.drop: thrown from the player's eyes the way they look; `scatter` throws in a random
  // direction instead (death drops); `keep_thrower` marks the player as thrower (Q, Ctrl-Q).
  virtual void drop_from_player(const Player& player, const ItemStack& stack, bool scatter, bool keep_thrower) = 0;
};

// Players and the connections they play on (Sessions owns both): look a player up, send to a
// connection, disconnect it, teleport a player.
class PlayerConnections {
 public:
  virtual ~PlayerConnections() = default;
  virtual Player* player(ConnId conn) = 0;
  virtual const Player* player(ConnId conn) const = 0;
  // Players in join order (deterministic).
  virtual const std::vector<ConnId>& players_in_join_order() const = 0;
  virtual void send(ConnId conn, SharedBytes body) = 0;
  template <Packet P>
  void send(ConnId conn, const P& packet) {
    send(conn, share(encode_packet(packet)));
  }
  // Sends the disconnect packet of the connection's state with `reason`, then closes it.
  virtual void disconnect(ConnId conn, const TextComponent& reason) = 0;
  // Sends a position packet with a fresh teleport id and waits for the client to confirm it.
  virtual void teleport(ConnId player, const Vec3& to, float yaw, float pitch) = 0;
};

}  // namespace hz
