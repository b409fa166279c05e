// FEATURES stage and the feature plan: ores, plants, trees (own and neighbours'), snow and ice.
#include <cstdlib>

#include "sim/core/rng.h"
#include "sim/world/block_traits.h"
#include "sim/world/dense_blocks.h"
#include "sim/world/generation_stages.h"

namespace hz {
namespace {

constexpr int64_t kTreeSalt = 0x7472656573;   // "trees"
constexpr int64_t kOreSalt = 0x6f726573;      // "ores"
constexpr int64_t kPlantSalt = 0x706c616e74;  // "plant"
constexpr int kTreeAttempts = 12;
constexpr int kTreeReach = 3;

// Chance in percent that a tree attempt in this biome grows a tree.
int tree_chance(BiomeKind kind) {
  switch (kind) {
    case BiomeKind::kForest:
    case BiomeKind::kBirchForest: return 70;
    case BiomeKind::kTaiga:
    case BiomeKind::kSnowyTaiga: return 55;
    case BiomeKind::kPlains:
    case BiomeKind::kSnowyPlains: return 2;
    default: return 0;
  }
}

TreeKind tree_kind(BiomeKind biome, uint32_t pick) {
  switch (biome) {
    case BiomeKind::kBirchForest: return TreeKind::kBirch;
    case BiomeKind::kForest: return pick < 20 ? TreeKind::kBirch : TreeKind::kOak;
    case BiomeKind::kTaiga:
    case BiomeKind::kSnowyTaiga:
    case BiomeKind::kSnowyPlains: return TreeKind::kSpruce;
    default: return TreeKind::kOak;
  }
}


struct OreRule {
  int kind, attempts, min_y, max_y, size;
};

// Index into WorldgenBlocks::ores: coal, iron, copper, gold, redstone, lapis, diamond.
constexpr OreRule kOreRules[] = {
    {0, 20, 0, 192, 12}, {1, 12, -24, 80, 8}, {2, 8, -16, 112, 9}, {3, 4, -64, 32, 8},
    {4, 5, -64, 15, 7},  {5, 2, -32, 32, 6},  {6, 3, -64, 16, 6},
};

void place_ores(uint64_t seed, ChunkPos pos, DenseBlocks& blocks, const WorldgenBlocks& b) {
  Rng rng = Rng::derive(seed, pos.x, pos.z, kOreSalt);
  static constexpr int kSteps[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  for (const OreRule& rule : kOreRules) {
    for (int a = 0; a < rule.attempts; ++a) {
      int x = static_cast<int>(rng.next_below(16)), z = static_cast<int>(rng.next_below(16));
      int y = rule.min_y + static_cast<int>(rng.next_below(static_cast<uint32_t>(rule.max_y - rule.min_y + 1)));
      for (int s = 0; s < rule.size; ++s) {
        const BlockStateId here = blocks.get(x, y, z);
        if (here == b.stone) blocks.set(x, y, z, b.ores[static_cast<size_t>(rule.kind)]);
        if (here == b.deepslate) blocks.set(x, y, z, b.deepslate_ores[static_cast<size_t>(rule.kind)]);
        const auto& step = kSteps[rng.next_below(6)];
        // A vein stays inside its chunk: steps that would leave it are not taken.
        if (x + step[0] >= 0 && x + step[0] < 16) x += step[0];
        if (y + step[1] > kWorldMinY + 4 && y + step[1] <= kWorldMaxY) y += step[1];
        if (z + step[2] >= 0 && z + step[2] < 16) z += step[2];
      }
    }
  }
}

// Per mille chances of short grass and of a flower on a grass block.
struct PlantChance {
  int grass, flower;
};

PlantChance plant_chance(BiomeKind kind) {
  switch (kind) {
    case BiomeKind::kPlains: return {200, 15};
    case BiomeKind::kForest:
    case BiomeKind::kBirchForest: return {100, 12};
    case BiomeKind::kTaiga: return {80, 0};
    default: return {0, 0};
  }
}

void place_plants(uint64_t seed, const ChunkColumn& column, DenseBlocks& blocks, const WorldgenBlocks& b) {
  Rng rng = Rng::derive(seed, column.pos().x, column.pos().z, kPlantSalt);
  for (int z = 0; z < 16; ++z)
    for (int x = 0; x < 16; ++x) {
      const int roll = static_cast<int>(rng.next_below(1000));
      const bool pick = rng.next_below(2) == 0;
      const int top = column.top_y(HeightmapType::kWorldSurface, x, z);
      if (top < kWorldMinY || top >= kWorldMaxY) continue;
      const BlockStateId ground = blocks.get(x, top, z);
      const BiomeKind kind = biome_kind_of(column.biome_at(x, top, z));
      if (ground == b.grass) {
        const PlantChance chance = plant_chance(kind);
        if (roll < chance.grass) {
          blocks.set(x, top + 1, z, b.short_grass);
        } else if (roll < chance.grass + chance.flower) {
          blocks.set(x, top + 1, z, pick ? b.dandelion : b.poppy);
        }
      } else if (ground == b.sand && kind == BiomeKind::kDesert && roll < 6) {
        blocks.set(x, top + 1, z, b.dead_bush);
      }
    }
}

bool is_plant(BlockStateId s, const WorldgenBlocks& b) {
  return s == b.short_grass || s == b.dandelion || s == b.poppy || s == b.dead_bush || s == b.snow_layer;
}

// The write rule that makes tree placement order-free per block: logs take air, plants and
// leaves; leaves take only air and plants; the first tree in the global order wins the rest.
void place_tree_block(const TreeBlock& t, ChunkPos pos, DenseBlocks& blocks, const WorldgenBlocks& b,
                      const BlockTraits& traits) {
  const int lx = t.x - pos.x * 16, lz = t.z - pos.z * 16;
  if (lx < 0 || lx > 15 || lz < 0 || lz > 15 || t.y < kWorldMinY || t.y > kWorldMaxY) return;
  const BlockStateId here = blocks.get(lx, t.y, lz);
  const bool open = traits.is_air(here) || is_plant(here, b);
  if (open || (t.is_log && (traits.flags(here) & kFlagLeaves))) blocks.set(lx, t.y, lz, t.state);
}

void place_trees(ChunkPos pos, const NeighbourPlans& plans, DenseBlocks& blocks, const WorldgenBlocks& b) {
  const BlockTraits& traits = BlockTraits::get();
  // Chunks in ascending (x, z) order, then each plan in its own order: one global order.
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz) {
      const FeaturePlan* plan = plans[static_cast<size_t>((dx + 1) * 3 + (dz + 1))];
      if (plan == nullptr) continue;
      const ChunkPos origin{pos.x + dx, pos.z + dz};
      for (const TreePlacement& tree : plan->trees) {
        const int wx = origin.x * 16 + tree.x, wz = origin.z * 16 + tree.z;
        if (wx + kTreeReach < pos.x * 16 || wx - kTreeReach > pos.x * 16 + 15 || wz + kTreeReach < pos.z * 16 ||
            wz - kTreeReach > pos.z * 16 + 15) {
          continue;
        }
        if (origin == pos && blocks.get(tree.x, tree.y - 1, tree.z) == b.grass) {
          blocks.set(tree.x, tree.y - 1, tree.z, b.dirt);  // no grass under a trunk
        }
        for (const TreeBlock& t : tree_blocks(tree, origin)) place_tree_block(t, pos, blocks, b, traits);
      }
    }
}

// Snowy biomes: ice on open water, a snow layer on anything with a full top, snowy grass below it.
void freeze(const ChunkColumn& column, DenseBlocks& blocks, const WorldgenBlocks& b) {
  const BlockTraits& traits = BlockTraits::get();
  for (int z = 0; z < 16; ++z)
    for (int x = 0; x < 16; ++x) {
      const int top = blocks.top_non_air(x, z);
      if (top < kWorldMinY || top >= kWorldMaxY) continue;
      if (!is_snowy(biome_kind_of(column.biome_at(x, top, z)))) continue;
      const BlockStateId s = blocks.get(x, top, z);
      if (s == b.water) {
        blocks.set(x, top, z, b.ice);
      } else if ((traits.flags(s) & kFlagLeaves) || traits.opacity(s) == 15) {
        blocks.set(x, top + 1, z, b.snow_layer);
        if (s == b.grass) blocks.set(x, top, z, b.snowy_grass);
      }
    }
}

}  // namespace

int tree_height(TreeKind kind, uint32_t extra) {
  switch (kind) {
    case TreeKind::kOak: return 4 + static_cast<int>(extra % 3);
    case TreeKind::kBirch: return 5 + static_cast<int>(extra % 3);
    case TreeKind::kSpruce: return 6 + static_cast<int>(extra);
  }
  return 4;
}

FeaturePlan plan_features(uint64_t seed, const ChunkColumn& carved) {
  const WorldgenBlocks& b = WorldgenBlocks::get();
  Rng rng = Rng::derive(seed, carved.pos().x, carved.pos().z, kTreeSalt);
  FeaturePlan plan;
  for (int a = 0; a < kTreeAttempts; ++a) {
    const auto x = static_cast<uint8_t>(rng.next_below(16));
    const auto z = static_cast<uint8_t>(rng.next_below(16));
    const uint32_t roll = rng.next_below(100), pick = rng.next_below(100), extra = rng.next_below(4);
    const auto shape_seed = static_cast<uint32_t>(rng.next_u64());
    const int top = carved.top_y(HeightmapType::kWorldSurface, x, z);
    if (top < kWorldMinY) continue;
    const BiomeKind biome = biome_kind_of(carved.biome_at(x, top, z));
    if (static_cast<int>(roll) >= tree_chance(biome)) continue;
    const BlockStateId ground = carved.block(x, top, z);
    if (ground != b.grass && ground != b.dirt) continue;
    const TreeKind kind = tree_kind(biome, pick);
    const int height = tree_height(kind, extra);
    if (top + height + 3 > kWorldMaxY) continue;
    bool crowded = false;
    for (const TreePlacement& other : plan.trees) {
      crowded |= std::abs(other.x - x) <= 2 && std::abs(other.z - z) <= 2;
    }
    if (crowded) continue;
    plan.trees.push_back({x, z, static_cast<int16_t>(top + 1), kind, static_cast<uint8_t>(height), shape_seed});
  }
  return plan;
}

void run_feature_stage(uint64_t seed, ChunkColumn& column, const NeighbourPlans& plans) {
  const WorldgenBlocks& b = WorldgenBlocks::get();
  DenseBlocks blocks(column);
  place_ores(seed, column.pos(), blocks, b);
  place_plants(seed, column, blocks, b);
  place_trees(column.pos(), plans, blocks, b);
  freeze(column, blocks, b);
  blocks.store_into(column);
  column.set_status(ChunkStatus::kFeatures);
}

}  // namespace hz
