// Path types of block positions for walking mobs: vanilla's classification of one block state,
// whether a state lets a mob through on land, and the type of a position from its block, the
// block below and the blocks around it (WalkNodeEvaluator.getPathTypeStatic).
#pragma once

#include "sim/data/blocks.h"
#include "sim/game/movement/block_source.h"
#include "sim/game/pathfinding/path_type.h"

namespace hz {

// getPathTypeFromState: the type of a block state alone (air OPEN, stone BLOCKED, a closed wooden
// door DOOR_WOOD_CLOSED...). Tabled per state on first use.
PathType state_path_type(BlockStateId state);

// BlockState.isPathfindable(LAND): a mob may stand in this block's space (no full-cube collision
// shape, and not one of the blocks whose class refuses it: stairs, slabs, closed doors...).
bool pathfindable_on_land(BlockStateId state);

// The top of the collision shape of the block below (x, y, z), in world y: where a mob standing
// at that position has its feet (vanilla's static getFloorLevel).
double floor_level(const BlockSource& world, int x, int y, int z);

// getPathTypeStatic: the state's type, except that open air gets the meaning of what is under
// it (floor, fire, honey, powder snow, trapdoor...) and a floor next to danger is marked so.
PathType position_path_type(const BlockSource& world, int x, int y, int z);

}  // namespace hz
