#include "sim/game/movement/player_movement.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/core/java_math.h"
#include "sim/game/movement/block_motion.h"
#include "sim/game/movement/player_physics.h"
#include "sim/game/sessions.h"

namespace hz {

namespace {

constexpr double kMaxHorizontal = 3.0e7;  // (double)3.0E7F, exact
constexpr double kMaxVertical = 2.0e7;    // (double)2.0E7F, exact
constexpr double kWronglyThresholdSqr = 0.0625;
constexpr int kMaxFlyingTicks = 80;
constexpr double kDefaultGravity = 0.08;

bool is_air_or_unloaded_blocker(const MoveWorld& world, int x, int y, int z) {
  // Vanilla would load the chunk; an unloaded chunk is treated as not air so that nobody is
  // kicked for floating over terrain the server cannot see.
  if (!world.blocks.is_chunk_loaded(x >> 4, z >> 4)) return false;
  return is_air(world.blocks.block(x, y, z));
}

}  // namespace

int PlayerMovement::maximum_flying_ticks() {
  const double gravity = kDefaultGravity;
  if (gravity < static_cast<double>(1.0e-5f)) return INT32_MAX;
  return static_cast<int>(std::ceil(static_cast<double>(kMaxFlyingTicks) * std::max(0.08 / gravity, 1.0)));
}

PlayerMovement::PlayerMovement(std::string name, GameMode mode, const Vec3& position, float yaw, float pitch)
    : name_(std::move(name)), mode_(GameMode::kSurvival) {
  body_.set_position(position);
  body_.yaw = yaw, body_.pitch = pitch, body_.head_yaw = yaw;
  set_game_mode(mode);
  first_good_ = last_good_ = position;
}

void PlayerMovement::set_game_mode(GameMode mode) {
  mode_ = mode;
  // GameType.updatePlayerAbilities: spectators fly, survival and adventure never do; creative
  // keeps whatever the client chose.
  if (mode == GameMode::kSpectator) body_.flying = true;
  if (mode == GameMode::kSurvival || mode == GameMode::kAdventure) body_.flying = false;
  body_.no_physics = mode == GameMode::kSpectator;
}

void PlayerMovement::handle_input_shift(bool shift) {
  if (client_loaded()) body_.shift_key_down = shift;
}

void PlayerMovement::reset_position() { first_good_ = last_good_ = body_.position; }

void PlayerMovement::snap_to(const Vec3& p, float yaw, float pitch) {
  body_.set_position(Vec3{std::clamp(p.x, -kMaxHorizontal, kMaxHorizontal), p.y, std::clamp(p.z, -kMaxHorizontal, kMaxHorizontal)});
  snap_rotation(yaw, pitch);
}

void PlayerMovement::snap_rotation(float yaw, float pitch) {
  body_.yaw = std::fmod(yaw, 360.0f);
  body_.pitch = std::fmod(std::clamp(pitch, -90.0f, 90.0f), 360.0f);
}

void PlayerMovement::teleported(const Vec3& to, float yaw, float pitch, int32_t id, bool reset) {
  awaiting_teleport_time_ = tick_count_;
  awaiting_id_ = id;
  // Entity.teleportSetPosition with absolute values and zero velocity.
  body_.set_position(to);
  body_.yaw = yaw;
  body_.head_yaw = yaw;
  body_.pitch = std::clamp(pitch, -90.0f, 90.0f);
  body_.velocity = Vec3{};
  awaiting_position_ = body_.position;
  if (reset) {
    reset_position();
    above_ground_tick_count_ = 0;  // resetFlyingTicks
  }
}

bool PlayerMovement::handle_teleport_confirm(int32_t id) {
  if (id != awaiting_id_) return true;  // a stale id is ignored
  if (!awaiting_position_) return false;
  snap_to(*awaiting_position_, body_.yaw, body_.pitch);
  last_good_ = *awaiting_position_;
  awaiting_position_.reset();
  return true;
}

bool PlayerMovement::update_awaiting_teleport(MoveEffects& effects) {
  if (!awaiting_position_) {
    awaiting_teleport_time_ = tick_count_;
    return false;
  }
  if (tick_count_ - awaiting_teleport_time_ > kResendTeleportAfterTicks) {
    awaiting_teleport_time_ = tick_count_;
    effects.teleport(*awaiting_position_, body_.yaw, body_.pitch);
  }
  return true;
}

bool PlayerMovement::should_check_movement(bool gliding, const MoveRules& rules) const {
  if (!rules.player_movement_check) return false;
  return !gliding || rules.elytra_movement_check;
}

bool PlayerMovement::colliding_with_anything_new(const Aabb& old_box, const Vec3& target, const MoveWorld& world) const {
  const Vec3 shift = target - body_.position;
  const Aabb query = body_.box.move(shift).deflate(as_float(1.0e-5));
  CollisionContext ctx = collision_context(body_);
  ctx.placement = true;
  ctx.entity_bottom = old_box.min_y;
  const VoxelShape old_shape = VoxelShape::from_box(old_box.deflate(as_float(1.0e-5)));
  const PlacedShape old_placed{&old_shape};
  return !for_each_block_collision(world.blocks, ctx, query,
                                   [&](const PlacedShape& shape) { return shapes_overlap(shape, old_placed); });
}

bool PlayerMovement::no_blocks_around(const MoveWorld& world) const {
  const Aabb area = body_.box.inflate(as_float(0.0625)).expand_towards(0.0, -0.55, 0.0);
  for (int x = java_floor(area.min_x); x <= java_floor(area.max_x); ++x)
    for (int y = java_floor(area.min_y); y <= java_floor(area.max_y); ++y)
      for (int z = java_floor(area.min_z); z <= java_floor(area.max_z); ++z)
        if (!is_air_or_unloaded_blocker(world, x, y, z)) return false;
  return true;
}

bool PlayerMovement::in_water(const MoveWorld& world) const {
  const Aabb b = body_.box.deflate(0.001);
  for (int x = java_floor(b.min_x); x <= java_floor(b.max_x); ++x)
    for (int y = java_floor(b.min_y); y <= java_floor(b.max_y); ++y)
      for (int z = java_floor(b.min_z); z <= java_floor(b.max_z); ++z)
        if (is_water(world.blocks.block(x, y, z))) return true;
  return false;
}

std::optional<Landing> PlayerMovement::check_fall_damage(double dy, bool on_ground, const MoveWorld& world) {
  const bool water = in_water(world);
  if (!water && dy < 0.0) body_.fall_distance -= static_cast<double>(static_cast<float>(dy));
  if (!on_ground) return std::nullopt;
  std::optional<Landing> landing;
  if (body_.fall_distance > 0.0) {
    // getOnPosLegacy without a supporting block: the block 0.2 below the feet.
    const BlockPos on{java_floor(body_.position.x), java_floor(body_.position.y - 0.2), java_floor(body_.position.z)};
    landing = Landing{body_.fall_distance, world.blocks.block(on.x, on.y, on.z), water, on};
  }
  body_.fall_distance = 0.0;
  return landing;
}

MoveSurroundings PlayerMovement::surroundings(const MoveWorld& world) const {
  MoveSurroundings s;
  s.in_water = in_water(world);
  const double eye_y = body_.position.y + static_cast<double>(pose_eye_height(body_.pose));
  s.eyes_in_water = is_water(world.blocks.block(java_floor(body_.position.x), java_floor(eye_y), java_floor(body_.position.z)));
  s.swimming = s.in_water && body_.pose == Pose::kSwimming;
  const BlockStateId feet =
      world.blocks.block(java_floor(body_.position.x), java_floor(body_.position.y), java_floor(body_.position.z));
  s.on_climbable = !is_spectator() && block_motion(feet).climbable;
  s.on_ground = body_.on_ground;
  s.sprinting = body_.sprinting;
  s.flying = body_.flying;
  return s;
}

MoveResult PlayerMovement::handle_move(const MoveInput& in, const MoveWorld& world, const MoveRules& rules,
                                       MoveEffects& effects) {
  MoveResult result;
  const double px = in.has_position ? in.x : 0.0, py = in.has_position ? in.y : 0.0, pz = in.has_position ? in.z : 0.0;
  const float pyaw = in.has_rotation ? in.yaw : 0.0f, ppitch = in.has_rotation ? in.pitch : 0.0f;
  if (std::isnan(px) || std::isnan(py) || std::isnan(pz) || !std::isfinite(ppitch) || !std::isfinite(pyaw)) {
    result.decision = MoveDecision::kInvalid;
    return result;
  }
  if (tick_count_ == 0) reset_position();
  if (!client_loaded()) return result;  // kIgnored

  const float target_yaw = wrap_degrees(in.has_rotation ? in.yaw : body_.yaw);
  const float target_pitch = wrap_degrees(in.has_rotation ? in.pitch : body_.pitch);
  if (update_awaiting_teleport(effects)) {
    snap_rotation(target_yaw, target_pitch);
    result.decision = MoveDecision::kAwaitingTeleport;
    return result;
  }
  const Vec3 target{std::clamp(in.has_position ? in.x : body_.position.x, -kMaxHorizontal, kMaxHorizontal),
                    std::clamp(in.has_position ? in.y : body_.position.y, -kMaxVertical, kMaxVertical),
                    std::clamp(in.has_position ? in.z : body_.position.z, -kMaxHorizontal, kMaxHorizontal)};
  const Vec3 start = body_.position;
  Vec3 d = target - first_good_;
  const double moved_sqr = d.x * d.x + d.y * d.y + d.z * d.z;
  const double expected_sqr = length_sqr(body_.velocity);
  const bool gliding = body_.fall_flying;

  if (rules.runs_normally) {
    ++received_move_packets_;
    int packets = received_move_packets_ - known_move_packets_;
    if (packets > 5) packets = 1;  // vanilla's allowance collapses to one packet's worth
    if (should_check_movement(gliding, rules)) {
      const float limit = (gliding ? 300.0f : 100.0f) * static_cast<float>(packets);
      if (moved_sqr - expected_sqr > static_cast<double>(limit)) {
        effects.warn(name_ + " moved too quickly! " + java_double_to_string(d.x) + "," + java_double_to_string(d.y) + "," +
                     java_double_to_string(d.z));
        effects.teleport(body_.position, body_.yaw, body_.pitch);
        result.decision = MoveDecision::kTooQuickly;
        return result;
      }
    }
  }

  const Aabb old_box = body_.box;
  d = target - last_good_;
  const bool moved_up = d.y > 0.0;
  if (body_.on_ground && !in.on_ground && moved_up) {
    jump_from_ground(body_, world);
    result.jumped = true;
    result.jumped_sprinting = body_.sprinting;
  }
  const bool stood_on_something = body_.vertical_collision_below;
  move_player(body_, MoverType::kPlayer, d, world);
  const double client_dy = d.y;
  // Vanilla zeroes the vertical error under a condition every number meets: only x and z count.
  const double ex = target.x - body_.position.x;
  const double ez = target.z - body_.position.z;
  const double error_sqr = ex * ex + 0.0 * 0.0 + ez * ez;
  const bool wrong = error_sqr > kWronglyThresholdSqr && !is_creative() && !is_spectator();
  if (wrong) {
    effects.warn(name_ + " moved wrongly!");
    result.logged_wrongly = true;
  }

  const bool blocked_wrongly = wrong && player_no_collision(body_, old_box, world);
  const bool accept = body_.no_physics || (!blocked_wrongly && !colliding_with_anything_new(old_box, target, world));
  if (!accept) {
    effects.teleport(start, target_yaw, target_pitch);
    result.landing = check_fall_damage(body_.position.y - start.y, in.on_ground, world);
    result.decision = blocked_wrongly ? MoveDecision::kWrongly : MoveDecision::kCollidingNew;
    return result;
  }
  snap_to(target, target_yaw, target_pitch);
  client_is_floating_ = client_dy >= static_cast<double>(-0.03125f) && !stood_on_something && !is_spectator() &&
                        !rules.allow_flight && !may_fly() && !gliding && no_blocks_around(world);
  const Vec3 client_delta = body_.position - start;
  body_.on_ground = in.on_ground;
  body_.horizontal_collision = in.horizontal_collision;
  result.landing = check_fall_damage(client_delta.y, in.on_ground, world);
  if (moved_up) body_.fall_distance = 0.0;
  result.moved = client_delta;
  known_movement_ = client_delta;  // handlePlayerKnownMovement
  received_movement_this_tick_ = true;
  result.surroundings = surroundings(world);
  last_good_ = body_.position;
  result.decision = MoveDecision::kAccepted;
  return result;
}

void PlayerMovement::client_tick_end() {
  if (!received_movement_this_tick_) known_movement_ = Vec3{};
  received_movement_this_tick_ = false;
}

TickResult PlayerMovement::tick(const MoveWorld& world, const MoveRules& rules, MoveEffects& effects) {
  (void)rules;
  reset_position();
  const bool skip_physics = is_spectator() && !world.blocks.is_chunk_loaded(java_floor(body_.position.x) >> 4,
                                                                            java_floor(body_.position.z) >> 4);
  if (!skip_physics) tick_player_physics(body_, world, is_spectator());
  snap_to(first_good_, body_.yaw, body_.pitch);
  swing_.tick();  // Player.aiStep, after the travel
  ++tick_count_;
  known_move_packets_ = received_move_packets_;
  if (client_is_floating_) {
    if (++above_ground_tick_count_ > maximum_flying_ticks()) {
      effects.warn(name_ + " was kicked for floating too long!");
      return TickResult::kKickedForFloating;
    }
  } else {
    above_ground_tick_count_ = 0;
  }
  return TickResult::kNormal;
}

uint64_t PlayerMovement::hash() const {
  Hasher h;
  h.f64(body_.position.x), h.f64(body_.position.y), h.f64(body_.position.z);
  h.f64(body_.velocity.x), h.f64(body_.velocity.y), h.f64(body_.velocity.z);
  h.f32(body_.yaw), h.f32(body_.pitch), h.f64(body_.fall_distance);
  h.u64(static_cast<uint64_t>(body_.pose));
  h.u64((body_.on_ground ? 1u : 0u) | (body_.vertical_collision_below ? 2u : 0u) | (body_.shift_key_down ? 4u : 0u) |
        (body_.flying ? 8u : 0u) | (client_is_floating_ ? 16u : 0u));
  h.i64(tick_count_), h.i64(awaiting_id_), h.i64(awaiting_teleport_time_), h.u64(awaiting_position_.has_value());
  h.i64(above_ground_tick_count_), h.i64(received_move_packets_), h.i64(known_move_packets_), h.i64(client_loaded_timer_);
  h.u64(waiting_for_respawn_);
  h.f64(first_good_.x), h.f64(first_good_.y), h.f64(first_good_.z);
  h.f64(last_good_.x), h.f64(last_good_.y), h.f64(last_good_.z);
  h.u64(swing_.swinging), h.i64(swing_.time);
  h.f64(known_movement_.x), h.f64(known_movement_.y), h.f64(known_movement_.z), h.u64(received_movement_this_tick_);
  return h.digest();
}

}  // namespace hz
