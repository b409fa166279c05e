// Where players appear in the world: vanilla's PlayerSpawnFinder (a random column near the world
// spawn whose top is solid ground a player fits on) and the world spawn's own column search, both
// over the loaded chunks' blocks and heightmaps (docs/rules/player-data.md, sections 5 and 6).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "sim/core/rng.h"
#include "sim/data/blocks.h"
#include "sim/game/player.h"
#include "sim/protocol/wire.h"
#include "sim/world/chunk_column.h"
#include "sim/world/heightmaps.h"

namespace hz {

// What the spawn finder reads of the world.
class SpawnTerrain {
 public:
  virtual ~SpawnTerrain() = default;
  // The highest block of a heightmap in a column (below the world when none matches); nothing
  // when the column's chunk is not loaded.
  virtual std::optional<int> top_y(HeightmapType type, int x, int z) const = 0;
  // Air outside the world's height and in chunks that are not loaded.
  virtual BlockStateId block(int x, int y, int z) const = 0;
};

// SpawnTerrain over loaded chunk columns.
class ColumnSpawnTerrain final : public SpawnTerrain {
 public:
  using Lookup = std::function<const ChunkColumn*(ChunkPos)>;
  explicit ColumnSpawnTerrain(Lookup lookup) : lookup_(std::move(lookup)) {}
  std::optional<int> top_y(HeightmapType type, int x, int z) const override;
  BlockStateId block(int x, int y, int z) const override;

 private:
  Lookup lookup_;
};

// Block.isFaceFull(collision shape, UP): the shape's top face covers the whole block.
bool has_full_top_face(BlockStateId state);
// noCollisionNoLiquid: a standing player's box (0.6 x 1.8) at the bottom centre of `feet` meets no
// block shape and no fluid.
bool player_fits(const SpawnTerrain& terrain, const BlockPos& feet);
// getOverworldRespawnPos: the block above the highest full-topped block under the column's
// MOTION_BLOCKING top, looking no lower than a fluid; nothing for an unloaded column, one with
// nothing in it, one whose top is fluid over the floor (an ocean), and (Horizon's rule, where
// vanilla would answer a tree top) one whose ground is leaves: no spawning on or under a tree.
std::optional<BlockPos> respawn_position_in_column(const SpawnTerrain& terrain, int x, int z);

struct SpawnSearch {
  BlockPos spawn;        // the world spawn block
  int radius = 10;       // the respawn_radius game rule
  bool adventure = false;  // the server's default game mode is adventure
};

// PlayerSpawnFinder.findSpawn: the bottom centre of the first candidate column (in the coprime
// order from a random offset drawn from `random`) with a respawn position the player fits at;
// else the world spawn moved up out of blocks and down onto the ground. Columns in chunks that
// are not loaded are passed over (vanilla loads them; Horizon keeps the spawn area loaded, which
// covers every candidate of a radius up to 16).
Vec3 find_player_spawn(const SpawnTerrain& terrain, const SpawnSearch& search, Rng& random);
// fixupSpawnHeight: up while the player does not fit, one down, down while the player fits, one up.
Vec3 fixup_spawn_height(const SpawnTerrain& terrain, BlockPos pos);
// The world spawn in a chunk: the first column (x outer, z inner, from the chunk's low corner)
// with a respawn position the player fits at (Horizon adds the fit so the spawn is never inside a
// tree); nothing when no column has one.
std::optional<BlockPos> spawn_position_in_chunk(const SpawnTerrain& terrain, ChunkPos chunk);

}  // namespace hz
