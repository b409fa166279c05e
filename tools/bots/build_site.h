// A building bot's plan: a spot of its own near spawn, the ground heights around it (read from the
// chunk packets' heightmaps), the trip there, and one place-or-break action per interval.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <utility>

#include "sim/protocol/wire.h"
#include "tools/bots/flight.h"

namespace hz::bots {

// Spots are this far apart, so no two bots build on the same columns.
inline constexpr int kBuildSpacing = 3;
// Spots lie within this many lattice steps of spawn on each axis (11 x 11 - 1 = 120 spots).
inline constexpr int kBuildLatticeRadius = 5;

struct BuildAction {
  enum class Kind { kPlace, kBreak } kind;
  BlockPos block;  // place: the block clicked (its top face); break: the block dug
};

class BuildSite {
 public:
  BuildSite(const Vec3d& spawn, int bot_index, int ticks_per_action);

  // A chunk packet's body (after x and z): keeps the MOTION_BLOCKING heights of chunks near the
  // spot. False when the heightmaps cannot be read.
  bool on_chunk(int32_t chunk_x, int32_t chunk_z, std::span<const uint8_t> body);

  // The next position while travelling (climb, cross at the cruise height, descend onto the
  // spot), or nothing once standing there or while the spot's ground is unknown.
  std::optional<Vec3d> travel_step(const Vec3d& from);
  bool at_site() const { return arrived_; }
  // Called once a client tick while standing at the spot: an action every `ticks_per_action`.
  std::optional<BuildAction> work_tick();
  int spot_x() const { return spot_x_; }
  int spot_z() const { return spot_z_; }

 private:
  // The y of the top motion-blocking block of a column, if its chunk has arrived.
  std::optional<int> ground_y(int x, int z) const;

  Vec3d spawn_;
  int spot_x_ = 0, spot_z_ = 0;
  int ticks_per_action_;
  std::map<std::pair<int32_t, int32_t>, std::array<int16_t, 256>> ground_;  // chunk -> column top y
  bool arrived_ = false;
  int ticks_ = 0;
  uint64_t actions_ = 0;
};

// The lattice offset (in spots) of bot `index`: spots nearest spawn first, spawn itself excluded.
std::pair<int, int> build_spot_offset(int bot_index);

}  // namespace hz::bots
