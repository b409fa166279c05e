// Which chunks are inside a player's simulation distance (vanilla's DistanceManager simulation
// tickets): squares around players' chunks, counted per chunk and kept as an ordered set.
#pragma once

#include <cstddef>
#include <cstdint>
#include <set>

#include "sim/game/world/loading_tickets.h"
#include "sim/world/chunk_pos.h"

namespace hz {

// Vanilla's simulation ticket: a player's chunk gets level max(0, 31 - s); the level grows by one
// per chunk of Chebyshev distance. Entity ticking is level <= 31, block ticking level <= 32.
inline constexpr int kEntityTickingLevel = 31;
inline constexpr int kBlockTickingLevel = 32;
inline int simulation_ticket_level(int simulation_distance) {
  return simulation_distance >= kEntityTickingLevel ? 0 : kEntityTickingLevel - simulation_distance;
}
// How far from a player's chunk chunks are entity ticking (random ticks run there too).
inline int entity_ticking_radius(int simulation_distance) {
  return kEntityTickingLevel - simulation_ticket_level(simulation_distance);
}
inline int block_ticking_radius(int simulation_distance) {
  return kBlockTickingLevel - simulation_ticket_level(simulation_distance);
}

class SimulationChunks {
 public:
  explicit SimulationChunks(int simulation_distance) : radius_(entity_ticking_radius(simulation_distance)) {}

  void add_player(ChunkPos center);
  void remove_player(ChunkPos center);
  void move_player(ChunkPos from, ChunkPos to);

  // Entity-ticking chunks (within the radius of some player), in (x, z) order.
  const std::set<ChunkPos>& chunks() const { return chunks_; }
  bool contains(ChunkPos pos) const { return tickets_.wanted(pos); }
  // Block ticking (scheduled block and fluid ticks): one chunk further than entity ticking.
  bool block_ticking(ChunkPos pos) const { return block_tickets_.wanted(pos); }
  int radius() const { return radius_; }
  // Moves on every change of the set (a cache key).
  uint64_t version() const { return version_; }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(radius_, tickets_, block_tickets_, chunks_, version_);
  }

 private:
  ChunkSquare square(ChunkPos center) const { return ChunkSquare{center, radius_}; }
  ChunkSquare block_square(ChunkPos center) const { return ChunkSquare{center, radius_ + 1}; }

  int radius_;
  LoadingTickets tickets_;
  LoadingTickets block_tickets_;
  std::set<ChunkPos> chunks_;
  uint64_t version_ = 0;
};

}  // namespace hz
