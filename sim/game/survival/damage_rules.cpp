#include "sim/game/survival/damage_rules.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/game/survival/armour_rules.h"
#include "sim/game/survival/effect_rules.h"
#include "sim/game/survival/shield_rules.h"

namespace hz {

namespace {

// Indexed by DamageCause. Exhaustion and tags from the damage-type JSON and tag files: generic,
// fall, out_of_world and starve cost no food; a mob's attack and explosions cost 0.1. Columns
// after the exhaustion: bypasses_invulnerability, is_fall, scales with difficulty,
// bypasses_armor, bypasses_effects, is_explosion, is_projectile, is_fire, bypasses_resistance, and
// whether the type's effects are "burning" (in_fire, lava, on_fire; the others hurt).
constexpr DamageTypeInfo kTypes[] = {
    {"minecraft:generic", "generic", 0.0f, false, false, false, true, false, false, false, false, false, false},
    {"minecraft:generic_kill", "genericKill", 0.0f, true, false, false, true, false, false, false, false, true, false},
    {"minecraft:fall", "fall", 0.0f, false, true, false, true, false, false, false, false, false, false},
    {"minecraft:out_of_world", "outOfWorld", 0.0f, true, false, false, true, false, false, false, false, true, false},
    {"minecraft:starve", "starve", 0.0f, false, false, false, true, true, false, false, false, false, false},
    {"minecraft:mob_attack", "mob", 0.1f, false, false, true, false, false, false, false, false, false, false},
    // Both explosion types scale with difficulty "always" and cost 0.1 food.
    {"minecraft:explosion", "explosion", 0.1f, false, false, true, false, false, true, false, false, false, false},
    {"minecraft:player_explosion", "explosion.player", 0.1f, false, false, true, false, false, true, false, false, false, false},
    {"minecraft:arrow", "arrow", 0.1f, false, false, true, false, false, false, true, false, false, false},
    // Scales only when caused by a living entity that is no player: never for a player's hit.
    {"minecraft:player_attack", "player", 0.1f, false, false, false, false, false, false, false, false, false, false},
    // The fire types: no scaling without a living cause; only burning bypasses armour.
    {"minecraft:in_fire", "inFire", 0.1f, false, false, false, false, false, false, false, true, false, true},
    {"minecraft:lava", "lava", 0.1f, false, false, false, false, false, false, false, true, false, true},
    {"minecraft:on_fire", "onFire", 0.0f, false, false, false, true, false, false, false, true, false, true},
    {"minecraft:magic", "magic", 0.0f, false, false, false, true, false, false, false, false, false, false},
    {"minecraft:thorns", "thorns", 0.1f, false, false, true, false, false, false, false, false, false, false},
};

bool has_invulnerable_ability(GameMode mode) { return mode == GameMode::kCreative || mode == GameMode::kSpectator; }

// ServerPlayer.isInvulnerableTo and Player.isInvulnerableTo (the game-rule switches).
bool immune(DamageCause kind, const HurtContext& context) {
  if (!context.client_loaded) return true;
  const DamageTypeInfo& type = damage_type(kind);
  return (type.is_fall && !context.fall_damage_rule) || (type.is_fire && !context.fire_damage_rule);
}

}  // namespace

const DamageTypeInfo& damage_type(DamageCause kind) { return kTypes[static_cast<size_t>(kind)]; }

float scale_for_difficulty(float damage, Difficulty difficulty) {
  switch (difficulty) {
    case Difficulty::kPeaceful: return 0.0f;
    case Difficulty::kEasy: return std::min(damage / 2.0f + 1.0f, damage);
    case Difficulty::kHard: return damage * 3.0f / 2.0f;
    default: return damage;
  }
}

float clamp_health(float health) { return std::clamp(health, 0.0f, kMaxHealth); }

float damage_after_defence(float damage, DamageCause kind, const Defence& defence) {
  const DamageTypeInfo& type = damage_type(kind);
  if (!type.bypasses_armor) damage = damage_after_armour(damage, defence.armor, defence.toughness);
  if (type.bypasses_effects) return damage;
  if (defence.resistance >= 0 && !type.bypasses_resistance) damage = damage_after_resistance(damage, defence.resistance);
  if (damage <= 0.0f) return 0.0f;
  // No damage type Horizon deals bypasses enchantments (only sonic_boom does).
  if (defence.protection > 0.0f) damage = damage_after_protection(damage, defence.protection);
  return damage;
}

HurtOutcome apply_hurt(HurtState& state, DamageCause kind, float amount, const HurtContext& context,
                       HitArmour* armour) {
  HurtOutcome out;
  const DamageTypeInfo& type = damage_type(kind);
  if (immune(kind, context)) return out;
  if (has_invulnerable_ability(context.game_mode) && !type.bypasses_invulnerability) return out;
  if (state.health <= 0.0f) return out;  // dead or dying
  float damage = amount;
  if (type.scales_with_difficulty && !context.caused_by_player) damage = scale_for_difficulty(damage, context.difficulty);
  if (damage == 0.0f) return out;
  // LivingEntity.hurtServer.
  if (type.is_fire && context.fire_resistant) return out;
  damage = std::max(damage, 0.0f);
  // applyItemBlocking: only a hit that does damage meets the shield; a type that bypasses it
  // neither wears it nor is reduced.
  if (context.blocking != nullptr && damage > 0.0f && !bypasses_shield(kind)) {
    const BlocksAttacks& shield = *context.blocking;
    out.blocked = blocked_damage(shield, damage, context.blocking_angle);
    if (armour != nullptr) armour->shield_hit(out.blocked, shield_wear(shield, out.blocked), type.is_projectile);
    damage -= out.blocked;
  }
  if (std::isnan(damage) || std::isinf(damage)) damage = std::numeric_limits<float>::max();
  out.damage = damage;
  float taken = damage;
  if (static_cast<float>(state.invulnerable_ticks) > static_cast<float>(kPartialHitWindow)) {
    if (damage <= state.last_hurt) return out;
    taken = damage - state.last_hurt;
    state.last_hurt = damage;
  } else {
    state.last_hurt = damage;
    state.invulnerable_ticks = kInvulnerableTicksOnHit;
    out.full_hit = true;
  }
  // Player.actuallyHurt: the armour wears before it is read; then resistance and enchantments.
  if (armour != nullptr && !type.bypasses_armor && taken > 0.0f) armour->wear(taken, kind);
  Defence defence = armour != nullptr ? armour->defence(kind) : Defence{};
  defence.resistance = context.resistance;
  taken = damage_after_defence(taken, kind, defence);
  // The absorption hearts take what they can (setAbsorptionAmount clamps to 0..max).
  const auto set_absorption = [&](float value) { state.absorption = std::clamp(value, 0.0f, context.max_absorption); };
  const float before_absorption = taken;
  taken = std::max(taken - state.absorption, 0.0f);
  set_absorption(state.absorption - (before_absorption - taken));
  if (taken != 0.0f) {
    state.health = clamp_health(state.health - taken);
    set_absorption(state.absorption - taken);
    out.health_lost = taken;
  }
  out.reached = true;
  out.hurt = out.blocked <= 0.0f || damage > 0.0f;
  return out;
}

}  // namespace hz
