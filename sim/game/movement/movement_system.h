// The movement system of the game: follows every player through Sessions, vets their move
// packets and teleport confirmations (PlayerMovement), runs their per-tick physics and floating
// kick, and keeps Player's position, rotation and on-ground flag to what it accepted.
#pragma once

#include <map>
#include <memory>

#include "sim/game/entities/entity.h"
#include "sim/game/movement/player_movement.h"
#include "sim/game/sessions.h"

namespace hz {

class GameRules;
class TickRateManager;

// Told of every accepted move packet, changed or not (vanilla calls ChunkMap.move for each).
class MoveObserver {
 public:
  virtual ~MoveObserver() = default;
  virtual void on_player_moved(const Player& player) = 0;
};

// Told what each handled move packet did that survival rules follow (jumps, landings, the
// accepted position change); see MoveResult.
class MoveOutcomeObserver {
 public:
  virtual ~MoveOutcomeObserver() = default;
  virtual void on_move_outcome(Player& player, const MoveResult& result) = 0;
};

class MovementSystem final : public PlayerListener, public PlayerLifeObserver, public ClientLoading {
 public:
  // `allow_flight`: server.properties allow-flight (the floating kick's exemption).
  MovementSystem(PlayerConnections& players, ServerLog& log, const GameRules& rules, const TickRateManager& tick_rate,
                 bool allow_flight);
  ~MovementSystem() override;

  // The world the checks collide with (until one is attached, nothing collides).
  void set_block_source(const BlockSource* blocks) { blocks_ = blocks ? blocks : &no_blocks_; }
  void set_observer(MoveObserver* observer) { observer_ = observer; }
  void set_outcome_observer(MoveOutcomeObserver* observer) { outcome_observer_ = observer; }
  // Who is shown a player's arm swings (the players that see it); none until set.
  void set_tracking(EntityTracking* tracking) { tracking_ = tracking; }

  const PlayerMovement* movement(ConnId player) const;
  PlayerMovement* movement(ConnId player);

  // PlayerListener
  void on_join(Player& player) override;
  void on_leave(Player& player) override;
  void on_move(Player& player, const MoveInput& move) override;
  void on_teleport_confirm(Player& player, int32_t teleport_id) override;
  void on_player_loaded(Player& player) override;
  void on_player_input(Player& player, uint8_t flags) override;
  // handleClientTickEnd: a client tick without a move forgets the known movement.
  void on_client_tick_end(Player& player) override;
  void on_entity_action(Player& player, int32_t action) override;
  // handleAnimate's swing: a new swing is shown to the players that see this one (not to itself).
  void on_swing(Player& player, int32_t hand) override;
  // handleUseItem: with an item in the hand, the player first turns to the packet's look.
  void on_use_item(Player& player, const packet::play_sb::UseItem& use) override;
  void on_game_mode_changed(Player& player) override;
  void on_teleported(Player& player) override;
  // ClientLoading
  bool client_loaded(ConnId player) const override;
  // PlayerLifeObserver: a dead player's moves wait for its respawn.
  void on_player_died(Player& player) override;
  void on_player_respawned(Player& player) override;
  // Per tick: the client-loaded timers, then each player's tickPlayer (physics, floating kick).
  void tick() override;

  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(players_, pulling_back_);
  }

 private:
  class Effects;
  MoveRules rules() const;
  MoveWorld world() const { return MoveWorld{*blocks_, border_}; }
  // Copies the accepted position, rotation and on-ground flag into Player; tells the observer
  // when an accepted move packet brought them.
  void publish(Player& player, const PlayerMovement& m, bool accepted_move = false);

  PlayerConnections& connections_;
  ServerLog& log_;
  const GameRules& game_rules_;
  const TickRateManager& tick_rate_;
  bool allow_flight_;
  NoBlocks no_blocks_;
  const BlockSource* blocks_ = &no_blocks_;
  WorldBorder border_;
  MoveObserver* observer_ = nullptr;
  MoveOutcomeObserver* outcome_observer_ = nullptr;
  EntityTracking* tracking_ = nullptr;
  std::map<ConnId, PlayerMovement> players_;
  bool pulling_back_ = false;  // a teleport this system asked for is being sent
};

}  // namespace hz
