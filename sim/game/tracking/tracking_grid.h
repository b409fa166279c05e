// A spatial index of tracked players by 64-block square cells (4 x 4 chunks), so finding the
// players near one costs the cells around it, not every player.
#pragma once

#include <cstdint>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "sim/game/player.h"

namespace hz {

class TrackingGrid {
 public:
  static constexpr int kCellShift = 6;

  static int64_t cell_of(const Vec3& position);
  void insert(int32_t id, int64_t cell);
  void remove(int32_t id, int64_t cell);
  // Appends the ids in every cell that overlaps the square of half-size `radius` around
  // `center` (unsorted; callers sort before anything reaches an output).
  void collect(const Vec3& center, double radius, std::vector<int32_t>& out) const;
  size_t occupied_cells() const { return cells_.size(); }

 private:
  absl::flat_hash_map<int64_t, std::vector<int32_t>> cells_;
};

}  // namespace hz
