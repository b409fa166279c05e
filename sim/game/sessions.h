// Connections and the players they carry: each connection's protocol state (handshake, status,
// login, configuration, play), the join sequence, keep-alives, chat and commands, and the
// player list. The core hands it connection inputs and ticks it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/node_hash_map.h"

#include "sim/core/effects.h"
#include "sim/core/inputs.h"
#include "sim/core/properties.h"
#include "sim/core/rng.h"
#include "sim/protocol/text.h"
#include "sim/game/commands/command_host.h"
#include "sim/game/packet_rate_limiter.h"
#include "sim/game/access/proxy_forwarding.h"
#include "sim/game/player.h"
#include "sim/game/player_identity.h"
#include "sim/game/ports.h"
#include "sim/protocol/codec.h"
#include "sim/protocol/framing.h"
#include "sim/protocol/packets.h"

namespace hz {

class AccessLists;
class EntityIds;
class PlayerListener;
class TickRateManager;
struct CoreConfig;

// One TCP connection's protocol state.
struct Session {
  ConnId id = 0;
  std::string remote;
  ProtocolState state = ProtocolState::kHandshake;
  FrameDecoder decoder;
  bool closing = false;     // a disconnect was sent; further input is ignored
  int64_t last_read_millis = 0;  // clock time of the last bytes received (read timeout)
  PacketRateLimiter packet_rate;
  bool transfer = false;    // arrived with the transfer intent
  // Login.
  std::string name;
  Uuid uuid;
  std::vector<packet::GameProfileProperty> profile_properties;
  // Proxy forwarding: what BungeeCord put in the handshake, and whether the Velocity query is out.
  std::optional<ForwardedPlayer> forwarded;
  bool awaiting_velocity = false;
  // Online mode: the token of the encryption request sent (empty before it), and whether the
  // shell is finishing the handshake (a FinishEncryption is out, its SessionAnswer not back).
  Bytes verify_token;
  bool awaiting_session = false;
  int64_t login_ticks = 0;
  bool login_acknowledged = false;
  // Configuration.
  bool known_packs_offered = false;
  bool registries_sent = false;
  int client_view_distance = 2;
  // The server's finish_configuration waits for the player's file (PlayerStorage); the client's
  // may arrive before it (a pipelining client) and then waits too.
  bool finish_sent = false;
  bool finish_received = false;
  // Keep-alive (ServerCommonPacketListenerImpl), in clock milliseconds. Each state's listener
  // starts its own (start_listener). Once a terminal packet (finish_configuration) is out the
  // listener is closed: no more keep-alives, and a timeout 15 s on unless the client moves on.
  int64_t keep_alive_time = 0;
  bool keep_alive_pending = false;
  int64_t keep_alive_challenge = 0;
  std::optional<int64_t> listener_closed_millis;
  int latency_ms = 0;
  // Play.
  bool is_player = false;

  template <class Io>
  void state_fields(Io& io) {
    io(id, remote, state, decoder, closing, last_read_millis, packet_rate, transfer, name, uuid, profile_properties,
       forwarded, awaiting_velocity, verify_token, awaiting_session, login_ticks, login_acknowledged,
       known_packs_offered, registries_sent, client_view_distance, finish_sent, finish_received, keep_alive_time,
       keep_alive_pending, keep_alive_challenge, listener_closed_millis, latency_ms, is_player);
  }
};

class Sessions final : public PlayerConnections {
 public:
  Sessions(const CoreConfig& config, EffectSink& effects, ServerLog& log, CommandHost& commands,
           const GameTime& time, const TickRateManager& tick_rate, const SpawnPoint& spawn, EntityIds& entity_ids,
           AccessLists& access);
  ~Sessions() override;

  // The time this pass's inputs arrived by (the pass's first clock read), in milliseconds.
  void begin_pass(int64_t now_millis) { now_millis_ = now_millis; }
  void on_opened(const ConnectionOpened& in);
  void on_bytes(const BytesReceived& in);
  void on_closed(const ConnectionClosed& in);
  // Online mode: the shell's verdict on a connection's encryption response (FinishEncryption).
  void on_session_answer(const SessionAnswer& in);
  // Per-tick work: keep-alives, login timeouts, teleport resends, then listeners' ticks.
  void tick(int64_t now_millis);

  // Systems that follow players (chunk streaming, movement, entity tracking).
  void add_listener(PlayerListener* listener) { listeners_.push_back(listener); }
  // Player files and the spawn finder the join uses (without them: no file, the world spawn).
  void set_player_storage(PlayerStorage* storage) { storage_ = storage; }
  void set_spawn_finder(SpawnFinder* finder) { spawn_finder_ = finder; }
  // Block actions, uses and player commands are ignored until the client has loaded the world.
  void set_client_loading(const ClientLoading* loading) { loading_ = loading; }

