// Melee combat as pure functions (docs/rules/combat.md): a player's attack strength, damage and
// critical hits from the held weapon, armour, and LivingEntity.knockback's velocity change.
#pragma once

#include <string_view>

#include "sim/core/rng.h"
#include "sim/core/types.h"
#include "sim/game/player.h"

namespace hz::combat {

// Player.attack's numbers for a fist: the attack_damage and attack_speed attributes' bases.
inline constexpr float kFistDamage = 1.0f;
inline constexpr double kFistAttackSpeed = 4.0;
// Entity interaction range (the attribute's base) and the server's tolerance beyond it.
inline constexpr double kEntityInteractionRange = 3.0;
inline constexpr double kInteractionTolerance = 3.0;
// LivingEntity.hurtServer's knockback strength from an attacker (a float widened, as vanilla's).
inline constexpr double kHurtKnockback = static_cast<double>(0.4f);

struct Weapon {
  float damage = kFistDamage;           // attack_damage with the item's modifier
  double attack_speed = kFistAttackSpeed;
};

// The weapon a held item makes (swords, axes, pickaxes, shovels, hoes and the trident by their
// attribute modifiers; anything else is a fist).
Weapon weapon_of(std::string_view item_name);

// Player.getCurrentItemAttackStrengthDelay: ticks for a full swing.
float attack_strength_delay(double attack_speed);
// Player.getAttackStrengthScale(0.5): how charged the swing is, 0..1.
float attack_strength_scale(int attack_strength_ticker, double attack_speed);

struct AttackInput {
  Weapon weapon;
  int attack_strength_ticker = 0;
  bool sprinting = false;
  // Player.canCriticalAttack's state: falling, not on the ground, not climbing, not in water.
  double fall_distance = 0;
  bool on_ground = true;
  bool in_water = false;
  // Player.isSweepAttack's state: a sword in the main hand, and the known movement's horizontal
  // length squared (ServerPlayer.getKnownMovement).
  bool sword = false;
  double known_horizontal_sqr = 0;
};

struct AttackOutcome {
  float damage = 0;            // before the target's armour
  bool critical = false;
  bool knockback_attack = false;  // a sprinting full-strength hit: 0.5 more knockback
  bool sweep = false;             // a sword's full-strength hit from the ground at walking pace
  float strength = 0;           // the attack strength scale
  bool full_strength = false;   // strength above 0.9: the strong hit's sound
};

// The movement speed attribute's base (Player.getSpeed when not sprinting) and the sweep's
// damage before the attack strength (1 + sweeping_damage_ratio × damage, the ratio 0 without
// Sweeping Edge).
inline constexpr float kPlayerMovementSpeed = 0.1f;
inline constexpr float kSweepDamage = 1.0f;
// doSweepAttack: who is near enough the target (its box grown by these) and the attacker.
inline constexpr double kSweepReachX = 1.0, kSweepReachY = 0.25, kSweepReachZ = 1.0;
inline constexpr double kSweepMaxDistanceSqr = 9.0;

// Player.attack's damage decision.
AttackOutcome player_attack(const AttackInput& input);

// LivingEntity.knockback: the new velocity for `power` towards -(xd, zd); draws from `random`
// only when the direction is (almost) zero, as vanilla does.
Vec3 knockback(const Vec3& velocity, bool on_ground, double power, double xd, double zd, Rng& random);
// The same along a direction known to be long enough (xd² + zd² ≥ 1e-5F), which draws nothing.
Vec3 knockback_along(const Vec3& velocity, bool on_ground, double power, double xd, double zd);

}  // namespace hz::combat
