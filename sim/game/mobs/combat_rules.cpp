#include "sim/game/mobs/combat_rules.h"

#include <algorithm>
#include <cmath>

#include "sim/core/check.h"

namespace hz::combat {

namespace {

struct WeaponEntry {
  std::string_view name;
  float damage_modifier;  // added to the attack_damage base of 1
  float speed_modifier;   // added to the attack_speed base of 4
};

// The main-hand attribute modifiers of Items.java: swords (3 + the material's bonus, -2.4), axes
// and shovels (AxeItem / ShovelItem with the material's bonus), pickaxes (1 + bonus, -2.8), hoes
// (their own damage cancelling the bonus, speeds -3 to 0) and the trident (8, -2.9). The
// materials' bonuses: wood and gold 0, stone and copper 1, iron 2, diamond 3, netherite 4.
constexpr WeaponEntry kWeapons[] = {
    {"wooden_sword", 3.0f, -2.4f},     {"stone_sword", 4.0f, -2.4f},      {"copper_sword", 4.0f, -2.4f},
    {"iron_sword", 5.0f, -2.4f},       {"golden_sword", 3.0f, -2.4f},     {"diamond_sword", 6.0f, -2.4f},
    {"netherite_sword", 7.0f, -2.4f},  {"wooden_axe", 6.0f, -3.2f},       {"stone_axe", 8.0f, -3.2f},
    {"copper_axe", 8.0f, -3.2f},       {"iron_axe", 8.0f, -3.1f},         {"golden_axe", 6.0f, -3.0f},
    {"diamond_axe", 8.0f, -3.0f},      {"netherite_axe", 9.0f, -3.0f},    {"wooden_pickaxe", 1.0f, -2.8f},
    {"stone_pickaxe", 2.0f, -2.8f},    {"copper_pickaxe", 2.0f, -2.8f},   {"iron_pickaxe", 3.0f, -2.8f},
    {"golden_pickaxe", 1.0f, -2.8f},   {"diamond_pickaxe", 4.0f, -2.8f},  {"netherite_pickaxe", 5.0f, -2.8f},
    {"wooden_shovel", 1.5f, -3.0f},    {"stone_shovel", 2.5f, -3.0f},     {"copper_shovel", 2.5f, -3.0f},
    {"iron_shovel", 3.5f, -3.0f},      {"golden_shovel", 1.5f, -3.0f},    {"diamond_shovel", 4.5f, -3.0f},
    {"netherite_shovel", 5.5f, -3.0f}, {"wooden_hoe", 0.0f, -3.0f},       {"stone_hoe", 0.0f, -2.0f},
    {"copper_hoe", 0.0f, -2.0f},       {"iron_hoe", 0.0f, -1.0f},         {"golden_hoe", 0.0f, -3.0f},
    {"diamond_hoe", 0.0f, 0.0f},       {"netherite_hoe", 0.0f, 0.0f},     {"trident", 8.0f, -2.9f},
};

}  // namespace

Weapon weapon_of(std::string_view item_name) {
  if (item_name.starts_with("minecraft:")) item_name.remove_prefix(10);
  for (const WeaponEntry& entry : kWeapons)
    if (entry.name == item_name) {
      // AttributeModifier amounts are doubles made from these floats; the damage is read back
      // as a float.
      return Weapon{static_cast<float>(1.0 + static_cast<double>(entry.damage_modifier)),
                    kFistAttackSpeed + static_cast<double>(entry.speed_modifier)};
    }
  return Weapon{};
}

float attack_strength_delay(double attack_speed) { return static_cast<float>(1.0 / attack_speed * 20.0); }

float attack_strength_scale(int ticker, double attack_speed) {
  return std::clamp((static_cast<float>(ticker) + 0.5f) / attack_strength_delay(attack_speed), 0.0f, 1.0f);
}

AttackOutcome player_attack(const AttackInput& input) {
  AttackOutcome out;
  out.strength = attack_strength_scale(input.attack_strength_ticker, input.weapon.attack_speed);
  float damage = input.weapon.damage * (0.2f + out.strength * out.strength * 0.8f);
  const bool full = out.strength > 0.9f;
  out.full_strength = full;
  out.knockback_attack = input.sprinting && full;
  out.critical = full && input.fall_distance > 0.0 && !input.on_ground && !input.in_water && !input.sprinting;
  if (out.critical) damage *= 1.5f;
  out.damage = damage;
  // isSweepAttack: full strength, neither critical nor knockback, on the ground, slower than
  // 2.5 times the movement speed, with a sword.
  if (full && !out.critical && !out.knockback_attack && input.on_ground && input.sword) {
    const double max_speed = static_cast<double>(kPlayerMovementSpeed) * static_cast<double>(2.5f);
    out.sweep = input.known_horizontal_sqr < max_speed * max_speed;
  }
  return out;
}

Vec3 knockback(const Vec3& velocity, bool on_ground, double power, double xd, double zd, Rng& random) {
  if (power <= 0.0) return velocity;
  while (xd * xd + zd * zd < static_cast<double>(1.0e-5f)) {
    xd = (random.next_double() - random.next_double()) * 0.01;
    zd = (random.next_double() - random.next_double()) * 0.01;
  }
  return knockback_along(velocity, on_ground, power, xd, zd);
}

Vec3 knockback_along(const Vec3& velocity, bool on_ground, double power, double xd, double zd) {
  HZ_CHECK(xd * xd + zd * zd >= static_cast<double>(1.0e-5f), "knockback along a direction too short to normalise");
  if (power <= 0.0) return velocity;
  const double length = std::sqrt(xd * xd + zd * zd);
  const double kx = xd / length * power, kz = zd / length * power;
  return Vec3{velocity.x / 2.0 - kx, on_ground ? std::min(0.4, velocity.y / 2.0 + power) : velocity.y,
              velocity.z / 2.0 - kz};
}

}  // namespace hz::combat
