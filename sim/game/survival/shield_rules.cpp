#include "sim/game/survival/shield_rules.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "sim/core/java_format.h"
#include "sim/core/java_math.h"
#include "sim/data/catalog.h"
#include "sim/data/tag_lookup.h"

namespace hz {

namespace {

constexpr float kAxeDisableSeconds = 5.0f;  // Item.Properties.axe's disableBlockingSeconds

int32_t item_named(std::string_view name) {
  const std::optional<int> id = item_id(name);
  return id ? *id : -1;
}

}  // namespace

const BlocksAttacks* blocks_attacks_of(int32_t item) {
  static const int32_t shield = item_named("shield");
  static const BlocksAttacks kShield;
  return item == shield && item >= 0 ? &kShield : nullptr;
}

int block_delay_ticks(const BlocksAttacks& blocks) { return java_round_f(blocks.block_delay_seconds * 20.0f); }

bool blocks_after(const BlocksAttacks& blocks, int use_remaining) {
  return kBlockingUseDuration - use_remaining >= block_delay_ticks(blocks);
}

double blocking_angle(const Vec3& position, float head_yaw, const std::optional<Vec3>& source) {
  if (!source) return std::numbers::pi_v<float>;  // (double)(float)Math.PI
  // calculateViewVector(0, yHeadRot): level, so only the yaw's sine and cosine matter.
  const float yaw_radians = -head_yaw * (std::numbers::pi_v<float> / 180.0f);
  const double view_x = static_cast<double>(table_sin(static_cast<double>(yaw_radians)) * table_cos(0.0));
  const double view_z = static_cast<double>(table_cos(static_cast<double>(yaw_radians)) * table_cos(0.0));
  double to_x = source->x - position.x, to_z = source->z - position.z;
  const double length = std::sqrt(to_x * to_x + to_z * to_z);
  if (length < static_cast<double>(1.0e-5f)) to_x = to_z = 0.0;  // Vec3.normalize gives ZERO
  else to_x /= length, to_z /= length;
  return std::acos(to_x * view_x + to_z * view_z);
}

bool bypasses_shield(DamageCause kind) {
  return damage_type(kind).bypasses_armor || kind == DamageCause::kInFire || kind == DamageCause::kLava;
}

float blocked_damage(const BlocksAttacks& blocks, float damage, double angle) {
  const float limit = std::numbers::pi_v<float> / 180.0f * blocks.horizontal_blocking_angle;
  float blocked = 0.0f;
  if (angle <= static_cast<double>(limit))
    blocked += std::clamp(blocks.reduction_base + blocks.reduction_factor * damage, 0.0f, damage);
  return std::clamp(blocked, 0.0f, damage);
}

int shield_wear(const BlocksAttacks& blocks, float blocked) {
  if (blocked < blocks.item_damage_threshold) return 0;
  return java_floor(static_cast<double>(blocks.item_damage_base + blocks.item_damage_factor * blocked));
}

int disable_ticks(const BlocksAttacks& blocks, float seconds) {
  const float scaled = seconds * blocks.disable_cooldown_scale;
  return scaled > 0.0f ? java_round_f(scaled * 20.0f) : 0;
}

float disable_blocking_seconds(const ItemStack& weapon) {
  return !weapon.empty() && item_in_tag(weapon.item, "minecraft:axes") ? kAxeDisableSeconds : 0.0f;
}

bool protects_from_death(int32_t item) {
  static const int32_t totem = item_named("totem_of_undying");
  return item == totem && item >= 0;
}

}  // namespace hz
