// The path of an exploring simulated client: a heading that wanders and turns back inside a circle
// around where the client first moved, over the ground its own copy of the chunks shows.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "sim/core/rng.h"
#include "sim/world/chunk_pos.h"
#include "sim/world/section.h"

namespace hz {

// Every position the explorer sends is one the server's collisions let the player reach: a move
// up in the column it stands on, then across at a height above everything the step passes over,
// then down onto the ground, each at most a few blocks. Where the client's copy of a chunk is
// behind the server's, the server pulls the player back, and the move model judges that as any
// other move. The circle bounds the terrain a run generates, so long runs come back to chunks the
// server saved and loads again.
class Explorer {
 public:
  struct Position {
    double x, y, z;
  };
  using Chunks = std::map<ChunkPos, std::vector<Section>>;

  static constexpr double kRadius = 32.0;  // blocks from the first move's start
  static constexpr double kMaxClimb = 1.25;  // blocks up in one tick
  static constexpr double kMaxDrop = 3.0;    // blocks down in one tick
  // How high above a water block's y a player stands in it: on its surface, or, swimming, low
  // enough that the water holds the body (a player's box from 0.4 to 2.2) while the eyes (1.62
  // above the feet) stay above it, so a swimmer does not drown.
  static constexpr double kOnWater = 1.0;
  static constexpr double kInWater = 0.4;
  static_assert(kInWater < 1.0 && kInWater + 1.62 > 1.0, "a swimmer's feet are in the water, its eyes above it");

  // `speed`: blocks a tick across; the heading is drawn from `seed`. A swimmer goes into water
  // rather than over it.
  Explorer(double speed, uint64_t seed, bool swims = false);

  // The positions to send this tick, in order, from where the client stands. Empty when a chunk
  // under the step is not held; a climb alone while the ground ahead is higher than one tick's climb.
  std::vector<Position> step(const Position& from, const Chunks& chunks);

  // The top of the highest block in a column that a player stands on (its collision shape's top,
  // the top of a fluid's block, or `water_top` above a water block's y), or nothing when the
  // column's chunk is not held. The void under an empty column is the world's floor.
  static std::optional<double> column_top(const Chunks& chunks, int x, int z, double water_top = kOnWater);
  // The highest column top under a player's box standing anywhere in [x0, x1] x [z0, z1].
  static std::optional<double> ground_under(const Chunks& chunks, double x0, double x1, double z0, double z1,
                                            double water_top = kOnWater);

 private:
  void steer(const Position& from);

  Rng rng_;
  double speed_;
  double water_top_;
  double heading_;
  std::optional<Position> home_;
};

}  // namespace hz
