#include "sim/game/movement/movement_system.h"

#include <vector>

#include "sim/core/hash.h"
#include "sim/core/java_math.h"
#include "sim/game/items/inventory.h"
#include "sim/game/game_rules.h"
#include "sim/game/tick_rate.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

const TextComponent& invalid_movement_reason() {
  static const TextComponent reason = TextComponent::translatable("multiplayer.disconnect.invalid_player_movement");
  return reason;
}

}  // namespace

// Carries out what a check asks for one player: teleports go through Sessions (which numbers
// them and tells every listener), warnings to the log.
class MovementSystem::Effects final : public MoveEffects {
 public:
  Effects(MovementSystem& system, ConnId player) : system_(system), player_(player) {}
  void teleport(const Vec3& to, float yaw, float pitch) override {
    system_.pulling_back_ = true;
    system_.connections_.teleport(player_, to, yaw, pitch);
    system_.pulling_back_ = false;
  }
  void warn(const std::string& line) override { system_.log_.log(LogLevel::kWarn, line); }

 private:
  MovementSystem& system_;
  ConnId player_;
};

MovementSystem::MovementSystem(PlayerConnections& players, ServerLog& log, const GameRules& rules,
                               const TickRateManager& tick_rate, bool allow_flight)
    : connections_(players), log_(log), game_rules_(rules), tick_rate_(tick_rate), allow_flight_(allow_flight) {}
MovementSystem::~MovementSystem() = default;

const PlayerMovement* MovementSystem::movement(ConnId player) const {
  auto it = players_.find(player);
  return it == players_.end() ? nullptr : &it->second;
}

PlayerMovement* MovementSystem::movement(ConnId player) {
  auto it = players_.find(player);
  return it == players_.end() ? nullptr : &it->second;
}

MoveRules MovementSystem::rules() const {
  MoveRules r;
  r.player_movement_check = game_rules_.get_bool("player_movement_check");
  r.elytra_movement_check = game_rules_.get_bool("elytra_movement_check");
  r.runs_normally = tick_rate_.runs_normally();
  r.allow_flight = allow_flight_;
  return r;
}

void MovementSystem::publish(Player& player, const PlayerMovement& m, bool accepted_move) {
  const PlayerBody& b = m.body();
  player.position = b.position;
  player.yaw = b.yaw;
  player.pitch = b.pitch;
  player.on_ground = b.on_ground;
  player.eye_height = pose_eye_height(b.pose);
  player.crouching = b.pose == Pose::kCrouching;
  player.fall_distance = b.fall_distance;
  if (accepted_move && observer_) observer_->on_player_moved(player);
}

void MovementSystem::on_join(Player& player) {
  auto [it, added] =
      players_.try_emplace(player.conn, player.name, player.game_mode, player.position, player.yaw, player.pitch);
  // The join teleport was sent before this system heard of the player.
  if (player.awaiting_teleport_id != 0)
    it->second.teleported(player.awaiting_teleport_position, player.yaw, player.pitch, player.last_teleport_id, false);
}

void MovementSystem::on_leave(Player& player) { players_.erase(player.conn); }

void MovementSystem::on_move(Player& player, const MoveInput& move) {
  PlayerMovement* m = movement(player.conn);
  if (!m) return;
  Effects effects(*this, player.conn);
  const MoveResult result = m->handle_move(move, world(), rules(), effects);
  if (result.decision == MoveDecision::kInvalid) {
    connections_.disconnect(player.conn, invalid_movement_reason());
    return;
  }
  // A pulled-back player was already published with its teleport.
  PlayerMovement* still = movement(player.conn);
  if (!still) return;
  publish(player, *still, result.decision == MoveDecision::kAccepted);
  if (outcome_observer_ && connections_.player(player.conn) == &player) outcome_observer_->on_move_outcome(player, result);
}

bool MovementSystem::client_loaded(ConnId player) const {
  const PlayerMovement* m = movement(player);
  return m != nullptr && m->client_loaded();
}

