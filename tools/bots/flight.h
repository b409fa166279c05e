// Where a bot flies: a cruise altitude 24 blocks above spawn, then either random points within
// 48 blocks of spawn (walk) or a straight line outwards (explore), one step per client tick.
#pragma once

#include <cstdint>
#include <random>

#include "tools/bots/options.h"

namespace hz::bots {

struct Vec3d {
  double x = 0, y = 0, z = 0;
};

inline constexpr double kCruiseHeight = 24.0;   // blocks above spawn
inline constexpr double kWalkRadius = 48.0;     // blocks around spawn
inline constexpr double kMinClimbSpeed = 5.6;   // blocks a second while reaching the cruise height
inline constexpr int kMovesPerSecond = 20;      // one move per client tick

struct FlightStep {
  Vec3d position;
  float yaw = 0;      // Minecraft degrees: 0 faces +z, 90 faces -x
  bool turned = false;  // the yaw differs from the previous step's
};

class Flight {
 public:
  // `heading` (radians, for explore) and `seed` (for walk targets) make each bot's path its own.
  Flight(Behaviour behaviour, double speed, Vec3d spawn, double heading, uint64_t seed);

  FlightStep step(const Vec3d& from);
  double cruise_y() const { return spawn_.y + kCruiseHeight; }
  const Vec3d& walk_target() const { return target_; }

 private:
  Vec3d horizontal_direction(const Vec3d& from);
  void pick_walk_target();
  FlightStep finish(const Vec3d& to, double dx, double dz);

  Behaviour behaviour_;
  double step_length_;
  double climb_length_;
  Vec3d spawn_;
  double heading_;
  std::mt19937_64 rng_;
  Vec3d target_;
  float last_yaw_ = 0;
  bool has_yaw_ = false;
};

// Minecraft's yaw for a horizontal direction.
float yaw_towards(double dx, double dz);

// An even spread of explore headings for any number of bots: the golden angle times the index.
double explore_heading(int bot_index);

}  // namespace hz::bots
