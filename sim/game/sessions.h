// Connections and the players they carry: protocol state per connection, the join sequence,
// keep-alives, chat, and the player list. The core hands it connection inputs and ticks it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/effects.h"
#include "sim/core/inputs.h"
#include "sim/core/properties.h"
#include "sim/game/commands/command_host.h"

namespace hz {

class Core;

class Sessions {
 public:
  explicit Sessions(Core& core);
  ~Sessions();

  void on_opened(const ConnectionOpened& in);
  void on_bytes(const BytesReceived& in);
  void on_closed(const ConnectionClosed& in);
  // Per-tick work of every connection (keep-alive, timeouts, movement, chunk sending).
  void tick();

  int player_count() const;
  std::vector<std::string> player_names() const;
  std::optional<ConnId> find_player(const std::string& name) const;
  std::string player_name(ConnId player) const;
  GameMode player_game_mode(ConnId player) const;
  void set_player_game_mode(ConnId player, GameMode mode);
  PlayerPlacement player_placement(ConnId player) const;
  void teleport_player(ConnId player, const PlayerPlacement& to);
  int permission_level(ConnId player) const;

  // Text to one player / all players / operators (system chat).
  void send_system(ConnId player, const std::string& text, bool red = false);
  void broadcast_system(const std::string& text);
  void broadcast_to_ops(const std::string& text, std::optional<ConnId> except);
  void broadcast_ticking_state(float rate, bool frozen);
  void broadcast_ticking_step(int ticks);

  uint64_t hash() const;

 private:
  Core& core_;
  std::map<ConnId, std::string> connections_;  // remote address per open connection
};

}  // namespace hz