  // Every open connection, by id (trace tools resuming at a snapshot read their states).
  const std::map<ConnId, Session>& connections() const { return connections_; }
  int player_count() const { return static_cast<int>(players_.size()); }
  std::vector<std::string> player_names() const;
  std::optional<ConnId> find_player(const std::string& name) const;
  Player* player(ConnId conn) override;
  const Player* player(ConnId conn) const override;
  const std::vector<ConnId>& players_in_join_order() const override { return join_order_; }
  const std::vector<Player*>& joined_players() const override { return joined_; }
  void set_player_game_mode(ConnId player, GameMode mode);
  // Teleports a player: sends a position packet with a fresh teleport id and waits for it.
  void teleport(ConnId player, const Vec3& to, float yaw, float pitch) override;
  void respawn(ConnId player, const Vec3& to) override;

  // Packets and texts.
  void send(ConnId conn, SharedBytes body) override;
  using PlayerConnections::send;
  void send_system(ConnId player, const TextComponent& text);
  void broadcast_system(const TextComponent& text);
  void broadcast_to_ops(const TextComponent& text, std::optional<ConnId> except);
  void broadcast_ticking_state(float rate, bool frozen);
  void broadcast_ticking_step(int ticks);
  void broadcast_game_event(uint8_t event, float value);
  // Sends a disconnect packet for the connection's state with `reason`, then closes it.
  void disconnect(ConnId conn, const TextComponent& reason) override;
  // Vanilla's reason for a packet it could not read: "Internal Exception: <what went wrong>".
  void disconnect_unreadable(ConnId conn, const std::string& error);
  // Paper's packet limiter: the client sent more than horizon-packet-rate-limit packets a second.
  void kick_for_packet_rate(Session& c);

  // Operators (ops.json): whether there are any, and a player's level.
  const OpList& ops() const;
  // Gives every player the permission level the operator list now says (after op and deop).
  void refresh_permission_levels();
  // The IP address a player connected from (without the port).
  std::string player_address(ConnId conn) const;

  uint64_t hash() const;
  // The connections, then the joined players in join order (players_ is never iterated); reading
  // rebuilds the join-order pointers.
  template <class Io>
  void state_fields(Io& io) {
    io(connections_, join_order_, now_millis_, tick_, login_random_);
    if constexpr (Io::kReading) {
      for (const auto& [id, c] : connections_) io.check(c.id == id);
      players_.clear();
      joined_.clear();
      for (ConnId id : join_order_) {
        Player& p = players_[id];
        io(p);
        io.check(p.conn == id && connections_.contains(id));
        joined_.push_back(&p);
      }
      io.check(players_.size() == join_order_.size());
    } else {
      for (ConnId id : join_order_) io(players_.at(id));
    }
  }

 private:
  // Handles the packets waiting in the connection's decoder.
  void handle_buffered(ConnId conn);
  void handle_packet(Session& c, std::span<const uint8_t> body);
  void handle_handshake(Session& c, std::span<const uint8_t> body);
  void handle_status(Session& c, std::span<const uint8_t> body);
  void handle_login(Session& c, std::span<const uint8_t> body);
  void handle_config(Session& c, std::span<const uint8_t> body);
  void handle_play(Session& c, std::span<const uint8_t> body);

  std::string status_json() const;
  // The login of `name` with its profile id and properties (offline or as a proxy forwarded them).
  void accept_login(Session& c, const std::string& name, const Uuid& uuid,
                    std::vector<packet::GameProfileProperty> properties);
  // Proxy forwarding at login: asks Velocity for the player, or takes BungeeCord's handshake data.
  void begin_forwarded_login(Session& c, const std::string& name);
  void on_velocity_answer(Session& c, const packet::login_sb::LoginPluginResponse& answer);
  // Online mode: the encryption request, and the client's response handed to the shell.
  void begin_online_login(Session& c, const std::string& name);
  void on_encryption_response(Session& c, packet::login_sb::EncryptionBegin& response);
  void start_configuration(Session& c);
  void send_registries_and_finish(Session& c);
  // Sends the server's finish_configuration once the player's file is read, and joins once the
  // client's has arrived too.
  void advance_configuration(Session& c);
  void join_game(Session& c);
  // Puts what the player's file says (or a new player's defaults) into the player.
  void place_player(Player& p, const SavedPlayer* saved);
  void leave_game(Session& c);
  void handle_chat(Session& c, const std::string& message);
  void handle_command(Session& c, const std::string& command);
  void keep_connection_alive(Session& c, int64_t now_millis);
  void handle_keep_alive(Session& c, int64_t id);
  // A new listener for the state the connection enters (configuration or play): its keep-alive
  // timer starts now with nothing pending.
  void start_listener(Session& c);
  void close(Session& c, const std::string& log_reason);
  // Moves the connection to its next protocol state; only vanilla's transitions are allowed.
  void enter_state(Session& c, ProtocolState next);

