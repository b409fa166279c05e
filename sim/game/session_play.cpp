// Play: the join sequence (login, abilities, position, player info, time, game event 13, centre
// chunk, health), leaving, chat and commands, keep-alives and pings, and forwarding the packets
// other systems follow (movement, chunk acknowledgements, settings) to the player listeners.
#include "sim/core/check.h"
#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/data/catalog.h"
#include "sim/game/access/access_lists.h"
#include "sim/game/commands/dispatcher.h"
#include "sim/game/core_config.h"
#include "sim/game/entity_ids.h"
#include "sim/game/game_rules.h"
#include "sim/game/player_data.h"
#include "sim/game/tick_rate.h"
#include "sim/game/sessions.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

int8_t ability_flags(GameMode mode) {
  switch (mode) {
    case GameMode::kCreative: return 1 | 4 | 8;   // invulnerable, may fly, instabuild
    case GameMode::kSpectator: return 1 | 2 | 4;  // invulnerable, flying, may fly
    default: return 0;
  }
}

packet::play_cb::PlayerInfoEntry info_entry(const Player& p) {
  packet::play_cb::PlayerInfoEntry e;
  e.uuid = p.uuid;
  e.add = packet::play_cb::PlayerInfoAdd{p.name, p.profile_properties};
  e.game_mode = static_cast<int32_t>(p.game_mode);
  e.listed = true;
  e.latency = p.latency_ms;
  e.list_order = 0;
  e.show_hat = true;
  return e;
}

constexpr uint8_t kInfoActions = packet::play_cb::PlayerInfo::kAddPlayer | packet::play_cb::PlayerInfo::kUpdateGameMode |
                                 packet::play_cb::PlayerInfo::kUpdateListed | packet::play_cb::PlayerInfo::kUpdateLatency |
                                 packet::play_cb::PlayerInfo::kUpdateListOrder | packet::play_cb::PlayerInfo::kUpdateHat;

// The seed the client sees (vanilla sends a hash of the world seed, for biome noise only).
int64_t hashed_seed(int64_t world_seed) { return static_cast<int64_t>(hash_combine(static_cast<uint64_t>(world_seed), 0)); }

bool is_allowed_chat_character(unsigned char c) { return c != 0xA7 && c >= ' ' && c != 127; }

}  // namespace

void Sessions::join_game(Session& c) {
  const ServerProperties& props = config_.properties;
  enter_state(c, ProtocolState::kPlay);
  start_listener(c);
  c.is_player = true;
  Player& p = players_[c.id];
  p.conn = c.id;
  p.uuid = c.uuid;
  p.name = c.name;
  p.profile_properties = c.profile_properties;
  p.entity_id = entity_ids_.next();
  p.permission_level = access_.ops().level_of(c.uuid);
  p.client_view_distance = c.client_view_distance;
  p.latency_ms = c.latency_ms;
  const SavedPlayer* saved = storage_ ? storage_->loaded(c.id) : nullptr;
  place_player(p, saved);
  const Vec3 position = p.position;
  join_order_.push_back(c.id);
  joined_.push_back(&p);

  packet::play_cb::Login login;
  login.entity_id = p.entity_id;
  login.hardcore = props.hardcore;
  login.max_players = props.max_players;
  login.view_distance = props.view_distance;
  login.simulation_distance = props.simulation_distance;
  login.hashed_seed = hashed_seed(config_.world_seed);
  login.game_mode = static_cast<uint8_t>(p.game_mode);
  login.respawn_screen = !commands_.game_rules().get_bool("immediate_respawn");
  if (saved && saved->previous_game_mode) login.previous_game_mode = static_cast<int8_t>(*saved->previous_game_mode);
  send(c.id, login);
  send(c.id, packet::play_cb::Abilities{ability_flags(p.game_mode), 0.05f, 0.1f});
  teleport(c.id, position, p.yaw, p.pitch);

  packet::play_cb::PlayerInfo everyone;
  everyone.actions = kInfoActions;
  for (ConnId id : join_order_) everyone.entries.push_back(info_entry(players_.at(id)));
  send(c.id, everyone);
  packet::play_cb::PlayerInfo self;
  self.actions = kInfoActions;
  self.entries.push_back(info_entry(p));
  SharedBytes self_info = share(encode_packet(self));
  for (ConnId id : join_order_)
    if (id != c.id) send(id, self_info);

  // PlayerList.sendLevelInfo: every clock, the spawn position, the weather while it rains.
  send(c.id, time_.time_sync());
  const Vec3 spawn = spawn_.spawn_point();
  packet::play_cb::SpawnPosition spawn_position;
  spawn_position.location.pos = BlockPos{java_floor(spawn.x), java_floor(spawn.y), java_floor(spawn.z)};
  send(c.id, spawn_position);
  for (const packet::play_cb::GameStateChange& event : time_.join_weather()) send(c.id, event);
  send(c.id, packet::play_cb::GameStateChange{13, 0.0f});
  send(c.id, packet::play_cb::SetTickingState{tick_rate_.tick_rate(), tick_rate_.is_frozen()});
  send(c.id, packet::play_cb::StepTick{tick_rate_.frozen_ticks_to_run()});
  // Chunks, tracking, and the inventory window (held slot and every slot, restored from the file).
  for (PlayerListener* l : listeners_) l->on_join(p);
  send(c.id, packet::play_cb::UpdateHealth{p.health, p.food_level, p.saturation});

  log_.log(LogLevel::kInfo, p.name + "[/" + c.remote + "] logged in with entity id " + std::to_string(p.entity_id) +
                                 " at (" + java_fixed(position.x, 1) + ", " + java_fixed(position.y, 1) + ", " +
                                 java_fixed(position.z, 1) + ")");
  log_.log(LogLevel::kInfo, p.name + " joined the game");
  broadcast_system(TextComponent::translatable("multiplayer.player.joined", {TextComponent::plain(p.name)}).colored("yellow"));
}

