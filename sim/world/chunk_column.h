// A 16x384x16 chunk column: 24 sections from y=-64, its heightmaps kept current on every change,
// its light, its generation status, and a version that moves whenever anything sent changes.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "sim/core/types.h"
#include "sim/data/blocks.h"
#include "sim/world/chunk_pos.h"
#include "sim/world/chunk_status.h"
#include "sim/world/column_light.h"
#include "sim/world/feature_plan.h"
#include "sim/world/heightmaps.h"
#include "sim/world/section.h"

namespace hz {

class ChunkColumn {
 public:
  explicit ChunkColumn(ChunkPos pos, uint16_t biome = 0);

  ChunkPos pos() const { return pos_; }

  // Block at local x, z (0..15) and world y; air outside the world's height.
  BlockStateId block(int x, int y, int z) const {
    if (y < kWorldMinY || y > kWorldMaxY) return 0;
    return sections_[static_cast<size_t>(section_index_of(y))].block(block_index(x, y & 15, z));
  }
  // Stores a block and keeps counts and heightmaps exact; returns the previous state. Marks the
  // light stale (the caller relights; see light_engine.h) and moves the version.
  BlockStateId set_block(int x, int y, int z, BlockStateId state);

  // Biome of the 4x4x4 cell holding local x, z and world y.
  uint16_t biome_at(int x, int y, int z) const;
  void set_biome_cell(int cell_x, int cell_y, int cell_z, uint16_t biome);  // cell_y 0..95

  Section& section(int index) { return sections_[static_cast<size_t>(index)]; }
  const Section& section(int index) const { return sections_[static_cast<size_t>(index)]; }
  // After writing sections directly (generation, loading): recount heightmaps, bump the version.
  void sections_replaced();

  const Heightmaps& heightmaps() const { return heightmaps_; }
  // World y of the top matching block of a column, or kWorldMinY - 1 when none matches.
  int top_y(HeightmapType type, int x, int z) const { return heightmaps_.value(type, x, z) + kWorldMinY - 1; }
  void recompute_heightmaps();

  const ColumnLight& light() const { return light_; }
  // True when the light matches the blocks (set by the light engine, cleared by set_block).
  bool light_valid() const { return light_valid_; }
  void set_light(ColumnLight light);
  // A neighbour's blocks changed: this light is stale until set_light (moves the version).
  void invalidate_light();

  // The trees this chunk planted (set from CARVERS on; null for chunks read from storage).
  // Neighbours generated later read it, so it travels with the column.
  const std::shared_ptr<const FeaturePlan>& feature_plan() const { return feature_plan_; }
  void set_feature_plan(std::shared_ptr<const FeaturePlan> plan) { feature_plan_ = std::move(plan); }

  ChunkStatus status() const { return status_; }
  void set_status(ChunkStatus status) { status_ = status; }
  // Moves on every block, biome or light change; caches compare against it.
  uint64_t version() const { return version_; }
  // Bit i is set when section i holds a block with a random-tick behaviour (its count, section.h).
  // Cached against version(): random ticks read it for every ticking chunk every tick, and
  // touching 24 sections for it would cost a cache miss each.
  uint32_t random_ticking_sections() const;

  // Everything of map_chunk after chunk x/z, encoded once per version and shared by all players.
  SharedBytes packet_body() const;
  // The whole map_chunk packet (VarInt packet id, int x, int z, body), cached the same way.
  SharedBytes map_chunk_packet(int packet_id) const;
  // Light update fields (after its chunk x/z), cached per version.
  SharedBytes light_packet_fields() const;

  // Frees every cached encoding (packets and sections); they are rebuilt on the next request.
  void drop_caches() const;

  // Heap and inline bytes held (caches included), for memory accounting.
  size_t memory_bytes() const;
  // A digest of blocks, biomes, heightmaps and light (not caches or version). Canonical: equal
  // contents hash equally however they are stored; it reads every cell, so it is slow (~1 ms).
  uint64_t content_hash() const;
  // A digest of the same contents as stored: palettes and packed indices, heightmap words, light
  // arrays (or a uniform level). Equal contents in differently built palettes differ, which two
  // runs of the same inputs never produce, so it serves the core's state hash at a fraction of
  // content_hash's cost (it reads packed words, not cells).
  uint64_t stored_hash() const;

 private:
  void refresh_heightmap(HeightmapType type, int x, int z, int below_y);

  ChunkPos pos_;
  std::array<Section, kSectionCount> sections_;
  Heightmaps heightmaps_;
  ColumnLight light_;
  bool light_valid_ = false;
  ChunkStatus status_ = ChunkStatus::kEmpty;
  std::shared_ptr<const FeaturePlan> feature_plan_;
  uint64_t version_ = 1;

  struct CachedBytes {
    uint64_t version = 0;
    int tag = 0;
    SharedBytes bytes;
  };
  mutable CachedBytes body_cache_;
  mutable CachedBytes packet_cache_;
  mutable CachedBytes light_cache_;
  mutable uint32_t ticking_sections_ = 0;
  mutable uint64_t ticking_sections_version_ = 0;  // 0: never computed (versions start at 1)
};

}  // namespace hz
