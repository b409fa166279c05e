// The server's physical model of a player: position and box per pose (float sizes widened to
// double as vanilla does), velocity, collision flags, fall distance and the inputs that change
// how it moves (shift, sprint, flying, gliding, spectator).
#pragma once

#include <cstdint>

#include "sim/game/movement/aabb.h"

namespace hz {

enum class Pose : uint8_t { kStanding, kCrouching, kSwimming, kFallFlying, kSpinAttack, kSleeping, kDying };

struct PoseSize {
  float width;
  float height;
};

// Avatar.POSES for players at scale 1.
inline PoseSize pose_size(Pose pose) {
  switch (pose) {
    case Pose::kCrouching: return {0.6f, 1.5f};
    case Pose::kSwimming:
    case Pose::kFallFlying:
    case Pose::kSpinAttack: return {0.6f, 0.6f};
    case Pose::kSleeping:
    case Pose::kDying: return {0.2f, 0.2f};
    default: return {0.6f, 1.8f};
  }
}

// Avatar's eye heights per pose.
inline float pose_eye_height(Pose pose) {
  switch (pose) {
    case Pose::kCrouching: return 1.27f;
    case Pose::kSwimming:
    case Pose::kFallFlying:
    case Pose::kSpinAttack: return 0.4f;
    case Pose::kSleeping:
    case Pose::kDying: return 0.2f;
    default: return kStandingEyeHeight;
  }
}

// EntityDimensions.makeBoundingBox: half the width in float, both widened to double.
inline Aabb make_player_box(const Vec3& p, Pose pose) {
  const PoseSize size = pose_size(pose);
  const float half = size.width / 2.0f;
  const double w = static_cast<double>(half);
  const double h = static_cast<double>(size.height);
  return Aabb{p.x - w, p.y, p.z - w, p.x + w, p.y + h, p.z + w};
}

struct PlayerBody {
  Vec3 position;
  Aabb box = make_player_box({}, Pose::kStanding);
  Pose pose = Pose::kStanding;
  Vec3 velocity;          // deltaMovement
  Vec3 stuck_multiplier;  // set by cobwebs and the like, used by the next move
  double fall_distance = 0;
  bool on_ground = false;
  bool horizontal_collision = false;
  bool vertical_collision = false;
  bool vertical_collision_below = false;
  // Inputs and abilities.
  bool shift_key_down = false;
  bool sprinting = false;
  bool flying = false;      // abilities.flying
  bool fall_flying = false;  // gliding with an elytra
  bool no_physics = false;  // spectators
  float yaw = 0, pitch = 0, head_yaw = 0;
  // Entity.needsSync: the velocity changed in a way other players must hear about (a jump);
  // entity tracking sends it with the next update and clears it.
  bool needs_sync = false;

  template <class Io>
  void state_fields(Io& io) {
    io(position, box, pose, velocity, stuck_multiplier, fall_distance, on_ground, horizontal_collision,
       vertical_collision, vertical_collision_below, shift_key_down, sprinting, flying, fall_flying, no_physics, yaw,
       pitch, head_yaw, needs_sync);
  }

  // Entity.setPos: the box is always rebuilt from the position and the pose.
  void set_position(const Vec3& p) {
    position = p;
    box = make_player_box(p, pose);
  }
  void set_pose(Pose p) {
    pose = p;
    box = make_player_box(position, pose);
  }
};

// The player's step height (the step_height attribute, read as a float).
inline constexpr float kMaxUpStep = 0.6f;

}  // namespace hz