// PrepareSpawnTask and ServerPlayer.load: a saved position is used as it is, a player without one
// is placed by the spawn finder; the game mode is the saved one unless force-gamemode is on
// (ServerPlayer.calculateGameModeForNewPlayer).
void Sessions::place_player(Player& p, const SavedPlayer* saved) {
  const ServerProperties& props = config_.properties;
  auto forced = props.raw.find("force-gamemode");
  const bool force_game_mode = forced != props.raw.end() && forced->second == "true";
  p.game_mode = saved && saved->game_mode && !force_game_mode ? *saved->game_mode : props.gamemode;
  if (saved && saved->position) p.position = *saved->position;
  else p.position = spawn_finder_ ? spawn_finder_->find_player_spawn() : spawn_.spawn_point();
  if (saved && saved->rotation) std::tie(p.yaw, p.pitch) = *saved->rotation;
  if (!saved) return;
  p.on_ground = saved->on_ground;
  p.fall_distance = saved->fall_distance;
  p.remaining_fire_ticks = saved->fire;
  p.effects = saved->effects;
  p.absorption = saved->absorption;
  p.health = saved->health;
  p.food_level = saved->food_level;
  p.saturation = saved->saturation;
  p.exhaustion = saved->exhaustion;
  p.food_tick_timer = saved->food_tick_timer;
  p.xp = saved->xp;
  p.xp_seed = saved->xp_seed;
  p.inventory = saved->inventory;
  p.selected_slot = saved->selected_slot;
}

void Sessions::leave_game(Session& c) {
  if (!c.is_player) return;
  c.is_player = false;
  auto it = players_.find(c.id);
  if (it == players_.end()) return;
  for (PlayerListener* l : listeners_) l->on_leave(it->second);
  std::string name = it->second.name;
  Uuid uuid = it->second.uuid;
  std::erase(joined_, &it->second);
  players_.erase(it);
  std::erase(join_order_, c.id);
  HZ_CHECK(joined_.size() == join_order_.size());
  log_.log(LogLevel::kInfo, name + " left the game");
  if (join_order_.empty()) return;
  SharedBytes removal = share(encode_packet(packet::play_cb::PlayerRemove{{uuid}}));
  for (ConnId id : join_order_) send(id, removal);
  broadcast_system(TextComponent::translatable("multiplayer.player.left", {TextComponent::plain(name)}).colored("yellow"));
}

void Sessions::teleport(ConnId conn, const Vec3& to, float yaw, float pitch) {
  Player* p = player(conn);
  if (!p) return;
  // Vanilla: ++awaitingTeleport, wrapping to 0 at Integer.MAX_VALUE.
  p->last_teleport_id = p->last_teleport_id == INT32_MAX - 1 ? 0 : p->last_teleport_id + 1;
  p->awaiting_teleport_id = p->last_teleport_id;
  p->awaiting_teleport_position = to;
  p->awaiting_teleport_tick = tick_;
  p->position = to;
  p->yaw = yaw;
  p->pitch = pitch;
  packet::play_cb::Position packet;
  packet.teleport_id = p->last_teleport_id;
  packet.x = to.x, packet.y = to.y, packet.z = to.z;
  packet.yaw = yaw, packet.pitch = pitch;
  send(conn, packet);
  for (PlayerListener* l : listeners_) l->on_teleported(*p);
}

