#include "sim/game/tracking/tracking_grid.h"

#include <algorithm>

#include "sim/core/java_format.h"

namespace hz {

namespace {

int64_t pack(int32_t cx, int32_t cz) {
  return static_cast<int64_t>(static_cast<uint64_t>(static_cast<uint32_t>(cx)) |
                              (static_cast<uint64_t>(static_cast<uint32_t>(cz)) << 32));
}

}  // namespace

int64_t TrackingGrid::cell_of(const Vec3& p) {
  return pack(java_floor(p.x) >> kCellShift, java_floor(p.z) >> kCellShift);
}

void TrackingGrid::insert(int32_t id, int64_t cell) { cells_[cell].push_back(id); }

void TrackingGrid::remove(int32_t id, int64_t cell) {
  auto it = cells_.find(cell);
  if (it == cells_.end()) return;
  std::erase(it->second, id);
  if (it->second.empty()) cells_.erase(it);
}

void TrackingGrid::collect(const Vec3& center, double radius, std::vector<int32_t>& out) const {
  const int32_t x0 = java_floor(center.x - radius) >> kCellShift, x1 = java_floor(center.x + radius) >> kCellShift;
  const int32_t z0 = java_floor(center.z - radius) >> kCellShift, z1 = java_floor(center.z + radius) >> kCellShift;
  for (int32_t cz = z0; cz <= z1; ++cz)
    for (int32_t cx = x0; cx <= x1; ++cx) {
      auto it = cells_.find(pack(cx, cz));
      if (it != cells_.end()) out.insert(out.end(), it->second.begin(), it->second.end());
    }
}

}  // namespace hz
