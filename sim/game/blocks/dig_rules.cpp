#include "sim/game/blocks/dig_rules.h"

#include <algorithm>
#include <cstdlib>

namespace hz::dig_rules {

namespace {

// Distance from v to the interval [lo, lo + 1], 0 inside it.
double outside(double v, double lo) {
  if (v < lo) return lo - v;
  if (v > lo + 1) return v - (lo + 1);
  return 0;
}

}  // namespace

bool within_reach(const Vec3& eye, const BlockPos& block, double range) {
  const double dx = outside(eye.x, block.x), dy = outside(eye.y, block.y), dz = outside(eye.z, block.z);
  const double limit = range + kReachTolerance;
  return dx * dx + dy * dy + dz * dz < limit * limit;
}

float destroy_progress(BlockStateId state, const Digger& digger) {
  const BlockInfo& block = block_info(block_of_state(state));
  if (block.hardness == -1.0f) return 0.0f;
  float speed = 1.0f;  // an empty hand
  if (digger.eyes_in_water) speed *= kSubmergedSpeed;
  if (!digger.on_ground) speed /= kAirborneDivisor;
  // With an empty hand the tool is correct only for blocks that need none.
  const float divisor = block.requires_tool ? 100.0f : 30.0f;
  return speed / block.hardness / divisor;
}

bool under_spawn_protection(const BlockPos& block, int spawn_x, int spawn_z, int radius, bool server_has_ops,
                            bool player_is_op) {
  if (!server_has_ops || player_is_op || radius <= 0) return false;
  return std::max(std::abs(block.x - spawn_x), std::abs(block.z - spawn_z)) <= radius;
}

}  // namespace hz::dig_rules
