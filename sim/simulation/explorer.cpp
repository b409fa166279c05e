#include "sim/simulation/explorer.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "sim/data/blocks.h"
#include "sim/world/paletted_container.h"

namespace hz {
namespace {

constexpr double kHalfWidth = 0.3;            // a player's box is 0.6 blocks wide
constexpr double kQuarterTurn = 1.5707963267948966;
constexpr double kTurnChance = 1.0 / 40.0;    // per tick: wander off the heading

// How high above its own y a player stands on this block: the top of its collision shape, or of
// a fluid's block (at a fluid's surface the server finds blocks around the player, so it does
// not count it floating), or `water_top` in water; nothing for a block a player falls through.
std::optional<double> stand_height(BlockStateId state, double water_top) {
  const std::span<const ShapeBox> boxes = collision_boxes(state);
  if (boxes.empty() && is_water(state)) return water_top;
  if (boxes.empty()) return has_fluid(state) ? std::optional<double>(1.0) : std::nullopt;
  double top = 0;
  for (const ShapeBox& b : boxes) top = std::max(top, b.max_y);
  return top;
}

std::optional<double> block_top(const std::vector<Section>& sections, int x, int y, int z, double water_top) {
  const Section& section = sections[static_cast<size_t>(section_index_of(y))];
  const std::optional<double> height = stand_height(section.block(block_index(x & 15, y & 15, z & 15)), water_top);
  return height ? std::optional<double>(y + *height) : std::nullopt;
}

}  // namespace

Explorer::Explorer(double speed, uint64_t seed, bool swims)
    : rng_(seed), speed_(speed), water_top_(swims ? kInWater : kOnWater) {
  heading_ = rng_.next_double() * 4 * kQuarterTurn;
}

std::optional<double> Explorer::column_top(const Chunks& chunks, int x, int z, double water_top) {
  auto it = chunks.find(ChunkPos{x >> 4, z >> 4});
  if (it == chunks.end()) return std::nullopt;
  const std::vector<Section>& sections = it->second;
  for (int index = static_cast<int>(sections.size()) - 1; index >= 0; --index) {
    if (sections[static_cast<size_t>(index)].has_only_air()) continue;
    for (int y = kWorldMinY + index * 16 + 15; y >= kWorldMinY + index * 16; --y) {
      const std::optional<double> top = block_top(sections, x, y, z, water_top);
      if (!top) continue;
      // A fence or a wall reaches half a block above itself, above a low block on top of it.
      const std::optional<double> below = y > kWorldMinY ? block_top(sections, x, y - 1, z, water_top) : std::nullopt;
      return std::max(*top, below.value_or(*top));
    }
  }
  return static_cast<double>(kWorldMinY);
}

std::optional<double> Explorer::ground_under(const Chunks& chunks, double x0, double x1, double z0, double z1,
                                             double water_top) {
  double ground = kWorldMinY;
  const int bx1 = static_cast<int>(std::floor(x1 + kHalfWidth)), bz1 = static_cast<int>(std::floor(z1 + kHalfWidth));
  for (int bz = static_cast<int>(std::floor(z0 - kHalfWidth)); bz <= bz1; ++bz)
    for (int bx = static_cast<int>(std::floor(x0 - kHalfWidth)); bx <= bx1; ++bx) {
      const std::optional<double> top = column_top(chunks, bx, bz, water_top);
      if (!top) return std::nullopt;
      ground = std::max(ground, *top);
    }
  return ground;
}

void Explorer::steer(const Position& from) {
  if (!home_) home_ = from;
  const double dx = home_->x - from.x, dz = home_->z - from.z;
  const double jitter = (rng_.next_double() - 0.5) * kQuarterTurn;
  if (dx * dx + dz * dz > kRadius * kRadius) heading_ = std::atan2(dz, dx) + jitter;
  else if (rng_.next_double() < kTurnChance) heading_ += jitter;
}

std::vector<Explorer::Position> Explorer::step(const Position& from, const Chunks& chunks) {
  steer(from);
  const double nx = from.x + std::cos(heading_) * speed_, nz = from.z + std::sin(heading_) * speed_;
  const std::optional<double> here = ground_under(chunks, from.x, from.x, from.z, from.z, water_top_);
  const std::optional<double> across = ground_under(chunks, std::min(from.x, nx), std::max(from.x, nx),
                                                    std::min(from.z, nz), std::max(from.z, nz), water_top_);
  const std::optional<double> there = ground_under(chunks, nx, nx, nz, nz, water_top_);
  if (!here || !across || !there) return {};
  // Under a roof or in a wall (a teleport put it there): a level step, to walk out.
  if (*here > from.y) return {{nx, from.y, nz}};
  std::vector<Position> moves;
  double y = from.y;
  if (*across > y) {
    if (*across - y > kMaxClimb) return {{from.x, y + kMaxClimb, from.z}};
    y = *across;
    moves.push_back({from.x, y, from.z});
  }
  moves.push_back({nx, y, nz});
  if (*there < y) moves.push_back({nx, std::max(*there, y - kMaxDrop), nz});
  return moves;
}

}  // namespace hz
