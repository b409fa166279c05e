#include "replay/recorder/snapshot_check.h"

#include <memory>

#include "sim/core/clock.h"
#include "sim/core/discarding_sink.h"

namespace hz {
SnapshotCheck core_snapshot_check(CoreConfig config) {
  auto shared = std::make_shared<const CoreConfig>(std::move(config));
  return [shared](std::span<const uint8_t> bytes, uint64_t state_hash) -> Status {
    ManualClock clock;
    DiscardingSink sink;
    Core core(*shared, clock, sink);
    if (!core.read_snapshot_parts(bytes)) return Error{"its bytes do not read back into a core"};
    if (core.state_hash() != state_hash) return Error{"the core read from it has another state hash"};
    return Status::success();
  };
}

}  // namespace hz
