// Where new item entities appear and how fast they start (docs/rules/item-entities.md §5): a
// broken block's drops (Block.popResource) and a player's throw or scatter
// (LivingEntity.createItemStackToDrop). Pure functions of their inputs and the random.
#pragma once

#include "sim/core/rng.h"
#include "sim/game/player.h"
#include "sim/protocol/wire.h"

namespace hz::item_spawns {

struct Spawn {
  Vec3 position;
  Vec3 velocity;
  int pickup_delay = 0;
};

// Within 0.25 of the block's centre (lowered by half the item's height), moving up at 0.2 and
// sideways by up to 0.1; pickup delay 10.
Spawn from_block(const BlockPos& pos, Rng& random);
// Entity.spawnAtLocation: at an entity's position, with the default item velocity; pickup delay 10.
Spawn from_entity(const Vec3& position, Rng& random);
// From 0.3 below the eyes: along the look at 0.3 with a little random spread, or (`scatter`) in
// a random horizontal direction at up to 0.5; pickup delay 40.
Spawn from_player(const Player& player, bool scatter, Rng& random);

}  // namespace hz::item_spawns
