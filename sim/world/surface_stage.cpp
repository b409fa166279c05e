// SURFACE stage: replaces the top of the stone with each biome's soil.
#include "sim/world/dense_blocks.h"
#include "sim/world/generation_stages.h"

namespace hz {
namespace {

// What covers the stone: `depth` blocks (the first may differ), then a few of `base`.
struct SoilLayers {
  BlockStateId top, fill, base;
  int base_depth;
};

// Water deeper than this gets a gravel floor.
constexpr int kDeepWater = 10;

SoilLayers soil_for(BiomeKind kind, int water_depth, const WorldgenBlocks& b) {
  const bool underwater = water_depth > 0;
  switch (kind) {
    case BiomeKind::kDesert:
    case BiomeKind::kBeach:
    case BiomeKind::kSnowyBeach:
      return {b.sand, b.sand, b.sandstone, kind == BiomeKind::kDesert ? 4 : 2};
    case BiomeKind::kDeepOcean:
    case BiomeKind::kOcean:
    case BiomeKind::kFrozenOcean:
      if (water_depth > kDeepWater) return {b.gravel, b.gravel, b.stone, 0};
      return {b.sand, b.sand, b.sandstone, 2};
    default:
      if (!underwater) return {b.grass, b.dirt, b.stone, 0};
      if (water_depth <= 2) return {b.sand, b.sand, b.stone, 0};  // banks of lakes
      return {b.dirt, b.dirt, b.stone, 0};
  }
}

void cover_column(const TerrainNoise& noise, const ChunkColumn& column, DenseBlocks& blocks, int x, int z,
                  const WorldgenBlocks& b) {
  int y = blocks.top_non_air(x, z);
  int water_top = kWorldMinY - 1;
  while (y > kWorldMinY && blocks.get(x, y, z) == b.water) {
    if (water_top < y) water_top = y;
    --y;
  }
  const BlockStateId first = blocks.get(x, y, z);
  if (first != b.stone && first != b.deepslate) return;
  const int water_depth = water_top >= y ? water_top - y : 0;
  const BiomeKind kind = biome_kind_of(column.biome_at(x, y, z));
  const SoilLayers soil = soil_for(kind, water_depth, b);
  const int depth = noise.surface_depth(column.pos().x * 16 + x, column.pos().z * 16 + z);
  for (int d = 0; d < depth + soil.base_depth && y - d > kWorldMinY + 4; ++d) {
    const BlockStateId here = blocks.get(x, y - d, z);
    if (here != b.stone && here != b.deepslate) break;  // an air pocket ends the soil
    const BlockStateId s = d == 0 ? soil.top : (d < depth ? soil.fill : soil.base);
    blocks.set(x, y - d, z, s);
  }
}

}  // namespace

void run_surface_stage(const TerrainNoise& noise, ChunkColumn& column) {
  const WorldgenBlocks& b = WorldgenBlocks::get();
  DenseBlocks blocks(column);
  for (int z = 0; z < 16; ++z)
    for (int x = 0; x < 16; ++x) cover_column(noise, column, blocks, x, z, b);
  blocks.store_into(column);
  column.set_status(ChunkStatus::kSurface);
}

}  // namespace hz
