// Fire on players (docs/rules/burning.md): which blocks a player is inside (fire and lava ignite
// and hurt, water puts out), igniting with Fire Protection's burning time, and baseTick's burning.
#pragma once

#include "sim/game/movement/aabb.h"
#include "sim/game/movement/block_source.h"

namespace hz::burning {

// Players' fire-immune ticks (Player.getFireImmuneTicks): a player out of fire rests at -20, and
// fire must first count that up before it ignites.
inline constexpr int kPlayerFireImmuneTicks = 20;
inline constexpr int kFireIgniteTicks = 160;  // igniteForSeconds(8): fire blocks
inline constexpr int kLavaIgniteTicks = 300;  // igniteForSeconds(15): lava
inline constexpr float kLavaDamage = 4.0f;
inline constexpr float kBurnDamage = 1.0f;  // on_fire, every 20 remaining ticks
inline constexpr int kBurnDamageEvery = 20;

// What the blocks a box is inside do to it (checkInsideBlocks at rest): fire blocks fill their
// whole cell for this purpose; lava and water count where the box meets the fluid's shape.
struct Inside {
  bool fire = false;
  float fire_damage = 0.0f;  // the fire block's: 1 for fire, 2 for soul fire (the larger if both)
  bool lava = false;
  bool water = false;
};
Inside inside_blocks(const BlockSource& blocks, const Aabb& box);

// LivingEntity.igniteForTicks: the ticks scaled by the burning_time attribute (rounded up), set
// only when more than what remains.
int ignite(int remaining, int ticks, double burning_time);
// BaseFireBlock.fireIgnite for a player: a player not yet burning counts up by 1; one burning
// adds `extra` (vanilla's nextInt(1, 3)); at 0 or more it is ignited for 8 seconds.
int fire_ignite(int remaining, int extra, double burning_time);

}  // namespace hz::burning
