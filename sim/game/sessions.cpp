#include "sim/game/sessions.h"

#include "sim/core/hash.h"
#include "sim/game/core.h"

namespace hz {

Sessions::Sessions(Core& core) : core_(core) {}
Sessions::~Sessions() = default;

void Sessions::on_opened(const ConnectionOpened& in) { connections_[in.conn] = in.remote; }
void Sessions::on_bytes(const BytesReceived&) {}
void Sessions::on_closed(const ConnectionClosed& in) { connections_.erase(in.conn); }
void Sessions::tick() {}

int Sessions::player_count() const { return 0; }
std::vector<std::string> Sessions::player_names() const { return {}; }
std::optional<ConnId> Sessions::find_player(const std::string&) const { return std::nullopt; }
std::string Sessions::player_name(ConnId) const { return {}; }
GameMode Sessions::player_game_mode(ConnId) const { return GameMode::kSurvival; }
void Sessions::set_player_game_mode(ConnId, GameMode) {}
PlayerPlacement Sessions::player_placement(ConnId) const { return {}; }
void Sessions::teleport_player(ConnId, const PlayerPlacement&) {}
int Sessions::permission_level(ConnId) const { return 0; }
void Sessions::send_system(ConnId, const std::string&, bool) {}
void Sessions::broadcast_system(const std::string&) {}
void Sessions::broadcast_to_ops(const std::string&, std::optional<ConnId>) {}
void Sessions::broadcast_ticking_state(float, bool) {}
void Sessions::broadcast_ticking_step(int) {}

uint64_t Sessions::hash() const {
  Hasher h;
  for (const auto& [conn, remote] : connections_) h.u64(conn), h.str(remote);
  return h.digest();
}

}  // namespace hz
