// What the ground pathfinder needs to know about a mob: its box, what it can do (doors, fences,
// floating, step and fall heights), its per-type maluses, and where it stands when the search starts.
#pragma once

#include "sim/game/pathfinding/path_type.h"
#include "sim/game/player.h"

namespace hz {

struct PathMob {
  float width = 0.6f;   // bounding box width (x and z)
  float height = 1.95f;
  float max_up_step = 0.6f;       // Mob.maxUpStep (step height)
  int max_fall_distance = 3;      // Mob.getMaxFallDistance (3 when the mob has no target)
  bool can_open_doors = false;    // wooden (and copper) doors count as passable while closed
  bool can_pass_doors = true;     // false: even open doors are walls
  bool can_float = false;         // swims up in water (most land mobs set it)
  bool can_walk_over_fences = false;
  PathMaluses malus;

  // Where the search starts: the mob's feet position and how it is standing.
  Vec3 position;
  bool on_ground = true;
  bool in_water = false;
};

}  // namespace hz
