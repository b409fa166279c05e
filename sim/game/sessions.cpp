#include "sim/game/sessions.h"

#include "sim/core/check.h"
#include "sim/core/hash.h"
#include "sim/game/access/access_lists.h"
#include "sim/game/entity_ids.h"
#include "sim/game/items/enchantments.h"
#include "sim/core/java_format.h"
#include "sim/game/connection_limits.h"
#include "sim/game/core_config.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {
// Rng::derive's stream key for online mode's verify tokens.
constexpr int64_t kLoginTokenStream = 0x6c6f67696e;  // "login"
}  // namespace

Sessions::Sessions(const CoreConfig& config, EffectSink& effects, ServerLog& log, CommandHost& commands,
                   const GameTime& time, const TickRateManager& tick_rate, const SpawnPoint& spawn,
                   EntityIds& entity_ids, AccessLists& access)
    : config_(config), effects_(effects), log_(log), commands_(commands), time_(time), tick_rate_(tick_rate), spawn_(spawn),
      access_(access), entity_ids_(entity_ids),
      login_random_(Rng::derive(static_cast<uint64_t>(config.world_seed), kLoginTokenStream)) {}

const OpList& Sessions::ops() const { return access_.ops(); }

void Sessions::refresh_permission_levels() {
  for (ConnId id : join_order_) {
    Player& p = players_.at(id);
    p.permission_level = access_.ops().level_of(p.uuid);
  }
}

std::string Sessions::player_address(ConnId conn) const {
  auto it = connections_.find(conn);
  return it == connections_.end() ? std::string() : address_without_port(it->second.remote);
}

Sessions::~Sessions() = default;

void Sessions::on_opened(const ConnectionOpened& in) {
  Session& c = connections_[in.conn];
  c.id = in.conn;
  c.remote = in.remote;
  c.keep_alive_time = now_millis_;
  c.last_read_millis = now_millis_;
  c.packet_rate = PacketRateLimiter(config_.properties.packet_rate_limit,
                                    connection_limits::kPacketRateIntervalMillis);
}

void Sessions::on_bytes(const BytesReceived& in) {
  auto it = connections_.find(in.conn);
  if (it == connections_.end() || it->second.closing) return;
  Session& c = it->second;
  c.last_read_millis = now_millis_;
  c.decoder.feed(in.bytes);
  handle_buffered(in.conn);
}

void Sessions::handle_buffered(ConnId conn) {
  // The connection may close while its packets are handled: look it up again each round.
  while (true) {
    auto found = connections_.find(conn);
    if (found == connections_.end() || found->second.closing) return;
    // A client that finished configuration before the server did sends play packets next: they
    // wait in the decoder until the join (advance_configuration).
    if (found->second.state == ProtocolState::kConfiguration && found->second.finish_received) return;
    auto next = found->second.decoder.next();
    if (!next) {
      disconnect_unreadable(conn, next.error());
      return;
    }
    if (!next->has_value()) return;
    if (!found->second.packet_rate.record(now_millis_)) return kick_for_packet_rate(found->second);
    handle_packet(found->second, **next);
  }
}

void Sessions::kick_for_packet_rate(Session& c) {
  log_.log(LogLevel::kWarn, (c.name.empty() ? c.remote : c.name) + " exceeded the packet rate limit (sent " +
                                 java_fixed(static_cast<float>(c.packet_rate.rate()), 1) + " packets per second over " +
                                 std::to_string(connection_limits::kPacketRateIntervalMillis / 1000) + " s)");
  disconnect(c.id, TextComponent::translatable("disconnect.exceeded_packet_rate").colored("red"));
}

void Sessions::disconnect_unreadable(ConnId conn, const std::string& error) {
  disconnect(conn, TextComponent::translatable("disconnect.genericReason",
                                               {TextComponent::plain("Internal Exception: " + error)}));
}

void Sessions::on_closed(const ConnectionClosed& in) {
  auto it = connections_.find(in.conn);
  if (it == connections_.end()) return;
  if (!it->second.closing) {
    if (it->second.is_player) log_.log(LogLevel::kInfo, it->second.name + " lost connection: Disconnected");
  }
  leave_game(it->second);
  if (storage_) storage_->forget(in.conn);
  connections_.erase(it);
}

void Sessions::handle_packet(Session& c, std::span<const uint8_t> body) {
  switch (c.state) {
    case ProtocolState::kHandshake: return handle_handshake(c, body);
    case ProtocolState::kStatus: return handle_status(c, body);
    case ProtocolState::kLogin: return handle_login(c, body);
    case ProtocolState::kConfiguration: return handle_config(c, body);
    case ProtocolState::kPlay: return handle_play(c, body);
  }
}

