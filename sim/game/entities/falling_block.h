// One falling block (vanilla's FallingBlockEntity): the block state it carries, the ticks it has
// fallen, and where it started (synched to clients, which seed its look from it).
#pragma once

#include <cstdint>
#include <memory>

#include "sim/data/blocks.h"
#include "sim/game/entities/entity.h"

namespace hz {

class FallingBlock final : public Entity {
 public:
  // EntityType.FALLING_BLOCK: 0.98 x 0.98, tracked up to 10 chunks, updated every 20 ticks.
  static constexpr double kSize = 0.98;
  static const EntityKind& falling_block_kind();

  FallingBlock(int32_t id, const Uuid& uuid, BlockStateId state, const BlockPos& start)
      : Entity(id, uuid, falling_block_kind()), state_(state), start_(start) {}

  BlockStateId state() const { return state_; }
  const BlockPos& start() const { return start_; }
  // Data index 8: the start position (default 0, 0, 0, so it is sent with the pairing).
  Bytes synched_data() const override;
  // add_entity's data: Block.getId of the carried state.
  int32_t spawn_data() const override { return static_cast<int32_t>(state_); }

  static std::unique_ptr<FallingBlock> blank_for_snapshot() {
    return std::make_unique<FallingBlock>(0, Uuid{}, BlockStateId{}, BlockPos{});
  }
  template <class Io>
  void state_fields(Io& io) {
    entity_fields(io);
    io(time, removed, state_, start_);
  }

  int time = 0;
  bool removed = false;

 private:
  BlockStateId state_;
  BlockPos start_;
};

}  // namespace hz
