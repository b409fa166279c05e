#include "sim/game/entities/experience_orb.h"

#include "sim/core/check.h"
#include "sim/data/catalog.h"
#include "sim/game/entities/entity_data.h"

namespace hz {

namespace {
constexpr uint8_t kValueDataIndex = 8;  // after Entity's 8 values (flags .. ticks frozen)
}  // namespace

const EntityKind& ExperienceOrb::orb_kind() {
  static const EntityKind kind = [] {
    const std::optional<int> type = entity_type_id("experience_orb");
    HZ_CHECK(type.has_value());
    return EntityKind{*type, 6, 20, true};
  }();
  return kind;
}

Bytes ExperienceOrb::synched_data() const {
  // DATA_VALUE defaults to 0: an orb of value 0 has nothing to send.
  if (value_ == 0) return {};
  return entity_data::single_int_value(kValueDataIndex, value_);
}

}  // namespace hz
