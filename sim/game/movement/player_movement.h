// One player's movement as vanilla's ServerGamePacketListenerImpl vets it: the move packet checks
// (invalid values, awaiting teleports, moved too quickly, moved wrongly, colliding with anything
// new), teleport confirmation, and the per-tick work (server physics, floating kick).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sim/core/properties.h"
#include "sim/game/movement/arm_swing.h"
#include "sim/game/movement/entity_move.h"

namespace hz {

struct MoveInput;

// What the game decides about movement that is not the player's own state.
struct MoveRules {
  bool player_movement_check = true;  // gamerule player_movement_check
  bool elytra_movement_check = true;  // gamerule elytra_movement_check
  bool runs_normally = true;          // the tick rate manager is not frozen (or is stepping)
  bool allow_flight = false;          // server.properties allow-flight
};

// Side effects a move check asks for; the movement system carries them out.
class MoveEffects {
 public:
  virtual ~MoveEffects() = default;
  // ServerGamePacketListenerImpl.teleport with zero velocity and no relative flags: a position
  // packet with a fresh id. The implementation must call PlayerMovement::teleported.
  virtual void teleport(const Vec3& to, float yaw, float pitch) = 0;
  virtual void warn(const std::string& line) = 0;
};

// How a move packet was decided.
enum class MoveDecision : uint8_t {
  kInvalid,            // NaN coordinates or non-finite angles: disconnect
  kIgnored,            // the client has not finished loading
  kAwaitingTeleport,   // a teleport is unconfirmed: only the rotation counts
  kAccepted,
  kTooQuickly,         // pulled back
  kWrongly,            // pulled back: the replay missed by more than 0.25 and the old box was free
  kCollidingNew,       // pulled back: the new box meets a shape the old box did not
};

// A move that ended on the ground after falling (Entity.checkFallDamage calling Block.fallOn).
struct Landing {
  double fall_distance = 0.0;
  BlockStateId on_block = 0;  // the block under the feet (getOnPosLegacy)
  bool in_water = false;
  BlockPos on_pos;            // where that block is
};

// Where the player was after an accepted move, for the movement statistics' exhaustion.
struct MoveSurroundings {
  bool swimming = false;
  bool eyes_in_water = false;
  bool in_water = false;
  bool on_climbable = false;
  bool on_ground = false;
  bool sprinting = false;
  bool flying = false;  // abilities.flying
};

struct MoveResult {
  MoveDecision decision = MoveDecision::kIgnored;
  bool logged_wrongly = false;  // "moved wrongly!" was logged (also for accepted moves)
  // What survival rules follow: a jump from the ground (with the sprint flag of that moment), a
  // landing, and an accepted move's position change and surroundings.
  bool jumped = false;
  bool jumped_sprinting = false;
  std::optional<Landing> landing;
  Vec3 moved;
  MoveSurroundings surroundings;
};

enum class TickResult : uint8_t { kNormal, kKickedForFloating };

class PlayerMovement {
 public:
  static constexpr int kClientLoadedTimeout = 60;
  static constexpr int kResendTeleportAfterTicks = 20;

  PlayerMovement(std::string name, GameMode mode, const Vec3& position, float yaw, float pitch);
  // A blank one for a snapshot to be read into.
  PlayerMovement() : PlayerMovement("", GameMode::kSurvival, {}, 0, 0) {}

  // handleMovePlayer.
  MoveResult handle_move(const MoveInput& in, const MoveWorld& world, const MoveRules& rules, MoveEffects& effects);
  // handleAcceptTeleportPacket: false when the id matches but nothing is awaited (disconnect).
  bool handle_teleport_confirm(int32_t id);
  // After any teleport packet was sent (by this check or by a command): id, target, rotation.
  // `reset_position` is set for teleports of the game (commands, join), not for pull-backs.
  void teleported(const Vec3& to, float yaw, float pitch, int32_t id, bool reset_position);
  void handle_player_loaded() { client_loaded_timer_ = 0; }
  // A dead player's moves are ignored until it respawns (markClientUnloadedAfterDeath), then
  // the load timer restarts (restartClientLoadTimerAfterRespawn).
  void mark_waiting_for_respawn() { waiting_for_respawn_ = true; }
  void restart_load_timer_after_respawn() {
    waiting_for_respawn_ = false;
    client_loaded_timer_ = kClientLoadedTimeout;
  }
  void handle_input_shift(bool shift);
  void handle_sprinting(bool sprinting) { body_.sprinting = sprinting; }
  void set_game_mode(GameMode mode);
  // Gliding needs an elytra; Horizon has no equipment, so only tests turn it on.
  void set_fall_flying(bool gliding) { body_.fall_flying = gliding; }
  void set_flying(bool flying) { body_.flying = flying; }