void Sessions::respawn(ConnId conn, const Vec3& to) {
  Player* p = player(conn);
  if (!p) return;
  // The new player entity's game mode is set before the respawn packet, which sends abilities.
  send(conn, packet::play_cb::Abilities{ability_flags(p->game_mode), 0.05f, 0.1f});
  packet::play_cb::Respawn respawn;
  respawn.hashed_seed = hashed_seed(config_.world_seed);
  respawn.game_mode = static_cast<uint8_t>(p->game_mode);
  send(conn, respawn);
  teleport(conn, to, 0.0f, 0.0f);
  packet::play_cb::SpawnPosition spawn_position;
  const Vec3 spawn = spawn_.spawn_point();
  spawn_position.location.pos = BlockPos{java_floor(spawn.x), java_floor(spawn.y), java_floor(spawn.z)};
  send(conn, spawn_position);
  send(conn, packet::play_cb::UpdateTime{time_.game_time(), {{0, time_.game_time(), 0.0f, 1.0f}}});
}

void Sessions::set_player_game_mode(ConnId conn, GameMode mode) {
  Player* p = player(conn);
  if (!p) return;
  p->game_mode = mode;
  send(conn, packet::play_cb::GameStateChange{3, static_cast<float>(static_cast<int>(mode))});
  send(conn, packet::play_cb::Abilities{ability_flags(mode), 0.05f, 0.1f});
  packet::play_cb::PlayerInfo update;
  update.actions = packet::play_cb::PlayerInfo::kUpdateGameMode;
  packet::play_cb::PlayerInfoEntry e;
  e.uuid = p->uuid;
  e.game_mode = static_cast<int32_t>(mode);
  update.entries.push_back(e);
  SharedBytes body = share(encode_packet(update));
  for (ConnId id : join_order_) send(id, body);
  for (PlayerListener* l : listeners_) l->on_game_mode_changed(*p);
}

void Sessions::handle_chat(Session& c, const std::string& message) {
  for (unsigned char ch : message) {
    if (!is_allowed_chat_character(ch)) return disconnect(c.id, TextComponent::translatable("multiplayer.disconnect.illegal_characters"));
  }
  log_.log(LogLevel::kInfo, "[Not Secure] <" + c.name + "> " + message);
  broadcast_system(TextComponent::plain("<" + c.name + "> " + message));
}

void Sessions::handle_command(Session& c, const std::string& command) {
  const Player* p = player(c.id);
  if (!p) return;
  CommandSource source;
  source.name = p->name;
  source.permission_level = p->permission_level;
  source.player = c.id;
  dispatch_command(commands_, source, command);
}

