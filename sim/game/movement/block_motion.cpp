#include "sim/game/movement/block_motion.h"

#include <string_view>
#include <vector>

#include "sim/data/block_tags.h"

namespace hz {

namespace {

BlockMotion motion_of(BlockId id) {
  const std::string_view name = block_info(id).name;
  BlockMotion m;
  if (name == "ice" || name == "packed_ice" || name == "frosted_ice") m.friction = 0.98f;
  if (name == "blue_ice") m.friction = 0.989f;
  if (name == "slime_block") m.friction = 0.8f, m.bounce = Bounce::kSlime;
  if (name == "soul_sand" || name == "honey_block") m.speed_factor = 0.4f;
  if (name == "honey_block") m.jump_factor = 0.5f;
  if (name.ends_with("_bed")) m.bounce = Bounce::kBed;
  if (name == "cobweb") m.stuck = Stuck::kCobweb;
  if (name == "sweet_berry_bush") m.stuck = Stuck::kBerryBush;
  if (name == "powder_snow") m.stuck = Stuck::kPowderSnow;
  m.lava = name == "lava";
  m.water_block = name == "water" || name == "bubble_column";
  m.climbable = block_in_tag(id, "minecraft:climbable");
  return m;
}

struct MotionTables {
  std::vector<BlockMotion> blocks;
  BlockId scaffolding = 0;
};

const MotionTables& motion_tables() {
  static const MotionTables t = [] {
    MotionTables out;
    for (int id = 0; id < block_count(); ++id) out.blocks.push_back(motion_of(static_cast<BlockId>(id)));
    out.scaffolding = *block_by_name("scaffolding");
    return out;
  }();
  return t;
}

}  // namespace

const BlockMotion& block_motion(BlockStateId state) { return motion_tables().blocks[block_of_state(state)]; }

bool is_scaffolding(BlockStateId state) { return block_of_state(state) == motion_tables().scaffolding; }

Vec3 stuck_multiplier(Stuck stuck) {
  switch (stuck) {
    case Stuck::kCobweb: return {static_cast<double>(0.25f), static_cast<double>(0.05f), static_cast<double>(0.25f)};
    case Stuck::kBerryBush: return {static_cast<double>(0.8f), static_cast<double>(0.75f), static_cast<double>(0.8f)};
    case Stuck::kPowderSnow: return {static_cast<double>(0.9f), static_cast<double>(1.5f), static_cast<double>(0.9f)};
    default: return {};
  }
}

}  // namespace hz
