#include "sim/game/mobs/combat_rules.h"

#include <algorithm>
#include <cmath>

namespace hz::combat {

namespace {

struct WeaponEntry {
  std::string_view name;
  Weapon weapon;
};

// Attribute modifiers of swords and axes (Item.Properties.sword / AxeItem with the tool material's
// damage bonus), added to the player's base of 1 damage and 4 attacks a second.
constexpr WeaponEntry kWeapons[] = {
    {"wooden_sword", {4.0f, 1.6}},    {"stone_sword", {5.0f, 1.6}},     {"copper_sword", {5.0f, 1.6}},
    {"iron_sword", {6.0f, 1.6}},      {"golden_sword", {4.0f, 1.6}},    {"diamond_sword", {7.0f, 1.6}},
    {"netherite_sword", {8.0f, 1.6}}, {"wooden_axe", {7.0f, 0.8}},      {"stone_axe", {9.0f, 0.8}},
    {"copper_axe", {9.0f, 0.8}},      {"iron_axe", {9.0f, 0.9}},        {"golden_axe", {7.0f, 1.0}},
    {"diamond_axe", {9.0f, 1.0}},     {"netherite_axe", {10.0f, 1.0}},
};

}  // namespace

Weapon weapon_of(std::string_view item_name) {
  if (item_name.starts_with("minecraft:")) item_name.remove_prefix(10);
  for (const WeaponEntry& entry : kWeapons)
    if (entry.name == item_name) return entry.weapon;
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
  out.knockback_attack = input.sprinting && full;
  out.critical = full && input.fall_distance > 0.0 && !input.on_ground && !input.in_water && !input.sprinting;
  if (out.critical) damage *= 1.5f;
  out.damage = damage;
  return out;
}

float damage_after_armor(float damage, float armor) {
  // toughness 0: the armour counts at least a fifth of itself, at most 20 points.
  const float effective = std::clamp(armor - damage / 2.0f, armor * 0.2f, 20.0f);
  return damage * (1.0f - effective / 25.0f);
}

Vec3 knockback(const Vec3& velocity, bool on_ground, double power, double xd, double zd, Rng& random) {
  if (power <= 0.0) return velocity;
  while (xd * xd + zd * zd < static_cast<double>(1.0e-5f)) {
    xd = (random.next_double() - random.next_double()) * 0.01;
    zd = (random.next_double() - random.next_double()) * 0.01;
  }
  const double length = std::sqrt(xd * xd + zd * zd);
  const double kx = xd / length * power, kz = zd / length * power;
  return Vec3{velocity.x / 2.0 - kx, on_ground ? std::min(0.4, velocity.y / 2.0 + power) : velocity.y,
              velocity.z / 2.0 - kz};
}

}  // namespace hz::combat