void MovementSystem::on_player_died(Player& player) {
  if (PlayerMovement* m = movement(player.conn)) m->mark_waiting_for_respawn();
}

void MovementSystem::on_player_respawned(Player& player) {
  if (PlayerMovement* m = movement(player.conn)) m->restart_load_timer_after_respawn();
}

void MovementSystem::on_teleport_confirm(Player& player, int32_t teleport_id) {
  PlayerMovement* m = movement(player.conn);
  if (!m) return;
  if (!m->handle_teleport_confirm(teleport_id)) {
    connections_.disconnect(player.conn, invalid_movement_reason());
    return;
  }
  if (!m->awaiting_teleport()) player.awaiting_teleport_id = 0;
  publish(player, *m);
}

void MovementSystem::on_player_loaded(Player& player) {
  if (PlayerMovement* m = movement(player.conn)) m->handle_player_loaded();
}

void MovementSystem::on_player_input(Player& player, uint8_t flags) {
  if (PlayerMovement* m = movement(player.conn)) m->handle_input_shift((flags & packet::play_sb::PlayerInput::kSneak) != 0);
}

void MovementSystem::on_client_tick_end(Player& player) {
  if (PlayerMovement* m = movement(player.conn)) m->client_tick_end();
}

void MovementSystem::on_entity_action(Player& player, int32_t action) {
  PlayerMovement* m = movement(player.conn);
  if (!m) return;
  using packet::play_sb::EntityAction;
  if (action == EntityAction::kStartSprinting) m->handle_sprinting(true);
  if (action == EntityAction::kStopSprinting) m->handle_sprinting(false);
  // Starting to glide needs an elytra, which no Horizon player wears: vanilla then stops gliding.
  if (action == EntityAction::kStartFallFlying) m->set_fall_flying(false);
}

void MovementSystem::on_swing(Player& player, int32_t hand) {
  PlayerMovement* m = movement(player.conn);
  if (!m || !m->swing().start() || tracking_ == nullptr) return;
  using packet::play_cb::Animation;
  const uint8_t action = hand == 0 ? Animation::kSwingMainHand : Animation::kSwingOffHand;
  tracking_->send_to_viewers(player.entity_id, share(encode_packet(Animation{player.entity_id, action})));
}

void MovementSystem::on_use_item(Player& player, const packet::play_sb::UseItem& use) {
  PlayerMovement* m = movement(player.conn);
  if (!m || player.inventory[static_cast<size_t>(hand_slot(player, use.hand != 0))].empty()) return;
  m->snap_rotation(wrap_degrees(use.yaw), wrap_degrees(use.pitch));
  player.yaw = m->body().yaw;
  player.pitch = m->body().pitch;
}

void MovementSystem::on_game_mode_changed(Player& player) {
  if (PlayerMovement* m = movement(player.conn)) m->set_game_mode(player.game_mode);
}

void MovementSystem::on_teleported(Player& player) {
  PlayerMovement* m = movement(player.conn);
  if (!m) return;
  m->teleported(player.position, player.yaw, player.pitch, player.last_teleport_id, !pulling_back_);
  publish(player, *m);
}

void MovementSystem::tick() {
  for (auto& [conn, m] : players_) m.tick_entity();
  std::vector<ConnId> order;
  order.reserve(players_.size());
  for (const auto& [conn, m] : players_) order.push_back(conn);
  const MoveRules r = rules();
  for (ConnId conn : order) {
    PlayerMovement* m = movement(conn);
    Player* player = connections_.player(conn);
    if (!m || !player) continue;
    Effects effects(*this, conn);
    if (m->tick(world(), r, effects) == TickResult::kKickedForFloating) {
      connections_.disconnect(conn, TextComponent::translatable("multiplayer.disconnect.flying"));
      continue;
    }
    publish(*player, *m);
  }
}

uint64_t MovementSystem::hash() const {
  Hasher h;
  for (const auto& [conn, m] : players_) h.u64(conn), h.u64(m.hash());
  return h.digest();
}

}  // namespace hz
