#include "replay/export/player_view.h"

#include <algorithm>

#include "replay/format/connection_tracker.h"
#include "sim/data/catalog.h"
#include "sim/protocol/packets.h"

namespace hz {

PlayerView::PlayerView(std::string player) : player_(std::move(player)) {}

void PlayerView::on_pass(const ReplayedPass& pass) {
  // Every pass but the final save reads the clock first (the tick scheduler); a pass without
  // reads keeps the time of the one before.
  if (!pass.clock.empty()) last_nanos_ = pass.clock.front();
  if (!session_start_) session_start_ = last_nanos_;
  for (const Effect& effect : pass.effects)
    if (auto* send = std::get_if<SendPacket>(&effect)) on_packet(send->conn, send->body, last_nanos_);
}

void PlayerView::on_packet(ConnId conn, const SharedBytes& body, int64_t nanos) {
  if (conn_ && conn == *conn_) return keep(body, nanos);
  if (logged_in_.contains(conn)) return;
  // Before its login success a connection is in the handshake, status or login state, and of
  // their clientbound packets only login success has this id.
  ByteReader in(*body);
  if (in.varint() != packet_id::login_cb::success || !in.ok()) return;
  auto success = decode_packet_fields<packet::login_cb::Success>(in);
  if (!success) return;
  logged_in_.insert(conn);
  logins_.push_back(success->username);
  if (conn_ || success->username != player_) return;
  conn_ = conn;
  note_player(success->uuid);
  keep(body, nanos);
}

void PlayerView::keep(const SharedBytes& body, int64_t nanos) {
  packets_.push_back(ViewedPacket{nanos, state_, body});
  ByteReader in(*body);
  int32_t id = in.varint();
  if (!in.ok()) return;
  if (state_ == ProtocolState::kPlay && id == packet::play_cb::Login::kId && !entity_id_) {
    if (auto login = decode_packet_fields<packet::play_cb::Login>(in)) entity_id_ = login->entity_id;
  } else if (state_ == ProtocolState::kPlay && id == packet::play_cb::SpawnEntity::kId) {
    auto spawn = decode_packet_fields<packet::play_cb::SpawnEntity>(in);
    if (spawn && spawn->type == entity_type_id("player")) note_player(spawn->uuid);
  }
  state_ = client_state_after(state_, id);
}

void PlayerView::note_player(const Uuid& uuid) {
  if (std::find(players_.begin(), players_.end(), uuid) == players_.end()) players_.push_back(uuid);
}

}  // namespace hz
