// What a random tick does to the block it lands on (grass, mycelium, leaves, crops, cane, cactus,
// saplings, ice, snow layers): pure functions of a TickWorld, stated in docs/rules/random-ticks.md.
#pragma once

#include <cstdint>

#include "sim/core/rng.h"
#include "sim/data/blocks.h"
#include "sim/protocol/wire.h"

namespace hz {

// The world a random tick sees. Writes go through the core's one block-change path.
class TickWorld {
 public:
  virtual ~TickWorld() = default;
  virtual BlockStateId block(const BlockPos& pos) const = 0;
  virtual uint8_t sky_light(const BlockPos& pos) const = 0;
  virtual uint8_t block_light(const BlockPos& pos) const = 0;
  // Level.getSkyDarken this tick (sim/game/level/sky_darken.h); 0 is noon in clear weather.
  virtual int sky_darken() const { return 0; }
  virtual void set_block(const BlockPos& pos, BlockStateId state) = 0;
  // Level.isRainingAt: rain falls on the position now (false when the world does not say).
  virtual bool raining_at(const BlockPos& /*pos*/) const { return false; }
  // Block.dropResources: the block's loot as item entities at pos.
  virtual void drop_loot(const BlockPos& pos, BlockStateId state) = 0;
  // FarmBlock.turnToDirt, which lifts the entities on it where the world has any.
  virtual void turn_farmland_to_dirt(const BlockPos& pos) { set_block(pos, default_state_of("dirt")); }
};

// The brighter of sky and block light: vanilla's raw brightness with amount 0 (what crops ask).
uint8_t raw_brightness(const TickWorld& world, const BlockPos& pos);
// Max local raw brightness (grass, mycelium, saplings): the sky light less the level's sky
// darkening, or the block light if brighter (docs/rules/random-ticks.md §3).
int max_local_raw_brightness(const TickWorld& world, const BlockPos& pos);

// SpreadingSnowyDirtBlock.canBeGrass for the block above a grass or mycelium block.
bool can_be_grass(BlockStateId above);
// canPropagate: can be grass and no water above.
bool can_propagate(BlockStateId above);
// Whether the block above covers the whole face below it for light (vanilla's face occlusion of
// full opaque blocks, bottom and double slabs, bottom stairs, snow of 2+ layers, farmland, paths).
bool occludes_face_below(BlockStateId above);

// CropBlock.getGrowthSpeed of a crop block at pos.
float crop_growth_speed(const TickWorld& world, const BlockPos& pos, BlockId crop);
// The bound of the crop's growth draw: growth happens when nextInt(bound) is 0.
int crop_growth_bound(float speed);

// FarmBlock.isNearWater: water (or a waterlogged block) within 4 blocks sideways, at the
// farmland's level or one above.
bool farmland_near_water(const TickWorld& world, const BlockPos& pos);

// Runs the random tick of `state` at `pos`; nothing for states without a behaviour.
void random_tick_block(TickWorld& world, const BlockPos& pos, BlockStateId state, Rng& rng);

}  // namespace hz
