// Vanilla's CollectingNeighborUpdater: neighbour and shape updates run one after another from the
// outermost block change instead of recursing, updates caused by an update run before the rest of
// their parent, and a chain stops after max-chained-neighbor-updates.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/data/blocks.h"
#include "sim/game/blocks/directions.h"
#include "sim/game/ports.h"

namespace hz {

class NeighborUpdater {
 public:
  // NeighborUpdater.UPDATE_ORDER: the order neighbours hear of a change.
  static constexpr Dir kUpdateOrder[6] = {Dir::kWest, Dir::kEast, Dir::kDown, Dir::kUp, Dir::kNorth, Dir::kSouth};

  // What the updates call back into (the level).
  class Target {
   public:
    virtual ~Target() = default;
    // neighborChanged of the block at `pos`: `source` changed next to it.
    virtual void neighbor_changed(const BlockPos& pos, BlockId source) = 0;
    // executeShapeUpdate: the block at `pos` re-evaluates its shape after its neighbour toward
    // `toward` (at `neighbour_pos`) became `neighbour_state`.
    virtual void shape_update(Dir toward, BlockStateId neighbour_state, const BlockPos& pos,
                              const BlockPos& neighbour_pos, int flags, int limit) = 0;
  };

  // `max_chained` < 0: no limit.
  NeighborUpdater(Target& target, ServerLog& log, int max_chained)
      : target_(target), log_(log), max_chained_(max_chained) {}

  // updateNeighborsAt: each of the six neighbours of `pos`, in kUpdateOrder.
  void update_neighbors_at(const BlockPos& pos, BlockId source);
  void neighbor_changed(const BlockPos& pos, BlockId source);
  void shape_update(Dir toward, BlockStateId neighbour_state, const BlockPos& pos, const BlockPos& neighbour_pos,
                    int flags, int limit);

  // Updates run in the chain in progress (0 between chains).
  int chained() const { return count_; }

 private:
  struct Update {
    enum class Kind : uint8_t { kNeighbors, kNeighbor, kShape } kind = Kind::kNeighbor;
    BlockPos pos;
    BlockId source = 0;
    int next = 0;  // kNeighbors: the next direction's index
    Dir toward = Dir::kDown;
    BlockStateId neighbour_state = 0;
    BlockPos neighbour_pos;
    int flags = 0, limit = 0;
  };

  void add_and_run(const BlockPos& pos, const Update& update);
  void run_updates();
  // Runs one step of the update; false when it has nothing left.
  bool run_next(Update& update);

  Target& target_;
  ServerLog& log_;
  int max_chained_;
  std::vector<Update> stack_;  // back is the top
  std::vector<Update> added_this_layer_;
  int count_ = 0;
};

}  // namespace hz