void Sessions::tick(int64_t now_millis) {
  now_millis_ = now_millis;
  ++tick_;
  std::vector<ConnId> silent, slow_logins, configuring;
  for (auto& [id, c] : connections_) {
    if (c.closing) continue;
    if (c.state == ProtocolState::kConfiguration && c.registries_sent && (!c.finish_sent || c.finish_received))
      configuring.push_back(id);
    if (now_millis - c.last_read_millis >= connection_limits::kReadTimeoutMillis) {
      silent.push_back(id);
      continue;
    }
    if (c.state == ProtocolState::kLogin) {
      if (++c.login_ticks >= connection_limits::kLoginTimeoutTicks) slow_logins.push_back(id);
      continue;
    }
    if (c.state == ProtocolState::kConfiguration || c.state == ProtocolState::kPlay) keep_connection_alive(c, now_millis);
  }
  for (ConnId id : silent) disconnect(id, TextComponent::translatable("disconnect.timeout"));
  for (ConnId id : slow_logins) disconnect(id, TextComponent::translatable("multiplayer.disconnect.slow_login"));
  for (ConnId id : configuring) {  // waiting for a player file that may have been read this pass
    auto it = connections_.find(id);
    if (it != connections_.end()) advance_configuration(it->second);
  }
  for (PlayerListener* l : listeners_) l->tick();
}

void Sessions::keep_connection_alive(Session& c, int64_t now_millis) {
  if (now_millis - c.keep_alive_time < connection_limits::kKeepAliveIntervalMillis) return;
  if (c.keep_alive_pending) {
    disconnect(c.id, TextComponent::translatable("disconnect.timeout"));
    return;
  }
  if (c.listener_closed_millis) {
    if (now_millis - *c.listener_closed_millis >= connection_limits::kClosedListenerTimeoutMillis)
      disconnect(c.id, TextComponent::translatable("disconnect.timeout"));
    return;
  }
  c.keep_alive_pending = true;
  c.keep_alive_time = now_millis;
  c.keep_alive_challenge = now_millis;
  if (c.state == ProtocolState::kConfiguration) send(c.id, packet::config_cb::KeepAlive{now_millis});
  else send(c.id, packet::play_cb::KeepAlive{now_millis});
}

void Sessions::start_listener(Session& c) {
  c.keep_alive_time = now_millis_;
  c.keep_alive_pending = false;
  c.listener_closed_millis.reset();
}

void Sessions::handle_keep_alive(Session& c, int64_t id) {
  if (c.keep_alive_pending && id == c.keep_alive_challenge) {
    int elapsed = static_cast<int>(now_millis_ - c.keep_alive_time);
    c.latency_ms = (c.latency_ms * 3 + elapsed) / 4;  // vanilla's smoothing
    c.keep_alive_pending = false;
    if (Player* p = player(c.id)) p->latency_ms = c.latency_ms;
    return;
  }
  disconnect(c.id, TextComponent::translatable("disconnect.timeout"));
}

void Sessions::send(ConnId conn, SharedBytes body) { effects_.emit(SendPacket{conn, std::move(body)}); }

void Sessions::disconnect(ConnId conn, const TextComponent& reason) {
  auto it = connections_.find(conn);
  if (it == connections_.end() || it->second.closing) return;
  Session& c = it->second;
  // After a terminal packet the client reads the next state's protocol and the server has no
  // encoder for this one (vanilla's unconfigured pipeline): the connection just closes.
  if (!c.listener_closed_millis) {
    switch (c.state) {
      case ProtocolState::kLogin: send(conn, packet::login_cb::Disconnect{to_json(reason)}); break;
      case ProtocolState::kConfiguration: send(conn, packet::config_cb::Disconnect{to_nbt(reason)}); break;
      case ProtocolState::kPlay: send(conn, packet::play_cb::KickDisconnect{to_nbt(reason)}); break;
      default: break;  // handshake and status just close
    }
  }
  std::string shown = to_plain(reason);
  std::string who = c.name.empty() ? c.remote : c.name + " (" + c.remote + ")";
  log_.log(LogLevel::kInfo, "Disconnecting " + who + ": " + shown);
  if (c.is_player) log_.log(LogLevel::kInfo, c.name + " lost connection: " + shown);
  close(c, shown);
}

void Sessions::enter_state(Session& c, ProtocolState next) {
  ProtocolState from = c.state;
  bool allowed = (from == ProtocolState::kHandshake && (next == ProtocolState::kStatus || next == ProtocolState::kLogin)) ||
                 (from == ProtocolState::kLogin && next == ProtocolState::kConfiguration) ||
                 (from == ProtocolState::kConfiguration && next == ProtocolState::kPlay);
  HZ_CHECK(allowed, "connection " + std::to_string(c.id) + " may not go from protocol state " +
                        std::to_string(static_cast<int>(from)) + " to " + std::to_string(static_cast<int>(next)));
  HZ_CHECK(!c.closing, "a closing connection changes protocol state");
  c.state = next;
}

void Sessions::close(Session& c, const std::string& log_reason) {
  c.closing = true;
  leave_game(c);
  if (storage_) storage_->forget(c.id);
  effects_.emit(CloseConnection{c.id, log_reason});
}

// --- players ---

