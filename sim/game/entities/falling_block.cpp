#include "sim/game/entities/falling_block.h"

#include "sim/core/check.h"
#include "sim/data/catalog.h"
#include "sim/game/entities/entity_data.h"

namespace hz {

namespace {
constexpr uint8_t kStartPosIndex = 8;  // after Entity's 8 values
}  // namespace

const EntityKind& FallingBlock::falling_block_kind() {
  static const EntityKind kind = [] {
    const std::optional<int> type = entity_type_id("falling_block");
    HZ_CHECK(type.has_value());
    return EntityKind{*type, 10, 20, true};
  }();
  return kind;
}

Bytes FallingBlock::synched_data() const {
  if (start_ == BlockPos{}) return {};
  return entity_data::single_block_pos_value(kStartPosIndex, start_);
}

}  // namespace hz
