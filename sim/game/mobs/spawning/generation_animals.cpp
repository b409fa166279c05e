#include "sim/game/mobs/spawning/generation_animals.h"

#include "sim/game/mobs/spawning/generation_spawns.h"

namespace hz {

void GenerationAnimals::on_chunk_generated(const ChunkColumn& column) {
  if (!rules_.get_bool("spawn_mobs")) return;
  // Spawn reason CHUNK_GENERATION does not make a mob persistent: animals stay anyway because
  // Animal.removeWhenFarAway is false, and they count towards the creature cap.
  for (const spawning::GenerationSpawn& spawn : spawning::plan_generation_spawns(world_seed_, column)) {
    mobs_.summon(*spawn.kind, spawn.position, spawn.yaw);
    ++placed_;
  }
}

}  // namespace hz
