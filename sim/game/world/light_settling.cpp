#include "sim/game/world/light_settling.h"

#include "sim/core/hash.h"

namespace hz {

std::set<ChunkPos> LightSettling::settle(const LightColumns& columns, const std::function<void(ChunkPos)>& relight) {
  std::set<ChunkPos> touched;
  if (pending_.size() > kMaxIncrementalChanges) {
    // Light reaches at most 15 blocks: the changed columns and their neighbours cover it.
    for (const ChangedBlock& c : pending_)
      for (int dx = -1; dx <= 1; ++dx)
        for (int dz = -1; dz <= 1; ++dz) relight_.insert({(c.x >> 4) + dx, (c.z >> 4) + dz});
    pending_.clear();
  }
  if (!pending_.empty()) {
    for (const ChangedLightSection& s : update_light(pending_, columns)) {
      record(s.chunk, s.light_section, s.sky);
      touched.insert(s.chunk);
    }
    // Columns whose blocks changed without a light change hold exact light again.
    for (const ChangedBlock& c : pending_) {
      ChunkColumn* column = columns({c.x >> 4, c.z >> 4});
      if (column != nullptr && !column->light_valid()) column->set_light(column->light());
    }
    pending_.clear();
  }
  for (ChunkPos pos : relight_) {
    ChunkColumn* column = columns(pos);
    if (column == nullptr) continue;
    const ColumnLight before = column->light();
    relight(pos);
    const ColumnLight& after = column->light();
    for (int s = 0; s < kLightSectionCount; ++s) {
      if (!(before.sky[static_cast<size_t>(s)] == after.sky[static_cast<size_t>(s)])) record(pos, s, true);
      if (!(before.block[static_cast<size_t>(s)] == after.block[static_cast<size_t>(s)])) record(pos, s, false);
    }
    touched.insert(pos);
  }
  relight_.clear();
  return touched;
}

void LightSettling::record(ChunkPos chunk, int light_section, bool sky) {
  SectionMasks& masks = changes_[chunk];
  (sky ? masks.sky : masks.block) |= uint32_t{1} << light_section;
}

std::map<ChunkPos, LightSettling::SectionMasks> LightSettling::take_changes() { return std::exchange(changes_, {}); }

uint64_t LightSettling::hash() const {
  Hasher h;
  h.u64(pending_.size());
  for (const ChangedBlock& c : pending_) h.i64(c.x), h.i64(c.y), h.i64(c.z), h.u64(c.old_state);
  h.u64(relight_.size());
  for (ChunkPos pos : relight_) h.i64(pos.x), h.i64(pos.z);
  h.u64(changes_.size());
  for (const auto& [pos, masks] : changes_) h.i64(pos.x), h.i64(pos.z), h.u64(masks.sky), h.u64(masks.block);
  return h.digest();
}

}  // namespace hz
