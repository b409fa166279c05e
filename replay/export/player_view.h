// One player's view of a replayed session: the packets the server sent to that player's
// connection from login success on, each with the recorded time and the state the client read it in.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "replay/replayer/replayer.h"
#include "sim/data/packet_ids.h"
#include "sim/protocol/wire.h"

namespace hz {

struct ViewedPacket {
  int64_t nanos = 0;  // the recorded clock at the start of the pass that sent it
  ProtocolState state = ProtocolState::kLogin;
  SharedBytes body;  // VarInt id and fields, before framing and compression
};

// Watches a replay (as its PassObserver) for the first connection whose login success names
// `player`, and keeps what that connection received from then on.
class PlayerView final : public PassObserver {
 public:
  explicit PlayerView(std::string player);
  void on_pass(const ReplayedPass& pass) override;

  bool found() const { return conn_.has_value(); }
  std::optional<ConnId> connection() const { return conn_; }
  const std::vector<ViewedPacket>& packets() const { return packets_; }
  // The first clock value of the session (its start pass).
  std::optional<int64_t> session_start_nanos() const { return session_start_; }
  // From the player's play login packet.
  std::optional<int32_t> entity_id() const { return entity_id_; }
  // The player's own profile id first, then every other player spawned in view, each once.
  const std::vector<Uuid>& players() const { return players_; }
  // The name in every login success of the session, in order (the player's included).
  const std::vector<std::string>& logins() const { return logins_; }

 private:
  void on_packet(ConnId conn, const SharedBytes& body, int64_t nanos);
  void keep(const SharedBytes& body, int64_t nanos);
  void note_player(const Uuid& uuid);

  std::string player_;
  std::optional<ConnId> conn_;
  ProtocolState state_ = ProtocolState::kLogin;  // the chosen client's, for its next packet
  std::set<ConnId> logged_in_;                   // connections past login success
  std::vector<ViewedPacket> packets_;
  std::optional<int64_t> session_start_;
  int64_t last_nanos_ = 0;
  std::optional<int32_t> entity_id_;
  std::vector<Uuid> players_;
  std::vector<std::string> logins_;
};

}  // namespace hz
