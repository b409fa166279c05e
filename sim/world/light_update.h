// Incremental light after block changes, as vanilla's light engine does it: light a change may
// have cut off is cleared outward from it, then spread again from what remains and from the new
// blocks, so only cells whose light can differ are visited. The result equals compute_column_light.
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "sim/data/blocks.h"
#include "sim/world/chunk_column.h"
#include "sim/world/chunk_pos.h"

namespace hz {

// A block already changed in its column, with the state it had before.
struct ChangedBlock {
  int x = 0, y = 0, z = 0;
  BlockStateId old_state = 0;
  template <class Io>
  void state_fields(Io& io) {
    io(x, y, z, old_state);
  }
};

// One light section (0..25, index 0 below the world) whose sky or block light changed.
struct ChangedLightSection {
  ChunkPos chunk;
  int light_section = 0;
  bool sky = false;
  auto operator<=>(const ChangedLightSection&) const = default;
};

// The columns an update reads and writes; null for a column that is not loaded, which counts as
// rock (no light enters or leaves it) and is left alone.
using LightColumns = std::function<ChunkColumn*(ChunkPos)>;

// Brings the light around `changes` up to date. Every loaded column within 16 blocks of a change
// must have had exact light for the blocks before the changes. Returns the sections whose light
// changed, sorted; the columns holding them get the new light (and a new version).
std::vector<ChangedLightSection> update_light(std::span<const ChangedBlock> changes, const LightColumns& columns);

}  // namespace hz
