// The light_update packet for some light sections of a column: the sections whose light changed,
// each sent as its array or, when all zero, in the empty masks.
#pragma once

#include "sim/game/world/light_settling.h"
#include "sim/protocol/packets.h"
#include "sim/world/column_light.h"

namespace hz {

packet::play_cb::UpdateLight light_update_packet(ChunkPos pos, const ColumnLight& light,
                                                 const LightSettling::SectionMasks& sections);

}  // namespace hz
