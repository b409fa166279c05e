// Bot flight paths: climb to the cruise height, then walk or explore at a fixed speed.
#include "tools/bots/flight.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hz::bots {

float yaw_towards(double dx, double dz) {
  return static_cast<float>(-std::atan2(dx, dz) * 180.0 / std::numbers::pi);
}

double explore_heading(int bot_index) {
  const double golden_angle = std::numbers::pi * (3.0 - std::sqrt(5.0));
  return std::fmod(golden_angle * bot_index, 2.0 * std::numbers::pi);
}

Flight::Flight(Behaviour behaviour, double speed, Vec3d spawn, double heading, uint64_t seed)
    : behaviour_(behaviour),
      step_length_(speed / kMovesPerSecond),
      climb_length_(std::max(speed, kMinClimbSpeed) / kMovesPerSecond),
      spawn_(spawn),
      heading_(heading),
      rng_(seed) {
  pick_walk_target();
}

void Flight::pick_walk_target() {
  // Uniform over the disc: the radius goes with the square root of a uniform number.
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  double r = kWalkRadius * std::sqrt(unit(rng_));
  double angle = 2.0 * std::numbers::pi * unit(rng_);
  target_ = {spawn_.x + r * std::cos(angle), cruise_y(), spawn_.z + r * std::sin(angle)};
}

FlightStep Flight::finish(const Vec3d& to, double dx, double dz) {
  FlightStep s;
  s.position = to;
  s.yaw = (dx == 0 && dz == 0 && has_yaw_) ? last_yaw_ : yaw_towards(dx, dz);
  s.turned = !has_yaw_ || s.yaw != last_yaw_;
  last_yaw_ = s.yaw;
  has_yaw_ = true;
  return s;
}

FlightStep Flight::step(const Vec3d& from) {
  double climb = cruise_y() - from.y;
  if (std::abs(climb) > 1e-9) {
    Vec3d to = from;
    to.y = std::abs(climb) <= climb_length_ ? cruise_y() : from.y + std::copysign(climb_length_, climb);
    return finish(to, 0, 0);
  }
  double dx, dz;
  if (behaviour_ == Behaviour::kExplore) {
    dx = -std::sin(heading_) * step_length_;
    dz = std::cos(heading_) * step_length_;
  } else {
    double tx = target_.x - from.x, tz = target_.z - from.z;
    double left = std::hypot(tx, tz);
    if (left <= step_length_) {
      Vec3d arrived{target_.x, from.y, target_.z};
      pick_walk_target();
      return finish(arrived, tx, tz);
    }
    dx = tx / left * step_length_;
    dz = tz / left * step_length_;
  }
  return finish({from.x + dx, from.y, from.z + dz}, dx, dz);
}

}  // namespace hz::bots
