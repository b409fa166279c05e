// The animals a chunk is born with (NaturalSpawner.spawnMobsForChunkGeneration, docs/rules/spawning.md
// §8): a pure function of the world seed and the generated column, drawn from vanilla's legacy random.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/game/mobs/mob_kinds.h"
#include "sim/game/player.h"
#include "sim/world/chunk_column.h"

namespace hz::spawning {

// One animal to add: its kind, where it stands (Entity.snapTo) and which way it faces.
struct GenerationSpawn {
  const MobKind* kind = nullptr;
  Vec3 position;
  float yaw = 0;
  bool operator==(const GenerationSpawn&) const = default;
};

// Tries per pack member before it is given up, and how far a member wanders from the last one.
inline constexpr int kGenerationTriesPerMember = 4;
inline constexpr int kGenerationStep = 5;

// The creature packs placed in `column` (a FULL, lit column), in the order vanilla adds them.
// Reads the biome at the column's minimum x and z at the top of the world, the motion-blocking
// (no leaves) heightmap, blocks and light. The spawn_mobs game rule is the caller's to check.
std::vector<GenerationSpawn> plan_generation_spawns(int64_t world_seed, const ChunkColumn& column);

}  // namespace hz::spawning
