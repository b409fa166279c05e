// Adds the animals a chunk is born with (generation_spawns.h) once a chunk generated here has its
// entities live; chunks read from storage keep the entities their entities store holds.
#pragma once

#include <cstdint>

#include "sim/game/game_rules.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/world/world_chunks.h"

namespace hz {

class GenerationAnimals final : public GeneratedChunkListener {
 public:
  GenerationAnimals(int64_t world_seed, Mobs& mobs, const GameRules& rules)
      : world_seed_(world_seed), mobs_(mobs), rules_(rules) {}

  // Summons the column's planned animals in their order, unless the spawn_mobs rule is off.
  void on_chunk_generated(const ChunkColumn& column) override;

  uint64_t placed() const { return placed_; }

 private:
  int64_t world_seed_;
  Mobs& mobs_;
  const GameRules& rules_;
  uint64_t placed_ = 0;
};

}  // namespace hz
