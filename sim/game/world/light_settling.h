// The light side of block changes: changes wait here until the light is settled once a tick
// (incrementally, or by relighting whole columns after very large batches), and the light
// sections that changed wait for the light_update packets to the players at the edge of their view.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "sim/world/light_update.h"

namespace hz {

class LightSettling {
 public:
  // Beyond this many changes in one settling, relighting the columns whole is cheaper.
  static constexpr size_t kMaxIncrementalChanges = 4096;

  // Bit i: light section i (0 is the section below the world).
  struct SectionMasks {
    uint32_t sky = 0, block = 0;
    bool operator==(const SectionMasks&) const = default;
    template <class Io>
    void state_fields(Io& io) {
      io(sky, block);
    }
  };

  // A block of a loaded column changed (already stored in the column).
  void on_block_changed(const ChangedBlock& change) { pending_.push_back(change); }
  bool unsettled() const { return !pending_.empty() || !relight_.empty(); }

  // Brings the light of every change since the last call up to date. `columns` finds ready
  // columns; `relight` relights one whole from its neighbours' blocks. Returns the chunks whose
  // light changed.
  std::set<ChunkPos> settle(const LightColumns& columns, const std::function<void(ChunkPos)>& relight);
  // The sections changed since the last call, per chunk.
  std::map<ChunkPos, SectionMasks> take_changes();

  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(pending_, relight_, changes_);
  }

 private:
  void record(ChunkPos chunk, int light_section, bool sky);

  std::vector<ChangedBlock> pending_;
  std::set<ChunkPos> relight_;
  std::map<ChunkPos, SectionMasks> changes_;
};

}  // namespace hz
