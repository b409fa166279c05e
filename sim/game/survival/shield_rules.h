// Blocking with a shield and the totem's protection as pure rules (docs/rules/combat.md §7, §8):
// the shield's blocks_attacks facts, when a raised shield blocks, how much of a hit it takes,
// what the hit costs the shield and what puts it down; which item protects from death.
#pragma once

#include <cstdint>
#include <optional>

#include "sim/game/items/item_stack.h"
#include "sim/game/player.h"
#include "sim/game/survival/damage_rules.h"

namespace hz {

// Item.getUseDuration of an item with blocks_attacks: it is held up until released.
inline constexpr int kBlockingUseDuration = 72000;

// The minecraft:blocks_attacks component as vanilla gives it to the shield (the only item with
// it): one damage reduction (any damage type within the angle, base 0, factor 1) and the item
// damage function (threshold 3, base 1, factor 1).
struct BlocksAttacks {
  float block_delay_seconds = 0.25f;
  float disable_cooldown_scale = 1.0f;
  float horizontal_blocking_angle = 90.0f;  // degrees either side of the look
  float reduction_base = 0.0f;
  float reduction_factor = 1.0f;
  float item_damage_threshold = 3.0f;
  float item_damage_base = 1.0f;
  float item_damage_factor = 1.0f;
};

// The component of an item kind, or null (only the shield has one).
const BlocksAttacks* blocks_attacks_of(int32_t item);

// blockDelayTicks: round(seconds × 20); the shield's is 5.
int block_delay_ticks(const BlocksAttacks& blocks);

// getItemBlockingWith: an item with blocks_attacks in use for at least its delay.
bool blocks_after(const BlocksAttacks& blocks, int use_remaining);

// The angle applyItemBlocking measures between the look (the head's yaw, level) and the
// direction to the hit's source, both horizontal; pi for a hit with no source position.
double blocking_angle(const Vec3& position, float head_yaw, const std::optional<Vec3>& source);

// The tag bypasses_shield: #bypasses_armor, in_fire and lava among the kinds Horizon deals.
bool bypasses_shield(DamageCause kind);

// resolveBlockedDamage: what the reductions within `angle` take of `damage`, 0..damage.
float blocked_damage(const BlocksAttacks& blocks, float damage, double angle);

// ItemDamageFunction.apply: the points the shield loses for blocking `blocked` (0 below the
// threshold, else floor(base + factor × blocked)).
int shield_wear(const BlocksAttacks& blocks, float blocked);

// disableBlockingForTicks: the cooldown a weapon disabling for `seconds` puts on the shield
// (round(seconds × scale × 20)), 0 when it does not disable.
int disable_ticks(const BlocksAttacks& blocks, float seconds);

// The weapon component's disable_blocking_for_seconds: 5 for axes, 0 for everything else.
float disable_blocking_seconds(const ItemStack& weapon);

// The death_protection component: the totem of undying.
bool protects_from_death(int32_t item);

}  // namespace hz