std::vector<std::string> Sessions::player_names() const {
  std::vector<std::string> names;
  for (ConnId id : join_order_) names.push_back(players_.at(id).name);
  return names;
}

std::optional<ConnId> Sessions::find_player(const std::string& name) const {
  auto lower = [](std::string s) {
    for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
  };
  for (ConnId id : join_order_)
    if (lower(players_.at(id).name) == lower(name)) return id;
  return std::nullopt;
}

Player* Sessions::player(ConnId conn) {
  auto it = players_.find(conn);
  return it == players_.end() ? nullptr : &it->second;
}

const Player* Sessions::player(ConnId conn) const {
  auto it = players_.find(conn);
  return it == players_.end() ? nullptr : &it->second;
}

void Sessions::send_system(ConnId player, const TextComponent& text) {
  send(player, packet::play_cb::SystemChat{to_nbt(text), false});
}

void Sessions::broadcast_system(const TextComponent& text) {
  if (join_order_.empty()) return;
  SharedBytes body = share(encode_packet(packet::play_cb::SystemChat{to_nbt(text), false}));
  for (ConnId id : join_order_) send(id, body);
}

void Sessions::broadcast_to_ops(const TextComponent& text, std::optional<ConnId> except) {
  for (ConnId id : join_order_) {
    if (id == except || players_.at(id).permission_level < 2) continue;
    send_system(id, text);
  }
}

void Sessions::broadcast_ticking_state(float rate, bool frozen) {
  if (join_order_.empty()) return;
  SharedBytes body = share(encode_packet(packet::play_cb::SetTickingState{rate, frozen}));
  for (ConnId id : join_order_) send(id, body);
}

void Sessions::broadcast_ticking_step(int ticks) {
  if (join_order_.empty()) return;
  SharedBytes body = share(encode_packet(packet::play_cb::StepTick{ticks}));
  for (ConnId id : join_order_) send(id, body);
}

void Sessions::broadcast_game_event(uint8_t event, float value) {
  if (join_order_.empty()) return;
  SharedBytes body = share(encode_packet(packet::play_cb::GameStateChange{event, value}));
  for (ConnId id : join_order_) send(id, body);
}

uint64_t Sessions::hash() const {
  Hasher h;
  for (const auto& [id, c] : connections_) {
    h.u64(id), h.u64(static_cast<uint64_t>(c.state)), h.u64(c.closing), h.str(c.name);
    h.i64(c.keep_alive_time), h.u64(c.keep_alive_pending), h.u64(c.decoder.buffered());
    h.i64(c.listener_closed_millis.value_or(-1));
    h.i64(c.last_read_millis), h.u64(c.packet_rate.hash());
    h.u64(c.finish_sent), h.u64(c.finish_received);
    h.u64(c.awaiting_session), h.u64(hash_bytes(c.verify_token));
  }
  h.u64(login_random_.state_hash());
  for (ConnId id : join_order_) {
    const Player& p = players_.at(id);
    h.u64(id), h.i64(p.entity_id), h.f64(p.position.x), h.f64(p.position.y), h.f64(p.position.z);
    h.f32(p.yaw), h.f32(p.pitch), h.u64(p.on_ground), h.u64(static_cast<uint64_t>(p.game_mode));
    h.i64(p.awaiting_teleport_id);
    h.i64(p.selected_slot);
    for (const ItemStack& stack : p.inventory) h.i64(stack.item), h.i64(stack.count), hash_components(h, stack);
    h.i64(p.inventory_state_id), h.i64(p.carried.item), h.i64(p.carried.count), hash_components(h, p.carried);
    h.f32(p.health), h.i64(p.food_level), h.f32(p.saturation), h.f32(p.exhaustion), h.i64(p.food_tick_timer);
    h.f64(p.fall_distance), h.i64(p.invulnerable_ticks), h.u64(p.dead);
    h.i64(p.remaining_fire_ticks), h.u64(p.on_fire);
    h.u64(p.using_item.active), h.u64(p.using_item.off_hand), h.i64(p.using_item.item), h.i64(p.using_item.remaining);
    h.i64(p.cooldowns.tick_count), h.u64(p.cooldowns.running.size());
    for (const ItemCooldowns::Cooldown& c : p.cooldowns.running) h.i64(c.item), h.i64(c.start), h.i64(c.end);
    h.f32(p.absorption);
    for (const ActiveEffect& e : p.effects) {
      h.i64(e.now.effect), h.i64(e.now.amplifier), h.i64(e.now.duration), h.u64(e.hidden.size());
      for (const EffectInstance& hidden : e.hidden) h.i64(hidden.amplifier), h.i64(hidden.duration);
    }
    h.i64(p.xp.level), h.f32(p.xp.progress), h.i64(p.xp.total), h.i64(p.xp_seed), h.i64(p.take_xp_delay);
    h.i64(p.last_sent_xp);
  }
  h.i64(entity_ids_.peek());
  return h.digest();
}

}  // namespace hz
