#include "sim/game/entities/lightning_bolt.h"

#include <limits>

#include "sim/core/check.h"
#include "sim/data/catalog.h"

namespace hz {

const EntityKind& LightningBolt::lightning_bolt_kind() {
  static const EntityKind kind = [] {
    const std::optional<int> type = entity_type_id("lightning_bolt");
    HZ_CHECK(type.has_value());
    // updateInterval(Integer.MAX_VALUE): the spawn is all a client is ever sent.
    return EntityKind{*type, 16, std::numeric_limits<int>::max(), false};
  }();
  return kind;
}

}  // namespace hz
