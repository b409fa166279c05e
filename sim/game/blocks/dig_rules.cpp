#include "sim/game/blocks/dig_rules.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "sim/game/entities/tool_rules.h"
#include "sim/game/items/enchantments.h"

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

double mining_efficiency(const ItemStack& main_hand) {
  static const std::optional<int32_t> efficiency = enchantment_id("efficiency");
  for (const EnchantmentLevel& e : main_hand.enchantments) {
    if (!efficiency || e.id != *efficiency || e.level <= 0) continue;
    const double level = e.level;
    return std::clamp(level * level + 1.0, 0.0, kMaxMiningEfficiency);
  }
  return 0.0;
}

double submerged_mining_speed(int aqua_affinity) {
  // An add_multiplied_total modifier of 4 per level on the base 0.2.
  const double modifier = aqua_affinity > 0 ? 4.0 * aqua_affinity : 0.0;
  return std::clamp(kSubmergedSpeed * (1.0 + modifier), 0.0, kMaxSubmergedSpeed);
}

float destroy_speed(BlockStateId state, const Digger& digger) {
  float speed = tool_mining_speed(state, digger.main_hand);
  if (speed > 1.0f) speed += static_cast<float>(mining_efficiency(digger.main_hand));
  if (digger.eyes_in_water) speed *= static_cast<float>(submerged_mining_speed(digger.aqua_affinity));
  if (!digger.on_ground) speed /= kAirborneDivisor;
  return speed;
}

float destroy_progress(BlockStateId state, const Digger& digger) {
  const BlockInfo& block = block_info(block_of_state(state));
  if (block.hardness == -1.0f) return 0.0f;
  const float divisor = has_correct_tool_for_drops(state, digger.main_hand) ? kCorrectToolDivisor : kWrongToolDivisor;
  return destroy_speed(state, digger) / block.hardness / divisor;
}

bool under_spawn_protection(const BlockPos& block, int spawn_x, int spawn_z, int radius, bool server_has_ops,
                            bool player_is_op) {
  if (!server_has_ops || player_is_op || radius <= 0) return false;
  return std::max(std::abs(block.x - spawn_x), std::abs(block.z - spawn_z)) <= radius;
}

}  // namespace hz::dig_rules
