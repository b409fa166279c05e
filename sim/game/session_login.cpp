// Login (offline, online or through a proxy) and configuration: compression, login success, known packs, the 28
// registries with full data, tags, and finishing into play.
#include "sim/data/catalog.h"
#include "sim/data/registries.h"
#include "sim/data/tags.h"
#include "sim/game/access/access_lists.h"
#include "sim/game/core_config.h"
#include "sim/game/sessions.h"
#include "sim/protocol/packets.h"
#include "sim/core/check.h"

namespace hz {

namespace {

// The registry and tag packets are the same for every client: encode them once.
const std::vector<SharedBytes>& registry_packets() {
  static const std::vector<SharedBytes> packets = [] {
    std::vector<SharedBytes> out;
    for (const Registry& registry : synced_registries()) {
      packet::config_cb::RegistryData p;
      p.registry = std::string(registry.name);
      for (const RegistryEntry& entry : registry.entries) {
        auto data = nbt::read_network(entry.nbt, nbt::kFileLimits);
        HZ_CHECK(data.ok(), "generated registry NBT must parse");
        p.entries.push_back({std::string(entry.name), std::move(data).value()});
      }
      out.push_back(share(encode_packet(p)));
    }
    return out;
  }();
  return packets;
}

const SharedBytes& tags_packet() {
  static const SharedBytes packet = [] {
    packet::config_cb::Tags p;
    for (const TagRegistry& registry : synced_tags()) {
      packet::TagRegistryGroup group;
      group.registry = std::string(registry.registry);
      for (const Tag& tag : registry.tags) group.tags.push_back({std::string(tag.name), {tag.ids.begin(), tag.ids.end()}});
      p.registries.push_back(std::move(group));
    }
    return share(encode_packet(p));
  }();
  return packet;
}

}  // namespace

void Sessions::handle_login(Session& c, std::span<const uint8_t> body) {
  struct Handler {
    Sessions& s;
    Session& c;
    void operator()(packet::login_sb::LoginStart&& p) {
      if (!c.name.empty()) return s.disconnect(c.id, TextComponent::plain("Unexpected hello packet"));
      if (!is_valid_player_name(p.username)) return s.disconnect(c.id, TextComponent::plain("Invalid characters in username"));
      if (s.config_.properties.proxy_forwarding != ProxyForwarding::kNone) return s.begin_forwarded_login(c, p.username);
      if (s.config_.properties.online_mode) return s.begin_online_login(c, p.username);
      s.accept_login(c, p.username, offline_player_uuid(p.username), {});
    }
    void operator()(packet::login_sb::LoginAcknowledged&&) {
      if (c.name.empty() || c.awaiting_velocity || !c.verify_token.empty() || c.awaiting_session ||
          c.login_acknowledged)
        return s.disconnect(c.id, TextComponent::plain("Unexpected login acknowledgement"));
      c.login_acknowledged = true;
      s.start_configuration(c);
    }
    void operator()(packet::login_sb::LoginPluginResponse&& p) { s.on_velocity_answer(c, p); }
    void operator()(packet::login_sb::CookieResponse&&) {}
    void operator()(packet::login_sb::EncryptionBegin&& p) {
      if (!s.config_.properties.online_mode)
        return s.disconnect(c.id, TextComponent::plain("Unexpected encryption response: this server is in offline mode"));
      s.on_encryption_response(c, p);
    }
  };
  auto result = dispatch(packet::LoginServerbound{}, body, Handler{*this, c});
  if (!result) disconnect_unreadable(c.id, result.error());
}

// The message id of the one login plugin request Horizon sends.
constexpr int32_t kVelocityMessageId = 0;

void Sessions::begin_forwarded_login(Session& c, const std::string& name) {
  if (config_.properties.proxy_forwarding == ProxyForwarding::kBungeeCord) {
    // The handshake carried the player (handle_handshake refused connections without it).
    HZ_CHECK(c.forwarded.has_value());
    ForwardedPlayer forwarded = std::move(*c.forwarded);
    c.forwarded.reset();
    return accept_login(c, name, forwarded.uuid, std::move(forwarded.properties));
  }
  c.name = name;
  c.awaiting_velocity = true;
  send(c.id, packet::login_cb::LoginPluginRequest{kVelocityMessageId, std::string(velocity::kChannel),
                                                  velocity::request_data()});
}

void Sessions::on_velocity_answer(Session& c, const packet::login_sb::LoginPluginResponse& answer) {
  if (!c.awaiting_velocity || answer.message_id != kVelocityMessageId) return;  // not ours: ignored, as vanilla does
  c.awaiting_velocity = false;
  if (!answer.data) return disconnect(c.id, TextComponent::plain(std::string(velocity::kNotFromVelocity)));
  auto forwarded = velocity::read_answer(*answer.data, config_.properties.proxy_secret);
  if (!forwarded) return disconnect(c.id, TextComponent::plain(forwarded.error()));
  c.remote = with_forwarded_address(c.remote, forwarded->address);
  if (!is_valid_player_name(forwarded->name))
    return disconnect(c.id, TextComponent::plain("Invalid characters in username"));
  accept_login(c, forwarded->name, forwarded->uuid, std::move(forwarded->properties));
}

void Sessions::begin_online_login(Session& c, const std::string& name) {
  c.name = name;
  // Vanilla's challenge: the four big-endian bytes of one random int.
  const uint32_t token = static_cast<uint32_t>(login_random_.next_u64() >> 32);
  c.verify_token = {static_cast<uint8_t>(token >> 24), static_cast<uint8_t>(token >> 16),
                    static_cast<uint8_t>(token >> 8), static_cast<uint8_t>(token)};
  send(c.id, packet::login_cb::EncryptionBegin{"", config_.server_public_key, c.verify_token, true});
}

void Sessions::on_encryption_response(Session& c, packet::login_sb::EncryptionBegin& response) {
  if (c.verify_token.empty() || c.awaiting_session)
    return disconnect_unreadable(c.id, "java.lang.IllegalStateException: Unexpected key packet");
  c.awaiting_session = true;
  // The shell decrypts and checks; the core keeps its token until the answer clears it.
  effects_.emit(FinishEncryption{c.id, c.name, std::move(response.shared_secret), std::move(response.verify_token),
                                 c.verify_token, address_without_port(c.remote)});
}

void Sessions::on_session_answer(const SessionAnswer& in) {
  auto it = connections_.find(in.conn);
  if (it == connections_.end()) return;  // closed while the shell asked: nothing to finish
  Session& c = it->second;
  if (c.closing || !c.awaiting_session) return;
  c.awaiting_session = false;
  c.verify_token.clear();
  switch (in.outcome) {
    case SessionOutcome::kVerified: {
      if (!is_valid_player_name(in.name)) return disconnect(c.id, TextComponent::plain("Invalid characters in username"));
      std::vector<packet::GameProfileProperty> properties;
      for (const SessionProfileProperty& p : in.properties) {
        packet::GameProfileProperty out{p.name, p.value, std::nullopt};
        if (p.has_signature) out.signature = p.signature;
        properties.push_back(std::move(out));
      }
      return accept_login(c, in.name, Uuid{in.id_most, in.id_least}, std::move(properties));
    }
    case SessionOutcome::kUnverified:
      log_.log(LogLevel::kError, "Username '" + c.name + "' tried to join with an invalid session");
      return disconnect(c.id, TextComponent::translatable("multiplayer.disconnect.unverified_username"));
    case SessionOutcome::kUnreachable:
      log_.log(LogLevel::kError, "Couldn't verify username because servers are unavailable");
      return disconnect(c.id, TextComponent::translatable("multiplayer.disconnect.authservers_down"));
    case SessionOutcome::kBadHandshake:
      return disconnect_unreadable(c.id, "java.lang.IllegalStateException: Protocol error");
  }
}

void Sessions::accept_login(Session& c, const std::string& name, const Uuid& uuid,
                            std::vector<packet::GameProfileProperty> properties) {
  c.name = name;
  c.uuid = uuid;
  c.profile_properties = std::move(properties);
  const ServerProperties& props = config_.properties;
  if (auto refusal = access_.login_refusal(c.uuid, address_without_port(c.remote), player_count(), props.max_players))
    return disconnect(c.id, *refusal);
  // Vanilla kicks every player with the same profile id before letting the new one in.
  std::vector<ConnId> duplicates;
  for (ConnId id : join_order_)
    if (players_.at(id).uuid == c.uuid) duplicates.push_back(id);
  for (ConnId id : duplicates) disconnect(id, TextComponent::translatable("multiplayer.disconnect.duplicate_login"));

  log_.log(LogLevel::kInfo, "UUID of player " + name + " is " + c.uuid.to_string());
  int threshold = props.network_compression_threshold;
  if (threshold >= 0) {
    send(c.id, packet::login_cb::Compress{threshold});
    effects_.emit(EnableCompression{c.id, threshold});
    c.decoder.set_compression_threshold(threshold);
  }
  send(c.id, packet::login_cb::Success{c.uuid, name, c.profile_properties});
}

void Sessions::start_configuration(Session& c) {
  enter_state(c, ProtocolState::kConfiguration);
  start_listener(c);
  ByteWriter brand;
  brand.string("Horizon");
  send(c.id, packet::config_cb::CustomPayload{"minecraft:brand", brand.take()});
  send(c.id, packet::config_cb::FeatureFlags{{"minecraft:vanilla"}});
  send(c.id, packet::config_cb::SelectKnownPacks{{{"minecraft", "core", std::string(kVersionName)}}});
  c.known_packs_offered = true;
  if (storage_) storage_->begin_load(c.id, c.uuid, c.name);
}

void Sessions::send_registries_and_finish(Session& c) {
  // Always full data: clients that do not echo minecraft:core (mineflayer) need it, and vanilla
  // accepts it either way.
  for (const SharedBytes& p : registry_packets()) send(c.id, p);
  send(c.id, tags_packet());
  c.registries_sent = true;
  advance_configuration(c);
}

void Sessions::advance_configuration(Session& c) {
  if (c.closing || c.state != ProtocolState::kConfiguration || !c.registries_sent) return;
  if (storage_ && !storage_->load_finished(c.id)) return;
  if (!c.finish_sent) {
    send(c.id, packet::config_cb::FinishConfiguration{});
    c.finish_sent = true;
    c.listener_closed_millis = now_millis_;  // a terminal packet: the listener is closed
  }
  if (!c.finish_received) return;
  join_game(c);
  handle_buffered(c.id);  // play packets a pipelining client sent after its finish
}

void Sessions::handle_config(Session& c, std::span<const uint8_t> body) {
  struct Handler {
    Sessions& s;
    Session& c;
    void operator()(packet::config_sb::Settings&& p) { c.client_view_distance = p.info.view_distance; }
    void operator()(packet::config_sb::CustomPayload&&) {}
    void operator()(packet::config_sb::SelectKnownPacks&&) {
      if (!c.known_packs_offered || c.registries_sent)
        return s.disconnect(c.id, TextComponent::plain("Unexpected known packs response"));
      s.send_registries_and_finish(c);
    }
    void operator()(packet::config_sb::FinishConfiguration&&) {
      if (!c.registries_sent || c.finish_received)
        return s.disconnect(c.id, TextComponent::plain("Configuration finished before the server's"));
      c.finish_received = true;
      s.advance_configuration(c);
    }
    void operator()(packet::config_sb::KeepAlive&& p) { s.handle_keep_alive(c, p.id); }
    void operator()(packet::config_sb::Pong&&) {}
    void operator()(packet::config_sb::ResourcePackReceive&&) {}
    void operator()(packet::config_sb::CookieResponse&&) {}
  };
  auto result = dispatch(packet::ConfigServerbound{}, body, Handler{*this, c});
  if (!result) disconnect_unreadable(c.id, result.error());
}

}  // namespace hz
