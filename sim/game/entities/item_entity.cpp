#include "sim/game/entities/item_entity.h"

#include "sim/core/check.h"
#include "sim/data/catalog.h"
#include "sim/game/entities/entity_data.h"

namespace hz {

namespace {
constexpr uint8_t kItemDataIndex = 8;  // after Entity's 8 values (flags .. ticks frozen)
}  // namespace

const EntityKind& ItemEntity::item_kind() {
  static const EntityKind kind = [] {
    const std::optional<int> type = entity_type_id("item");
    HZ_CHECK(type.has_value());
    return EntityKind{*type, 6, 20, true};
  }();
  return kind;
}

Bytes ItemEntity::synched_data() const { return entity_data::single_stack_value(kItemDataIndex, stack_); }

}  // namespace hz
