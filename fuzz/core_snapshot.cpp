// Fuzz target: reading a core's snapshot (a trace's Snapshot record is untrusted input). The
// invariants: any bytes are read into a fresh core or refused, never a crash, a hang or an
// allocation the bytes do not back; and a core that accepted them writes a snapshot that reads
// back into another core with the same state hash and the same bytes.
#include <cassert>

#include "sim/core/clock.h"
#include "sim/core/discarding_sink.h"
#include "sim/game/core.h"

namespace {

hz::CoreConfig config() {
  hz::CoreConfig c;
  c.properties = *hz::parse_server_properties("online-mode=false\nview-distance=2\nsimulation-distance=2\n").properties;
  c.world_seed = 12345;
  return c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const hz::CoreConfig kConfig = config();
  hz::ManualClock clock;
  hz::DiscardingSink sink;
  hz::Core core(kConfig, clock, sink);
  if (!core.read_snapshot_parts(std::span<const uint8_t>(data, size))) return 0;
  const hz::Bytes again = core.write_snapshot_parts();
  hz::Core other(kConfig, clock, sink);
  assert(other.read_snapshot_parts(again));
  assert(other.state_hash() == core.state_hash());
  assert(other.write_snapshot_parts() == again);
  return 0;
}
