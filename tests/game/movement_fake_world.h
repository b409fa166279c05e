// Test helper: a small world of explicitly placed blocks, with every chunk loaded unless told
// otherwise: the block source movement and mobs read, and the BlockWorld block rules change.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>
#include <utility>

#include "sim/data/blocks.h"
#include "sim/game/movement/block_source.h"
#include "sim/game/ports.h"

namespace hz::testing {

class FakeWorld final : public BlockSource, public BlockWorld {
 public:
  BlockStateId block(int x, int y, int z) const override {
    auto it = blocks_.find({x, y, z});
    if (it != blocks_.end()) return it->second;
    return ground_ && y == *ground_ ? ground_state_ : 0;
  }
  bool is_chunk_loaded(int cx, int cz) const override { return !unloaded_.contains({cx, cz}); }

  // BlockWorld, within the overworld's heights.
  bool set_block(const BlockPos& pos, BlockStateId state) override {
    if (!is_loaded(pos)) return false;
    set(pos.x, pos.y, pos.z, state);
    return true;
  }
  BlockStateId block_at(const BlockPos& pos) const override { return is_loaded(pos) ? block(pos.x, pos.y, pos.z) : 0; }
  bool is_loaded(const BlockPos& pos) const override {
    return pos.y >= -64 && pos.y < 320 && is_chunk_loaded(pos.x >> 4, pos.z >> 4);
  }
  uint8_t raw_brightness(const BlockPos&) const override { return brightness; }
  uint8_t brightness = 15;

  // Air too is kept: it covers the ground layer.
  void set(int x, int y, int z, BlockStateId state) { blocks_[{x, y, z}] = state; }
  void set(int x, int y, int z, std::string_view name) { set(x, y, z, default_state_of(name)); }
  void unload_chunk(int cx, int cz) { unloaded_.insert({cx, cz}); }
  // An endless layer of `name` at height y (where no block was set explicitly).
  void ground(int y, std::string_view name = "stone") {
    ground_ = y;
    ground_state_ = default_state_of(name);
  }
  // The blocks set explicitly, air included.
  const std::map<std::tuple<int, int, int>, BlockStateId>& placed() const { return blocks_; }
  // A floor of `name` covering [x0, x1] x [z0, z1] at height y.
  void floor(int x0, int x1, int z0, int z1, int y, std::string_view name = "stone") {
    for (int x = x0; x <= x1; ++x)
      for (int z = z0; z <= z1; ++z) set(x, y, z, name);
  }

 private:
  std::map<std::tuple<int, int, int>, BlockStateId> blocks_;
  std::set<std::pair<int, int>> unloaded_;
  std::optional<int> ground_;
  BlockStateId ground_state_ = 0;
};

}  // namespace hz::testing
