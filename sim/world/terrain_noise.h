// Every noise field of the terrain generator, built once per job from the world seed: climate
// (continentalness, temperature, humidity), the shape of hills and valleys, overhangs, surface
// depth and caves. Pure functions of (seed, position).
#pragma once

#include <cstdint>
#include <utility>

#include "sim/world/biomes.h"
#include "sim/world/noise.h"

namespace hz {

// Target surface height of a column and how strongly 3D noise roughens it (overhangs).
struct ColumnShape {
  double height;
  double roughness;
};

class TerrainNoise {
 public:
  explicit TerrainNoise(uint64_t seed);
  // The fields of `seed`, built once per thread and seed: building them draws thousands of
  // permutations, and a job's thread generates one world's chunks one job after another.
  static const TerrainNoise& for_seed(uint64_t seed);

  uint64_t seed() const { return seed_; }
  Climate climate(double x, double z) const;
  BiomeKind biome(double x, double z) const { return choose_biome(climate(x, z)); }
  ColumnShape column_shape(double x, double z) const;
  // Solid where positive: the distance below the target height plus rough 3D noise.
  double density(double x, double y, double z, const ColumnShape& shape) const;
  // Blocks of soil (grass/dirt, sand) above the stone: 3 to 5.
  int surface_depth(int x, int z) const;
  // Cave field: carved where negative. Worm tunnels everywhere, caverns deeper down.
  double cave(double x, double y, double z) const;

 private:
  uint64_t seed_;
  OctaveNoise continentalness_, temperature_, humidity_, erosion_, hills_, overhang_, surface_;
  OctaveNoise tunnel_a_, tunnel_b_, cavern_;
};

// World x, z of a dry-land column near the origin for the world spawn: the first point of an
// outward square spiral (16-block steps) whose target height is above sea level outside water
// biomes. The spawn y is the generated chunk's MOTION_BLOCKING height there.
std::pair<int, int> find_spawn_column(const TerrainNoise& noise);

}  // namespace hz
