#include "sim/game/blocks/neighbor_updater.h"

#include <string>

namespace hz {

void NeighborUpdater::update_neighbors_at(const BlockPos& pos, BlockId source) {
  Update u;
  u.kind = Update::Kind::kNeighbors, u.pos = pos, u.source = source;
  add_and_run(pos, u);
}

void NeighborUpdater::neighbor_changed(const BlockPos& pos, BlockId source) {
  Update u;
  u.kind = Update::Kind::kNeighbor, u.pos = pos, u.source = source;
  add_and_run(pos, u);
}

void NeighborUpdater::shape_update(Dir toward, BlockStateId neighbour_state, const BlockPos& pos,
                                   const BlockPos& neighbour_pos, int flags, int limit) {
  Update u;
  u.kind = Update::Kind::kShape, u.pos = pos;
  u.toward = toward, u.neighbour_state = neighbour_state, u.neighbour_pos = neighbour_pos, u.flags = flags, u.limit = limit;
  add_and_run(pos, u);
}

void NeighborUpdater::add_and_run(const BlockPos& pos, const Update& update) {
  const bool running = count_ > 0;
  const bool too_many = max_chained_ >= 0 && count_ >= max_chained_;
  ++count_;
  if (!too_many) {
    (running ? added_this_layer_ : stack_).push_back(update);
  } else if (count_ - 1 == max_chained_) {
    log_.log(LogLevel::kError, "Too many chained neighbor updates. Skipping the rest. First skipped position: " +
                                   std::to_string(pos.x) + ", " + std::to_string(pos.y) + ", " + std::to_string(pos.z));
  }
  if (!running) run_updates();
}

void NeighborUpdater::run_updates() {
  while (!stack_.empty() || !added_this_layer_.empty()) {
    // What the last step added goes on top, its first update uppermost.
    for (size_t i = added_this_layer_.size(); i-- > 0;) stack_.push_back(added_this_layer_[i]);
    added_this_layer_.clear();
    const size_t top = stack_.size() - 1;
    while (added_this_layer_.empty()) {
      // A step only ever adds to added_this_layer_, so stack_[top] stays where it is.
      Update step = stack_[top];
      const bool more = run_next(step);
      stack_[top] = step;
      if (!more) {
        stack_.pop_back();
        break;
      }
    }
  }
  count_ = 0;
}

bool NeighborUpdater::run_next(Update& u) {
  switch (u.kind) {
    case Update::Kind::kNeighbor:
      target_.neighbor_changed(u.pos, u.source);
      return false;
    case Update::Kind::kShape:
      target_.shape_update(u.toward, u.neighbour_state, u.pos, u.neighbour_pos, u.flags, u.limit);
      return false;
    case Update::Kind::kNeighbors: {
      const Dir d = kUpdateOrder[u.next++];
      target_.neighbor_changed(relative(u.pos, d), u.source);
      return u.next < 6;
    }
  }
  return false;
}

}  // namespace hz
