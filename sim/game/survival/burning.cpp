#include "sim/game/survival/burning.h"

#include <algorithm>
#include <cmath>

#include "sim/core/java_format.h"
#include "sim/data/blocks.h"
#include "sim/game/entities/entity_physics.h"
#include "sim/game/movement/block_motion.h"

namespace hz::burning {

namespace {

float fire_damage_of(BlockStateId state) {
  static const BlockId fire = block_of_state(default_state_of("fire"));
  static const BlockId soul_fire = block_of_state(default_state_of("soul_fire"));
  const BlockId block = block_of_state(state);
  return block == fire ? 1.0f : block == soul_fire ? 2.0f : 0.0f;
}

}  // namespace

Inside inside_blocks(const BlockSource& blocks, const Aabb& box) {
  Inside out;
  // The cells come from the box shrunk by 1e-5; a fluid counts where the whole box meets it.
  const Aabb cells = box.deflate(static_cast<double>(1.0e-5f));
  for (int x = java_floor(cells.min_x); x <= java_floor(cells.max_x); ++x)
    for (int y = java_floor(cells.min_y); y <= java_floor(cells.max_y); ++y)
      for (int z = java_floor(cells.min_z); z <= java_floor(cells.max_z); ++z) {
        const BlockStateId state = blocks.block(x, y, z);
        if (const float damage = fire_damage_of(state); damage > 0.0f) {
          out.fire = true;
          out.fire_damage = std::max(out.fire_damage, damage);
        }
        const bool water = is_water(state), lava = block_motion(state).lava;
        if (!water && !lava) continue;
        const double top = y + entity_physics::liquid_height(blocks, x, y, z, water);
        if (!box.intersects(x, y, z, x + 1.0, top, z + 1.0)) continue;
        (water ? out.water : out.lava) = true;
      }
  return out;
}

int ignite(int remaining, int ticks, double burning_time) {
  const int scaled = static_cast<int>(std::ceil(static_cast<double>(ticks) * burning_time));
  return remaining < scaled ? scaled : remaining;
}

int fire_ignite(int remaining, int extra, double burning_time) {
  remaining = remaining < 0 ? remaining + 1 : remaining + extra;
  return remaining >= 0 ? ignite(remaining, kFireIgniteTicks, burning_time) : remaining;
}

}  // namespace hz::burning
