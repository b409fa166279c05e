#include "sim/game/blocks/directions.h"

#include <cmath>

#include "sim/core/java_format.h"
#include "sim/core/java_math.h"

namespace hz {

namespace {


constexpr Step kSteps[6] = {{0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}, {-1, 0, 0}, {1, 0, 0}};

int index(Dir d) { return static_cast<int>(d); }

std::array<Dir, 6> make_order(Dir a, Dir b, Dir c) { return {a, b, c, opposite(c), opposite(b), opposite(a)}; }

}  // namespace

Step step_of(Dir d) { return kSteps[index(d)]; }

Dir opposite(Dir d) {
  static constexpr Dir kOpposite[6] = {Dir::kUp, Dir::kDown, Dir::kSouth, Dir::kNorth, Dir::kEast, Dir::kWest};
  return kOpposite[index(d)];
}

bool is_horizontal(Dir d) { return d != Dir::kUp && d != Dir::kDown; }

char axis_of(Dir d) {
  static constexpr char kAxis[6] = {'y', 'y', 'z', 'z', 'x', 'x'};
  return kAxis[index(d)];
}

Dir clockwise(Dir d) {
  static constexpr Dir kTurn[6] = {Dir::kDown, Dir::kUp, Dir::kEast, Dir::kWest, Dir::kNorth, Dir::kSouth};
  return kTurn[index(d)];
}

Dir counter_clockwise(Dir d) { return opposite(clockwise(d)); }

const char* dir_name(Dir d) {
  static constexpr const char* kNames[6] = {"down", "up", "north", "south", "west", "east"};
  return kNames[index(d)];
}

BlockPos relative(const BlockPos& pos, Dir d) {
  const Step s = step_of(d);
  return BlockPos{pos.x + s.x, pos.y + s.y, pos.z + s.z};
}

Dir horizontal_from_yaw(float yaw) {
  static constexpr Dir kByValue[4] = {Dir::kSouth, Dir::kWest, Dir::kNorth, Dir::kEast};
  return kByValue[java_floor(static_cast<double>(yaw) / 90.0 + 0.5) & 3];
}

std::array<Dir, 6> nearest_looking_directions(float yaw, float pitch) {
  const float x_rot = pitch * kDegreesToRadians;
  const float y_rot = -yaw * kDegreesToRadians;
  const float pitch_sin = table_sin(x_rot), pitch_cos = table_cos(x_rot);
  const float yaw_sin = table_sin(y_rot), yaw_cos = table_cos(y_rot);
  const bool x_pos = yaw_sin > 0.0f, y_pos = pitch_sin < 0.0f, z_pos = yaw_cos > 0.0f;
  const float x_yaw = x_pos ? yaw_sin : -yaw_sin;
  const float y_mag = y_pos ? -pitch_sin : pitch_sin;
  const float z_yaw = z_pos ? yaw_cos : -yaw_cos;
  const float x_mag = x_yaw * pitch_cos, z_mag = z_yaw * pitch_cos;
  const Dir ax = x_pos ? Dir::kEast : Dir::kWest;
  const Dir ay = y_pos ? Dir::kUp : Dir::kDown;
  const Dir az = z_pos ? Dir::kSouth : Dir::kNorth;
  if (x_yaw > z_yaw) {
    if (y_mag > x_mag) return make_order(ay, ax, az);
    return z_mag > y_mag ? make_order(ax, az, ay) : make_order(ax, ay, az);
  }
  if (y_mag > z_mag) return make_order(ay, az, ax);
  return x_mag > y_mag ? make_order(az, ax, ay) : make_order(az, ay, ax);
}

Dir facing_of(BlockStateId state) {
  const std::string_view facing = state_property(state, "facing");
  for (Dir d : {Dir::kDown, Dir::kUp, Dir::kNorth, Dir::kSouth, Dir::kWest, Dir::kEast})
    if (facing == dir_name(d)) return d;
  return Dir::kNorth;
}

}  // namespace hz
