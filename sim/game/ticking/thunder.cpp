#include "sim/game/ticking/thunder.h"

#include "sim/game/ticking/random_tick_pos.h"

namespace hz {

bool raining_at(const PrecipitationWorld& world, const BlockPos& pos, bool raining) {
  if (!raining || world.sky_light(pos) < 15) return false;
  if (world.motion_blocking_top(pos.x, pos.z) > pos.y) return false;
  return precipitation_at(world.biome(pos), pos.y) == Precipitation::kRain;
}

BlockPos lightning_target(const PrecipitationWorld& world, const BlockPos& random_pos, const std::vector<BlockPos>& living,
                          Rng& rng) {
  BlockPos center{random_pos.x, world.motion_blocking_top(random_pos.x, random_pos.z), random_pos.z};
  // The search box: the column from the centre up to the top of the world, 3 wider each way.
  std::vector<BlockPos> candidates;
  for (const BlockPos& p : living) {
    // Entity boxes are approximated by their block: inside the inflated column's box.
    if (p.x < center.x - 3 || p.x > center.x + 3 || p.z < center.z - 3 || p.z > center.z + 3) continue;
    if (p.y < center.y - 3 || p.y > kWorldMaxY + 1 + 3) continue;
    if (world.sky_light(p) < 15) continue;
    candidates.push_back(p);
  }
  if (!candidates.empty()) return candidates[rng.next_below(static_cast<uint32_t>(candidates.size()))];
  if (center.y == kWorldMinY - 1) center.y += 2;
  return center;
}

std::optional<BlockPos> thunder_strike(const PrecipitationWorld& world, int min_x, int min_z, bool raining,
                                       bool thundering, const std::function<std::vector<BlockPos>()>& living, Rng& rng) {
  if (!raining || !thundering || rng.next_below(kThunderChance) != 0) return std::nullopt;
  const SectionOffset o = random_tick_offset(random_tick_draw(rng));
  const BlockPos pos = lightning_target(world, BlockPos{min_x + o.x, o.y, min_z + o.z}, living(), rng);
  if (!raining_at(world, pos, raining)) return std::nullopt;
  // Skeleton trap horses need mobs (the Mobs system); every bolt here is a real one.
  return pos;
}

}  // namespace hz