  const CoreConfig& config_;
  EffectSink& effects_;
  ServerLog& log_;
  CommandHost& commands_;
  const GameTime& time_;
  const TickRateManager& tick_rate_;
  const SpawnPoint& spawn_;
  AccessLists& access_;
  PlayerStorage* storage_ = nullptr;
  SpawnFinder* spawn_finder_ = nullptr;
  const ClientLoading* loading_ = nullptr;
  std::map<ConnId, Session> connections_;
  absl::node_hash_map<ConnId, Player> players_;  // lookups only, never iterated (nodes: stable addresses)
  std::vector<Player*> joined_;  // players_ in join order, beside join_order_
  std::vector<ConnId> join_order_;
  std::vector<PlayerListener*> listeners_;
  EntityIds& entity_ids_;
  int64_t now_millis_ = 0;
  int64_t tick_ = 0;
  // Verify tokens of encryption requests: a stream of the core's seeded Rng of its own, so
  // logins never shift the game's random numbers.
  Rng login_random_;
};

// One movement packet (position, position_look, look or flying) as the server reads it.
struct MoveInput {
  bool has_position = false;
  bool has_rotation = false;
  double x = 0, y = 0, z = 0;
  float yaw = 0, pitch = 0;
  bool on_ground = false;
  bool horizontal_collision = false;
};

// A system that follows players through the session (chunk streaming, movement checks, entity
// tracking): gets every join and leave, the play packets it cares about, and a tick.
class PlayerListener {
 public:
  virtual ~PlayerListener() = default;
  virtual void on_join(Player&) {}
  virtual void on_leave(Player&) {}
  virtual void on_move(Player&, const MoveInput&) {}
  virtual void on_teleport_confirm(Player&, int32_t /*teleport_id*/) {}
  // The client finished loading the world (player_loaded): moves count from now on.
  virtual void on_player_loaded(Player&) {}
  virtual void on_chunk_batch_received(Player&, float /*desired_chunks_per_tick*/) {}
  virtual void on_client_view_distance(Player&, int /*view_distance*/) {}
  virtual void on_player_input(Player&, uint8_t /*flags*/) {}
  // client_tick_end: the client finished one of its ticks.
  virtual void on_client_tick_end(Player&) {}
  virtual void on_entity_action(Player&, int32_t /*action*/) {}
  // client_command: 0 perform respawn, 1 request stats, 2 request game rule values.
  virtual void on_client_command(Player&, int32_t /*action*/) {}
  virtual void on_game_mode_changed(Player&) {}
  virtual void on_teleported(Player&) {}
  // player_action: digging (start, abort, stop) and the other actions, with the client's sequence.
  virtual void on_block_action(Player&, int32_t /*action*/, const BlockPos& /*pos*/, int8_t /*face*/,
                               int32_t /*sequence*/) {}
  // use_item_on: a right click on a block face.
  virtual void on_use_item_on(Player&, const packet::play_sb::BlockPlace&) {}
  // Inventory packets (docs/rules/inventory.md): clicks and closing in a window, creative slots,
  // pick block.
  virtual void on_container_click(Player&, const packet::play_sb::WindowClick&) {}
  virtual void on_container_close(Player&, int32_t /*window_id*/) {}
  virtual void on_set_creative_slot(Player&, const packet::play_sb::SetCreativeSlot&) {}
  virtual void on_pick_item_from_block(Player&, const packet::play_sb::PickItemFromBlock&) {}
  // attack: a left click on an entity, by its network id.
  virtual void on_attack(Player&, int32_t /*entity_id*/) {}
  // arm_animation: the client swung an arm (0 main hand, 1 off hand): a missed click, digging,
  // an attack or a use.
  virtual void on_swing(Player&, int32_t /*hand*/) {}
  // use_item: a right click with an item, not on a block (buckets, eating and drinking).
  virtual void on_use_item(Player&, const packet::play_sb::UseItem&) {}
  // set_carried_item: the client selects another hotbar slot (0-8), told before it changes.
  virtual void on_select_slot(Player&, int32_t /*slot*/) {}
  // Once per tick after Sessions' own work, in registration order.
  virtual void tick() {}
};

}  // namespace hz
