// Vanilla's Level.setBlock around the world's block store: after a block changes, onPlace, the
// neighbours hear of it (neighborChanged in W, E, D, U, N, S order) and re-evaluate their shapes
// (W, E, N, S, D, U), so unsupported blocks pop off with their drops and connections follow
// (docs/rules/block-ticks-and-updates.md §2). Every system changes blocks through this port.
#pragma once

#include "sim/core/rng.h"
#include "sim/game/blocks/neighbor_updater.h"
#include "sim/game/ports.h"

namespace hz {

class BlockUpdates final : public BlockWorld, private NeighborUpdater::Target {
 public:
  // Block update flags (Block.UPDATE_*) as far as the server reads them.
  static constexpr int kUpdateNeighbors = 1;
  static constexpr int kUpdateClients = 2;
  static constexpr int kUpdateAll = kUpdateNeighbors | kUpdateClients;
  static constexpr int kKnownShape = 16;
  static constexpr int kSuppressDrops = 32;
  // The depth budget of chained shape updates of one change.
  static constexpr int kDefaultUpdateLimit = 512;

  // `store`: the world's one block store (it records changes for clients, heightmaps, light).
  // `max_chained`: server.properties' max-chained-neighbor-updates.
  BlockUpdates(BlockWorld& store, BlockTickScheduler& ticks, ItemDrops& drops, Rng& random, ServerLog& log,
               int max_chained);

  // setBlock with UPDATE_ALL.
  bool set_block(const BlockPos& pos, BlockStateId state) override { return set_block(pos, state, kUpdateAll, kDefaultUpdateLimit); }
  bool set_block(const BlockPos& pos, BlockStateId state, int flags, int limit);
  // Level.destroyBlock: the block's loot (with `drop`), then air in its place with UPDATE_ALL.
  bool destroy_block(const BlockPos& pos, bool drop, int limit = kDefaultUpdateLimit);
  BlockStateId block_at(const BlockPos& pos) const override { return store_.block_at(pos); }
  bool is_loaded(const BlockPos& pos) const override { return store_.is_loaded(pos); }
  uint8_t raw_brightness(const BlockPos& pos) const override { return store_.raw_brightness(pos); }

 private:
  // NeighborUpdater::Target
  void neighbor_changed(const BlockPos& pos, BlockId source) override;
  void shape_update(Dir toward, BlockStateId neighbour_state, const BlockPos& pos, const BlockPos& neighbour_pos,
                    int flags, int limit) override;

  BlockWorld& store_;
  BlockTickScheduler& ticks_;
  ItemDrops& drops_;
  Rng& random_;
  NeighborUpdater updater_;
};

}  // namespace hz