  // ServerPlayer.tick's part that runs before the connection tick: the client-loaded timer.
  void tick_entity() {
    if (client_loaded_timer_ > 0) --client_loaded_timer_;
  }
  // ServerGamePacketListenerImpl.tickPlayer: physics, snap back, counters, floating kick.
  TickResult tick(const MoveWorld& world, const MoveRules& rules, MoveEffects& effects);

  const PlayerBody& body() const { return body_; }
  PlayerBody& body() { return body_; }
  GameMode game_mode() const { return mode_; }
  bool client_loaded() const { return !waiting_for_respawn_ && client_loaded_timer_ <= 0; }
  bool awaiting_teleport() const { return awaiting_position_.has_value(); }
  int32_t awaiting_teleport_id() const { return awaiting_id_; }
  int tick_count() const { return tick_count_; }
  bool client_is_floating() const { return client_is_floating_; }
  ArmSwing& swing() { return swing_; }
  const ArmSwing& swing() const { return swing_; }
  // ServerPlayer.getKnownMovement: the last accepted move's change of position, kept until a
  // client tick ends without a move (handleClientTickEnd).
  const Vec3& known_movement() const { return known_movement_; }
  void client_tick_end();
  // Entity.absSnapRotationTo: the look a use_item packet turns the player to.
  void snap_rotation(float yaw, float pitch);
  int above_ground_ticks() const { return above_ground_tick_count_; }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(name_, mode_, body_, tick_count_, awaiting_id_, awaiting_teleport_time_, awaiting_position_,
       above_ground_tick_count_, received_move_packets_, known_move_packets_, client_loaded_timer_,
       waiting_for_respawn_, first_good_, last_good_, client_is_floating_, swing_, known_movement_,
       received_movement_this_tick_);
  }

  // Vanilla's getMaximumFlyingTicks for a player with default gravity.
  static int maximum_flying_ticks();

 private:
  bool is_creative() const { return mode_ == GameMode::kCreative; }
  bool is_spectator() const { return mode_ == GameMode::kSpectator; }
  bool may_fly() const { return is_creative() || is_spectator(); }
  void reset_position();
  bool update_awaiting_teleport(MoveEffects& effects);
  bool should_check_movement(bool gliding, const MoveRules& rules) const;
  bool colliding_with_anything_new(const Aabb& old_box, const Vec3& target, const MoveWorld& world) const;
  bool no_blocks_around(const MoveWorld& world) const;
  bool in_water(const MoveWorld& world) const;
  std::optional<Landing> check_fall_damage(double dy, bool on_ground, const MoveWorld& world);
  MoveSurroundings surroundings(const MoveWorld& world) const;
  // Entity.absSnapTo with a rotation.
  void snap_to(const Vec3& p, float yaw, float pitch);

  std::string name_;
  GameMode mode_;
  PlayerBody body_;
  int tick_count_ = 0;
  int32_t awaiting_id_ = 0;
  int awaiting_teleport_time_ = 0;
  std::optional<Vec3> awaiting_position_;
  int above_ground_tick_count_ = 0;
  int received_move_packets_ = 0;
  int known_move_packets_ = 0;
  int client_loaded_timer_ = kClientLoadedTimeout;
  bool waiting_for_respawn_ = false;
  Vec3 first_good_;
  Vec3 last_good_;
  bool client_is_floating_ = false;
  ArmSwing swing_;
  Vec3 known_movement_;
  bool received_movement_this_tick_ = false;
};

}  // namespace hz
