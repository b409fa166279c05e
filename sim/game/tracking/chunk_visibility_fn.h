// A ChunkVisibility answered by a function (the world system's isChunkTracked), so tracking does
// not depend on how the world keeps its players' views.
#pragma once

#include <functional>

#include "sim/game/tracking/chunk_visibility.h"

namespace hz {

class ChunkVisibilityFn final : public ChunkVisibility {
 public:
  using Fn = std::function<bool(const Player& viewer, int chunk_x, int chunk_z)>;
  explicit ChunkVisibilityFn(Fn fn) : fn_(std::move(fn)) {}
  bool is_chunk_tracked(const Player& viewer, int chunk_x, int chunk_z) const override {
    return fn_(viewer, chunk_x, chunk_z);
  }

 private:
  Fn fn_;
};

}  // namespace hz
