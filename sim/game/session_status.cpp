// Handshake and status: the server list ping (status JSON with players and favicon, ping/pong).
#include "sim/core/base64.h"
#include "sim/data/catalog.h"
#include "sim/game/core_config.h"
#include "sim/game/sessions.h"
#include "sim/protocol/json_writer.h"
#include "sim/protocol/mutf8.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

// ClientIntentionPacket reads the host with this limit.
constexpr size_t kVanillaMaxHostChars = 255;

}  // namespace

void Sessions::handle_handshake(Session& c, std::span<const uint8_t> body) {
  auto result = dispatch(packet::HandshakeServerbound{}, body, [&](packet::handshake_sb::SetProtocol&& p) {
    const bool bungeecord = config_.properties.proxy_forwarding == ProxyForwarding::kBungeeCord;
    if (!bungeecord && utf16_length(p.server_host) > kVanillaMaxHostChars)
      return disconnect_unreadable(c.id, "bad handshake set_protocol: field server_host: longer than " +
                                             std::to_string(kVanillaMaxHostChars) + " characters");
    if (p.intent == packet::handshake_sb::kIntentStatus) {
      enter_state(c, ProtocolState::kStatus);
      return;
    }
    enter_state(c, ProtocolState::kLogin);
    c.transfer = p.intent == packet::handshake_sb::kIntentTransfer;
    if (p.protocol_version != kProtocolVersion) {
      const char* key = p.protocol_version < 754 ? "multiplayer.disconnect.outdated_client"
                                                 : "multiplayer.disconnect.incompatible";
      disconnect(c.id, TextComponent::translatable(key, {TextComponent::plain(std::string(kVersionName))}));
    } else if (c.transfer && !config_.properties.accepts_transfers) {
      disconnect(c.id, TextComponent::translatable("multiplayer.disconnect.transfers_disabled"));
    } else if (bungeecord) {
      auto forwarded = bungeecord::read_handshake_host(p.server_host, config_.properties.proxy_secret);
      if (!forwarded) return disconnect(c.id, TextComponent::plain(forwarded.error()));
      c.remote = with_forwarded_address(c.remote, forwarded->address);
      c.forwarded = std::move(forwarded).value();
    }
  });
  if (!result) disconnect_unreadable(c.id, result.error());
}

std::string Sessions::status_json() const {
  const ServerProperties& props = config_.properties;
  JsonWriter w;
  w.begin_object();
  w.key("version").begin_object().key("name").string(kVersionName).key("protocol").number(int64_t{kProtocolVersion});
  w.end_object();
  w.key("players").begin_object().key("max").number(int64_t{props.max_players});
  w.key("online").number(static_cast<int64_t>(join_order_.size()));
  if (!props.hide_online_players && !join_order_.empty()) {
    // Vanilla samples up to 12 players at random; Horizon takes the first 12 in join order so the
    // answer is a function of the state.
    w.key("sample").begin_array();
    for (size_t i = 0; i < join_order_.size() && i < 12; ++i) {
      const Player& p = players_.at(join_order_[i]);
      w.begin_object().key("name").string(p.name).key("id").string(p.uuid.to_string()).end_object();
    }
    w.end_array();
  }
  w.end_object();
  w.key("description").raw(to_json(TextComponent::plain(props.motd)));
  if (!config_.server_icon_png.empty())
    w.key("favicon").string("data:image/png;base64," + base64_encode(config_.server_icon_png));
  w.key("enforcesSecureChat").boolean(false);
  w.end_object();
  return w.take();
}

void Sessions::handle_status(Session& c, std::span<const uint8_t> body) {
  struct Handler {
    Sessions& s;
    Session& c;
    void operator()(packet::status_sb::PingStart&&) {
      if (!s.config_.properties.enable_status) return s.close(c, "status disabled");
      s.send(c.id, packet::status_cb::ServerInfo{s.status_json()});
    }
    void operator()(packet::status_sb::Ping&& p) {
      s.send(c.id, packet::status_cb::Ping{p.time});
      s.close(c, "status ping answered");
    }
  };
  auto result = dispatch(packet::StatusServerbound{}, body, Handler{*this, c});
  if (!result) disconnect_unreadable(c.id, result.error());
}

}  // namespace hz
