// Per-state block facts the world needs in its inner loops (air, fluid, heightmap classes, light),
// flattened into arrays indexed by state id once, so no loop asks blocks.h by name or by span.
#pragma once

#include <array>
#include <span>
#include <cstdint>

#include "sim/data/blocks.h"

namespace hz {

enum BlockFlag : uint8_t {
  kFlagAir = 1 << 0,             // air, cave_air, void_air
  kFlagFluid = 1 << 1,           // water, lava or waterlogged
  kFlagWater = 1 << 2,           // water or waterlogged
  kFlagMotionBlocking = 1 << 3,  // heightmap MOTION_BLOCKING: collides or holds a fluid
  kFlagSolid = 1 << 4,           // has a collision shape (heightmap OCEAN_FLOOR)
  kFlagLeaves = 1 << 5,          // any *_leaves block
  kFlagRandomTicks = 1 << 6,     // has a random-tick behaviour Horizon runs (docs/rules/random-ticks.md)
};

// Whether a state does anything when a random tick lands on it: grass and mycelium, decaying
// leaves, growing crops, sugar cane, cactus, saplings, ice and snow layers. Sections count these
// so the random tick skips sections that have none.
bool is_randomly_ticking(BlockStateId state);

class BlockTraits {
 public:
  // Built on first use from blocks.h; safe to call from any thread.
  static const BlockTraits& get();

  uint8_t flags(BlockStateId s) const { return flags_[s]; }
  bool is_air(BlockStateId s) const { return flags_[s] & kFlagAir; }
  bool has_fluid(BlockStateId s) const { return flags_[s] & kFlagFluid; }
  bool random_ticks(BlockStateId s) const { return flags_[s] & kFlagRandomTicks; }
  uint8_t opacity(BlockStateId s) const { return opacity_[s]; }
  uint8_t emission(BlockStateId s) const { return emission_[s]; }
  // By state id, for lookups a whole section at a time (PalettedContainer::copy_through).
  std::span<const uint8_t> opacities() const { return opacity_; }
  std::span<const uint8_t> emissions() const { return emission_; }

 private:
  BlockTraits();
  std::array<uint8_t, kBlockStateCount> flags_{};
  std::array<uint8_t, kBlockStateCount> opacity_{};
  std::array<uint8_t, kBlockStateCount> emission_{};
};

}  // namespace hz
