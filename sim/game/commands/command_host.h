// What commands may see and do: the interface the core implements for the command system, and
// who runs a command (the console or a player, with a permission level).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/properties.h"
#include "sim/core/types.h"
#include "sim/data/blocks.h"
#include "sim/game/commands/entity_selector.h"
#include "sim/game/mobs/mob_kinds.h"
#include "sim/game/survival/experience_rules.h"
#include "sim/protocol/wire.h"

namespace hz {

class PlayerEffects;

class AccessLists;
class BlockWorld;
struct TextComponent;
class PlayerInventories;

class TickRateManager;
class TickStats;
class GameRules;
class TimeAndWeather;
class Rng;

struct CommandSource {
  std::string name = "Server";
  int permission_level = 4;
  std::optional<ConnId> player;  // empty for the console and RCON
  // RCON (vanilla's RconConsoleSource): replies are appended here instead of logged, and
  // `inform_admins` (broadcast-rcon-to-ops) decides whether broadcast replies reach operators.
  std::string* collected_output = nullptr;
  bool inform_admins = true;
  bool is_console() const { return !player.has_value() && collected_output == nullptr; }
  // A copy to answer later, once a job completes: an RCON reply is sent when the command returns,
  // so the copy collects nothing and its late replies go to the log.
  CommandSource answered_later() const {
    CommandSource later = *this;
    later.collected_output = nullptr;
    return later;
  }
  // In a snapshot only while waiting for a file (AccessLists), when collected_output is null.
  template <class Io>
  void state_fields(Io& io) {
    io(name, permission_level, player, inform_admins);
  }
};

struct PlayerPlacement {
  double x = 0, y = 0, z = 0;
  float yaw = 0, pitch = 0;
};

class CommandHost {
 public:
  virtual ~CommandHost() = default;
  virtual TickRateManager& tick_rate() = 0;
  virtual const TickStats& tick_stats() const = 0;
  virtual int64_t tick_count() const = 0;
  virtual GameRules& game_rules() = 0;
  virtual void on_game_rule_changed(std::string_view id) = 0;

  // Replies. `broadcast` also tells other operators, as vanilla's sendSuccess(…, true) does.
  virtual void send_success(const CommandSource& source, const std::string& text, bool broadcast) = 0;
  virtual void send_failure(const CommandSource& source, const std::string& text) = 0;
  virtual void broadcast_system_message(const std::string& text) = 0;

  virtual std::vector<std::string> online_player_names() const = 0;
  virtual int max_players() const = 0;
  virtual void request_stop() = 0;
  // Saves the world. With a `requester`, "Saved the game" is its reply once the save is done: at
  // once without `flush`, and once storage reports everything on disk with it (vanilla's save-all
  // flush waits the same way; an RCON requester's reply has gone by then, so that one is logged).
  virtual void save_all(bool flush, const CommandSource* requester) = 0;

  // Players by name (exact, case-insensitive like vanilla's player list lookup).
  virtual std::optional<ConnId> find_player(const std::string& name) const = 0;
  virtual std::string player_name(ConnId player) const = 0;
  virtual GameMode player_game_mode(ConnId player) const = 0;
  virtual void set_player_game_mode(ConnId player, GameMode mode) = 0;
  virtual PlayerPlacement player_placement(ConnId player) const = 0;
  virtual void teleport_player(ConnId player, const PlayerPlacement& to) = 0;
  // LivingEntity.kill: generic_kill damage that even creative players take.
  virtual void kill_player(ConnId player) = 0;

  // Where a command runs from: the player's position, or the world spawn for the console.
  virtual PlayerPlacement command_origin(const CommandSource& source) const = 0;
  // The world's blocks; every change goes through its one path.
  virtual BlockWorld& block_world() = 0;

  // Operators, the whitelist and the bans (sim/game/access/access_lists.h).
  virtual AccessLists& access_lists() = 0;
  // After op or deop: players online get the permission level the list now gives them.
  virtual void refresh_permission_levels() = 0;
  virtual Uuid player_uuid(ConnId player) const = 0;
  // The IP address a player connected from, without the port.
  virtual std::string player_address(ConnId player) const = 0;
  // Disconnects a player with `reason` (kick, ban, ban-ip, the whitelist).
  virtual void kick_player(ConnId player, const TextComponent& reason) = 0;
  // DedicatedServer.kickUnlistedPlayers: with enforce-whitelist and the whitelist on, players it
  // no longer lets in are disconnected.
  virtual void kick_unlisted_players() = 0;
  // save-on / save-off: whether autosaves write the world.
  virtual bool saving_enabled() const = 0;
  virtual void set_saving_enabled(bool on) = 0;
  // Players' inventories (/give, /clear); changes reach the players' clients.
  virtual PlayerInventories& player_inventories() = 0;
  // Level.destroyBlock(pos, drop = true) without a breaker: the block's loot table pops out as
  // item entities. The block must still be there; the caller removes it afterwards.
  virtual void drop_block_loot(const BlockPos& /*pos*/, BlockStateId /*state*/) {}
  // Game time, the world clocks and the weather (/time, /weather).
  virtual TimeAndWeather& time_and_weather() = 0;
  // The core's one random stream (weather durations drawn by /weather).
  virtual Rng& game_random() = 0;

  // Players' status effects (/effect); none where effects are not modelled.
  virtual PlayerEffects* player_effects() { return nullptr; }
  // A player's experience (/experience): read, and replaced; with `resend`, set_experience goes to
  // the player at its next tick (ServerPlayer's lastSentExp = -1).
  virtual experience::Experience player_experience(ConnId player) const {
    (void)player;
    return {};
  }
  virtual void set_player_experience(ConnId player, const experience::Experience& xp, bool resend) {
    (void)player, (void)xp, (void)resend;
  }

  // Entities selectors can pick: players in join order, then mobs by id.
  virtual std::vector<SelectableEntity> selectable_entities() const { return {}; }
  // The source's own entity id (a player's), for @s.
  virtual std::optional<int32_t> source_entity(const CommandSource& source) const {
    (void)source;
    return std::nullopt;
  }
  // /summon: a new mob of `kind` at `position`; its entity id.
  virtual std::optional<int32_t> summon_mob(const MobKind& kind, const Vec3& position, const SummonOptions& options) {
    (void)kind, (void)position, (void)options;
    return std::nullopt;
  }
  // Entity.kill for a selected entity (players through kill_player).
  virtual void kill_entity(const SelectableEntity& entity) { (void)entity; }
};

}  // namespace hz
