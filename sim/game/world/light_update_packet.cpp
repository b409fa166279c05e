#include "sim/game/world/light_update_packet.h"

namespace hz {

namespace {

void add_layers(const std::array<LightLayer, kLightSectionCount>& layers, uint32_t sections, BitSet& mask,
                BitSet& empty_mask, std::vector<Bytes>& arrays) {
  for (int s = 0; s < kLightSectionCount; ++s) {
    if (((sections >> s) & 1) == 0) continue;
    const LightLayer& layer = layers[static_cast<size_t>(s)];
    if (layer.is_all_zero()) {
      empty_mask.set(static_cast<size_t>(s));
      continue;
    }
    mask.set(static_cast<size_t>(s));
    arrays.push_back(*layer.packed());
  }
}

}  // namespace

packet::play_cb::UpdateLight light_update_packet(ChunkPos pos, const ColumnLight& light,
                                                 const LightSettling::SectionMasks& sections) {
  packet::play_cb::UpdateLight update;
  update.chunk_x = pos.x;
  update.chunk_z = pos.z;
  packet::LightData& data = update.light;
  add_layers(light.sky, sections.sky, data.sky_mask, data.empty_sky_mask, data.sky_arrays);
  add_layers(light.block, sections.block, data.block_mask, data.empty_block_mask, data.block_arrays);
  return update;
}

}  // namespace hz