void Sessions::handle_play(Session& c, std::span<const uint8_t> body) {
  Player* p = player(c.id);
  if (!p) return;
  auto moved = [&](MoveInput m) {
    for (PlayerListener* l : listeners_) {
      if (player(c.id) != p) return;  // a listener disconnected the player (invalid move)
      l->on_move(*p, m);
    }
  };
  struct Handler {
    Sessions& s;
    Session& c;
    Player& p;
    decltype(moved)& move;
    void operator()(packet::play_sb::Position&& m) {
      move(MoveInput{true, false, m.x, m.y, m.z, 0, 0, (m.flags & 1) != 0, (m.flags & 2) != 0});
    }
    void operator()(packet::play_sb::PositionLook&& m) {
      move(MoveInput{true, true, m.x, m.y, m.z, m.yaw, m.pitch, (m.flags & 1) != 0, (m.flags & 2) != 0});
    }
    void operator()(packet::play_sb::Look&& m) {
      move(MoveInput{false, true, 0, 0, 0, m.yaw, m.pitch, (m.flags & 1) != 0, (m.flags & 2) != 0});
    }
    void operator()(packet::play_sb::Flying&& m) {
      move(MoveInput{false, false, 0, 0, 0, 0, 0, (m.flags & 1) != 0, (m.flags & 2) != 0});
    }
    void operator()(packet::play_sb::TeleportConfirm&& t) {
      for (PlayerListener* l : s.listeners_) {
        if (s.player(c.id) != &p) return;  // disconnected by an earlier listener
        l->on_teleport_confirm(p, t.teleport_id);
      }
    }
    void operator()(packet::play_sb::PlayerLoaded&&) {
      for (PlayerListener* l : s.listeners_) l->on_player_loaded(p);
    }
    void operator()(packet::play_sb::ChunkBatchReceived&& b) {
      for (PlayerListener* l : s.listeners_) l->on_chunk_batch_received(p, b.chunks_per_tick);
    }
    void operator()(packet::play_sb::Settings&& st) {
      p.client_view_distance = st.info.view_distance;
      p.locale = st.info.locale;
      for (PlayerListener* l : s.listeners_) l->on_client_view_distance(p, st.info.view_distance);
    }
    void operator()(packet::play_sb::TickEnd&&) {
      for (PlayerListener* l : s.listeners_) l->on_client_tick_end(p);
    }
    void operator()(packet::play_sb::PlayerInput&& in) {
      for (PlayerListener* l : s.listeners_) l->on_player_input(p, in.inputs);
    }
    // ServerGamePacketListenerImpl.hasClientLoaded: until player_loaded (or its timeout) and while
    // waiting to respawn, block actions, item uses and player commands are dropped unanswered.
    bool loaded() const { return !s.loading_ || s.loading_->client_loaded(c.id); }
    void operator()(packet::play_sb::Attack&& a) {
      if (!loaded()) return;
      for (PlayerListener* l : s.listeners_) {
        if (s.player(c.id) != &p) return;
        l->on_attack(p, a.entity_id);
      }
    }
    // handleAnimate: no loaded check.
    void operator()(packet::play_sb::ArmAnimation&& a) {
      for (PlayerListener* l : s.listeners_) {
        if (s.player(c.id) != &p) return;
        l->on_swing(p, a.hand);
      }
    }
    void operator()(packet::play_sb::EntityAction&& a) {
      if (!loaded()) return;
      for (PlayerListener* l : s.listeners_) l->on_entity_action(p, a.action);
    }
    void operator()(packet::play_sb::ClientCommand&& command) {
      for (PlayerListener* l : s.listeners_) l->on_client_command(p, command.action);
    }
    void operator()(packet::play_sb::ChatMessage&& m) { s.handle_chat(c, m.message); }
    void operator()(packet::play_sb::ChatCommand&& m) { s.handle_command(c, m.command); }
    void operator()(packet::play_sb::ChatCommandSigned&& m) { s.handle_command(c, m.command); }
    void operator()(packet::play_sb::KeepAlive&& k) { s.handle_keep_alive(c, k.id); }
    void operator()(packet::play_sb::PingRequest&& r) { s.send(c.id, packet::play_cb::PongResponse{r.id}); }
    void operator()(packet::play_sb::SetCreativeSlot&& set) {
      for (PlayerListener* l : s.listeners_) l->on_set_creative_slot(p, set);
    }
    void operator()(packet::play_sb::WindowClick&& click) {
      for (PlayerListener* l : s.listeners_) l->on_container_click(p, click);
    }
    void operator()(packet::play_sb::CloseWindow&& close) {
      for (PlayerListener* l : s.listeners_) l->on_container_close(p, close.window_id);
    }
    void operator()(packet::play_sb::PickItemFromBlock&& pick) {
      for (PlayerListener* l : s.listeners_) l->on_pick_item_from_block(p, pick);
    }
    void operator()(packet::play_sb::HeldItemSlot&& held) {
      if (held.slot < 0 || held.slot > 8) {  // vanilla ignores it with a warning
        s.log_.log(LogLevel::kWarn, p.name + " tried to set an invalid carried item");
        return;
      }
      for (PlayerListener* l : s.listeners_) l->on_select_slot(p, held.slot);
      p.selected_slot = held.slot;
    }
    void operator()(packet::play_sb::BlockPlace&& use) {
      if (!loaded()) return;
      if (use.sequence < 0) return s.disconnect(c.id, TextComponent::plain("Expected packet sequence nr >= 0"));
      for (PlayerListener* l : s.listeners_) {
        if (s.player(c.id) != &p) return;
        l->on_use_item_on(p, use);
      }
    }
    void operator()(packet::play_sb::UseItem&& use) {
      if (!loaded()) return;
      if (use.sequence < 0) return s.disconnect(c.id, TextComponent::plain("Expected packet sequence nr >= 0"));
      for (PlayerListener* l : s.listeners_) {
        if (s.player(c.id) != &p) return;
        l->on_use_item(p, use);
      }
    }
    void operator()(packet::play_sb::BlockDig&& d) {
      if (!loaded()) return;
      // Vanilla throws on a negative sequence, which ends the connection.
      if (d.sequence < 0) return s.disconnect(c.id, TextComponent::plain("Expected packet sequence nr >= 0"));
      for (PlayerListener* l : s.listeners_) {
        if (s.player(c.id) != &p) return;
        l->on_block_action(p, d.status, d.location, d.face, d.sequence);
      }
    }
  };
  auto result = dispatch(packet::PlayServerbound{}, body, Handler{*this, c, *p, moved});
  if (!result) disconnect_unreadable(c.id, result.error());
}

}  // namespace hz
