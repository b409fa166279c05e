// Building bots: where each builds, how it gets there, and the place/break cycle.
#include "tools/bots/build_site.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "sim/protocol/wire.h"
#include "sim/world/heightmaps.h"

namespace hz::bots {

namespace {

constexpr int kWorldMinY = -64;
constexpr double kTravelStep = 0.25;  // blocks a tick (5 blocks a second)
// The four columns a bot builds on, around the one it stands on.
constexpr int kNeighbours[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};

std::vector<std::pair<int, int>> lattice_by_distance() {
  std::vector<std::pair<int, int>> spots;
  for (int i = -kBuildLatticeRadius; i <= kBuildLatticeRadius; ++i) {
    for (int j = -kBuildLatticeRadius; j <= kBuildLatticeRadius; ++j) {
      if (i != 0 || j != 0) spots.emplace_back(i, j);
    }
  }
  std::stable_sort(spots.begin(), spots.end(), [](auto a, auto b) {
    return a.first * a.first + a.second * a.second < b.first * b.first + b.second * b.second;
  });
  return spots;
}

double approach(double from, double to, double step) {
  double d = to - from;
  return std::abs(d) <= step ? to : from + std::copysign(step, d);
}

}  // namespace

std::pair<int, int> build_spot_offset(int bot_index) {
  static const std::vector<std::pair<int, int>> spots = lattice_by_distance();
  return spots[static_cast<size_t>(std::max(0, bot_index - 1)) % spots.size()];
}

BuildSite::BuildSite(const Vec3d& spawn, int bot_index, int ticks_per_action)
    : spawn_(spawn), ticks_per_action_(std::max(1, ticks_per_action)) {
  auto [i, j] = build_spot_offset(bot_index);
  spot_x_ = static_cast<int>(std::floor(spawn.x)) + i * kBuildSpacing;
  spot_z_ = static_cast<int>(std::floor(spawn.z)) + j * kBuildSpacing;
}

bool BuildSite::on_chunk(int32_t chunk_x, int32_t chunk_z, std::span<const uint8_t> body) {
  // Only the chunks under the spot and its neighbours matter.
  if (std::abs(chunk_x - (spot_x_ >> 4)) > 1 || std::abs(chunk_z - (spot_z_ >> 4)) > 1) return true;
  ByteReader in(body);
  int32_t count = in.varint();
  for (int32_t k = 0; k < count && in.ok(); ++k) {
    int32_t type = in.varint();
    int32_t length = in.varint();
    if (length < 0 || length > 64) return false;
    std::vector<uint64_t> longs(static_cast<size_t>(length));
    for (uint64_t& word : longs) word = in.u64();
    if (type != heightmap_protocol_id(HeightmapType::kMotionBlocking)) continue;
    Heightmaps maps;
    if (!in.ok() || !maps.unpack(HeightmapType::kMotionBlocking, longs)) return false;
    auto& tops = ground_[{chunk_x, chunk_z}];
    for (int z = 0; z < 16; ++z) {
      for (int x = 0; x < 16; ++x) {
        tops[static_cast<size_t>(z * 16 + x)] =
            static_cast<int16_t>(maps.value(HeightmapType::kMotionBlocking, x, z) + kWorldMinY - 1);
      }
    }
  }
  return in.ok();
}

std::optional<int> BuildSite::ground_y(int x, int z) const {
  auto it = ground_.find({x >> 4, z >> 4});
  if (it == ground_.end()) return std::nullopt;
  return it->second[static_cast<size_t>((z & 15) * 16 + (x & 15))];
}

std::optional<Vec3d> BuildSite::travel_step(const Vec3d& from) {
  if (arrived_) return std::nullopt;
  std::optional<int> ground = ground_y(spot_x_, spot_z_);
  if (!ground) return std::nullopt;
  const Vec3d spot{spot_x_ + 0.5, *ground + 1.0, spot_z_ + 0.5};
  const double cruise = std::max(spawn_.y, spot.y) + kCruiseHeight;
  const bool above_spot = std::abs(from.x - spot.x) < 1e-9 && std::abs(from.z - spot.z) < 1e-9;
  Vec3d to = from;
  if (above_spot) {
    to.y = approach(from.y, spot.y, kTravelStep * 2);
    arrived_ = to.y == spot.y;
  } else if (from.y < cruise) {
    to.y = approach(from.y, cruise, kTravelStep * 2);
  } else {
    double dx = spot.x - from.x, dz = spot.z - from.z, left = std::hypot(dx, dz);
    double step = std::min(left, kTravelStep);
    to.x = left <= kTravelStep ? spot.x : from.x + dx / left * step;
    to.z = left <= kTravelStep ? spot.z : from.z + dz / left * step;
  }
  return to;
}

std::optional<BuildAction> BuildSite::work_tick() {
  if (!arrived_ || ++ticks_ % ticks_per_action_ != 0) return std::nullopt;
  const uint64_t n = actions_++;
  const int* d = kNeighbours[(n / 2) % 4];
  const int x = spot_x_ + d[0], z = spot_z_ + d[1];
  std::optional<int> ground = ground_y(x, z);
  if (!ground) return std::nullopt;
  // Place on top of the neighbour's ground, then break that block: the world ends as it began.
  if (n % 2 == 0) return BuildAction{BuildAction::Kind::kPlace, BlockPos{x, *ground, z}};
  return BuildAction{BuildAction::Kind::kBreak, BlockPos{x, *ground + 1, z}};
}

}  // namespace hz::bots
