// Vanilla's damage decisions for a player as pure functions (docs/rules/health.md §3): the damage
// types Horizon deals, immunities, difficulty scaling and the 20-tick invulnerability window.
#pragma once

#include <cstdint>
#include <string_view>

#include "sim/core/properties.h"

namespace hz {

struct BlocksAttacks;  // shield_rules.h

// The damage types Horizon deals so far (vanilla's damage_type registry entries).
enum class DamageCause : uint8_t {
  kGeneric,
  kGenericKill,
  kFall,
  kOutOfWorld,
  kStarve,
  kMobAttack,
  kExplosion,        // an explosion without a living cause
  kPlayerExplosion,  // an explosion a living entity caused (a creeper): "explosion.player"
  kArrow,
  kPlayerAttack,     // a player's melee hit
  kInFire,           // standing in a fire block
  kLava,             // touching lava
  kOnFire,           // burning (the remaining fire ticks)
  kMagic,            // poison and instant damage
  kThorns,           // a Thorns piece striking back at the attacker
};

// What vanilla's damage-type JSON and tags say about one kind.
struct DamageTypeInfo {
  std::string_view registry_name;  // "minecraft:fall"
  std::string_view message_id;     // death.attack.<message_id>
  float exhaustion;                // food exhaustion the hit costs
  bool bypasses_invulnerability;   // tag bypasses_invulnerability: hurts creative and spectators
  bool is_fall;                    // tag is_fall: the fall_damage game rule, fall death messages
  bool scales_with_difficulty;     // the caused-by-a-living-non-player scaling of mob attacks
  bool bypasses_armor;             // tag bypasses_armor: armour neither softens it nor wears
  bool bypasses_effects;           // tag bypasses_effects: no resistance, no protection enchantments
  bool is_explosion;               // tag is_explosion: blast protection
  bool is_projectile;              // tag is_projectile: projectile protection
  bool is_fire;                    // tag is_fire: the fire_damage game rule, fire protection
  bool bypasses_resistance;        // tag bypasses_resistance: the resistance effect does not soften it
  bool burning_effects;            // effects "burning": a player's hurt sound is the on-fire one
};

const DamageTypeInfo& damage_type(DamageCause kind);

inline constexpr float kMaxHealth = 20.0f;  // the max_health attribute of a player
inline constexpr int kInvulnerableTicksOnHit = 20;
// While more invulnerable ticks than this remain, only the part of a hit above the last counts.
inline constexpr int kPartialHitWindow = 10;

// Player.hurtServer's difficulty rule for scaling sources.
float scale_for_difficulty(float damage, Difficulty difficulty);

// The parts of a player that a hit reads and changes.
struct HurtState {
  float health = kMaxHealth;
  int invulnerable_ticks = 0;
  float last_hurt = 0.0f;
  float absorption = 0.0f;  // the absorption hearts, taken before health
};

// What the world around decides about a hit.
struct HurtContext {
  GameMode game_mode = GameMode::kSurvival;
  Difficulty difficulty = Difficulty::kNormal;
  bool fall_damage_rule = true;  // game rule fall_damage
  bool fire_damage_rule = true;  // game rule fire_damage
  bool client_loaded = true;     // false until player_loaded and while waiting to respawn
  // Status effects (docs/rules/effects.md): fire resistance refuses fire; resistance's
  // amplifier (-1: none) softens what does not bypass it.
  bool fire_resistant = false;
  int resistance = -1;
  float max_absorption = 0.0f;  // the max_absorption attribute the absorption is clamped to
  // A raised shield (docs/rules/combat.md §7): blocking since its delay, and the angle between
  // the look and the hit's source (pi without one).
  const BlocksAttacks* blocking = nullptr;
  double blocking_angle = 3.141592653589793;
  // Caused by a player (its arrow): the difficulty never scales it.
  bool caused_by_player = false;
};

struct HurtOutcome {
  bool reached = false;     // the hit passed the invulnerability window: actuallyHurt ran
  bool hurt = false;        // hurtServer returned true (a fully blocked hit did not hurt)
  bool full_hit = false;    // outside the window: damage event, invulnerability restarted
  float health_lost = 0.0f; // what actuallyHurt took (recorded by the combat tracker)
  float blocked = 0.0f;     // what the shield took of the hit (applyItemBlocking)
  float damage = 0.0f;      // the hit after the shield, before the window, armour and effects
};

// What protects a player from a hit (docs/rules/armour.md): the armour attributes as last checked
// (the armour value already floored) and the protection enchantments' points for the hit's kind.
struct Defence {
  float armor = 0.0f;
  float toughness = 0.0f;
  float protection = 0.0f;
  int resistance = -1;  // the resistance effect's amplifier, -1 without it
};

// The shield and armour a hit meets, asked in vanilla's order: a raised shield that met the hit
// first (applyItemBlocking, before the invulnerability window), then the armour pieces wear
// (Player.hurtArmor, only for kinds armour takes), then the defence is read from what is left.
class HitArmour {
 public:
  virtual ~HitArmour() = default;
  // hurtBlockingItem with the points `blocked` costs, then, when the shield took something of a
  // hit that was not a projectile's, blockUsingItem (a disabling weapon puts the shield down).
  virtual void shield_hit(float blocked, int wear_points, bool projectile) {
    (void)blocked, (void)wear_points, (void)projectile;
  }
  virtual void wear(float damage, DamageCause kind) = 0;
  virtual Defence defence(DamageCause kind) const = 0;
};

// getDamageAfterArmorAbsorb then getDamageAfterMagicAbsorb (resistance, then the protection
// enchantments), given the defence.
float damage_after_defence(float damage, DamageCause kind, const Defence& defence);

// ServerPlayer/Player/LivingEntity.hurtServer for a player: decides the hit and applies it to
// `state` (absorption first, then health); `armour` (none: nothing worn) wears and softens it.
HurtOutcome apply_hurt(HurtState& state, DamageCause kind, float amount, const HurtContext& context,
                       HitArmour* armour = nullptr);

// LivingEntity.setHealth: clamped to 0..max.
float clamp_health(float health);

}  // namespace hz
