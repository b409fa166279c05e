#include "sim/game/ticking/random_tick_rules.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "sim/data/block_tags.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/directions.h"
#include "sim/game/fluids/fluid_state.h"
#include "sim/game/level/sky_darken.h"
#include "sim/world/block_traits.h"
#include "sim/world/chunk_pos.h"
#include "sim/world/generation_stages.h"

namespace hz {
namespace {

// Block ids and states the rules compare against, looked up by name once.
struct TickBlocks {
  BlockId grass, mycelium, dirt, snow, snow_block, powder_snow, water, lava, farmland, dirt_path;
  BlockId wheat, carrots, potatoes, beetroots, sugar_cane, cactus, cactus_flower, ice;
  BlockStateId dirt_state, water_state, air_state, cactus_state, cactus_flower_state, sugar_cane_state;

  static const TickBlocks& get() {
    static const TickBlocks b = [] {
      auto id = [](std::string_view name) { return *block_by_name(name); };
      TickBlocks t{};
      t.grass = id("grass_block"), t.mycelium = id("mycelium"), t.dirt = id("dirt"), t.snow = id("snow");
      t.snow_block = id("snow_block"), t.powder_snow = id("powder_snow"), t.water = id("water"), t.lava = id("lava");
      t.farmland = id("farmland"), t.dirt_path = id("dirt_path"), t.wheat = id("wheat"), t.carrots = id("carrots");
      t.potatoes = id("potatoes"), t.beetroots = id("beetroots"), t.sugar_cane = id("sugar_cane");
      t.cactus = id("cactus"), t.cactus_flower = id("cactus_flower"), t.ice = id("ice");
      t.dirt_state = default_state_of("dirt"), t.water_state = default_state_of("water");
      t.air_state = default_state_of("air"), t.cactus_state = default_state_of("cactus");
      t.cactus_flower_state = default_state_of("cactus_flower"), t.sugar_cane_state = default_state_of("sugar_cane");
      return t;
    }();
    return b;
  }
};

BlockId block_at(const TickWorld& world, const BlockPos& pos) { return block_of_state(world.block(pos)); }

int int_value(BlockStateId state, std::string_view property) {
  int n = 0;
  for (char c : state_property(state, property)) n = n * 10 + (c - '0');
  return n;
}

BlockStateId with_int(BlockStateId state, std::string_view property, int value) {
  return with_value(state, property, std::to_string(value));
}


bool in_world(const BlockPos& p) { return p.y >= kWorldMinY && p.y <= kWorldMaxY; }

// FluidState.isFull (amount 8): a source, a falling liquid (levels 8..15), a waterlogged block, or
// one that is always wet (kelp, seagrass, bubble columns).
bool is_full_fluid(BlockStateId state) { return fluid_of(state).amount == 8; }

// SnowyDirtBlock.isSnowySetting: the block above is in the `snow` tag.
bool is_snow_setting(BlockStateId above) {
  const TickBlocks& b = TickBlocks::get();
  const BlockId block = block_of_state(above);
  return block == b.snow || block == b.snow_block || block == b.powder_snow;
}

// --- grass and mycelium (SpreadingSnowyDirtBlock) ---

void tick_spreading(TickWorld& world, const BlockPos& pos, BlockStateId state, Rng& rng) {
  const TickBlocks& b = TickBlocks::get();
  if (!can_be_grass(world.block(offset(pos, 0, 1, 0)))) {
    world.set_block(pos, b.dirt_state);
    return;
  }
  if (max_local_raw_brightness(world, offset(pos, 0, 1, 0)) < 9) return;
  const BlockStateId spread = block_info(block_of_state(state)).default_state;
  for (int i = 0; i < 4; ++i) {
    const int dx = static_cast<int>(rng.next_below(3)) - 1;
    const int dy = static_cast<int>(rng.next_below(5)) - 3;
    const int dz = static_cast<int>(rng.next_below(3)) - 1;
    const BlockPos target = offset(pos, dx, dy, dz);
    if (!in_world(target) || block_at(world, target) != b.dirt) continue;
    const BlockStateId above = world.block(offset(target, 0, 1, 0));
    if (!can_propagate(above)) continue;
    world.set_block(target, with_value(spread, "snowy", is_snow_setting(above) ? "true" : "false"));
  }
}

// --- leaves (LeavesBlock) ---

void tick_leaves(TickWorld& world, const BlockPos& pos, BlockStateId state) {
  if (state_property(state, "persistent") != "false" || state_property(state, "distance") != "7") return;
  world.drop_loot(pos, state);
  // Level.removeBlock leaves the block's fluid behind: water where the leaves were waterlogged.
  const TickBlocks& b = TickBlocks::get();
  world.set_block(pos, state_property(state, "waterlogged") == "true" ? b.water_state : b.air_state);
}

// --- crops (CropBlock, BeetrootBlock) ---

void tick_crop(TickWorld& world, const BlockPos& pos, BlockStateId state, BlockId crop, int max_age, Rng& rng) {
  if (crop == TickBlocks::get().beetroots && rng.next_below(3) == 0) return;
  if (raw_brightness(world, pos) < 9) return;
  const int age = int_value(state, "age");
  if (age >= max_age) return;
  const float speed = crop_growth_speed(world, pos, crop);
  if (rng.next_below(static_cast<uint32_t>(crop_growth_bound(speed))) == 0)
    world.set_block(pos, with_int(state, "age", age + 1));
}

// --- sugar cane and cactus ---

bool is_air_at(const TickWorld& world, const BlockPos& pos) { return BlockTraits::get().is_air(world.block(pos)); }

void tick_sugar_cane(TickWorld& world, const BlockPos& pos, BlockStateId state) {
  const TickBlocks& b = TickBlocks::get();
  const BlockPos above = offset(pos, 0, 1, 0);
  if (!in_world(above) || !is_air_at(world, above)) return;
  int height = 1;
  while (block_at(world, offset(pos, 0, -height, 0)) == b.sugar_cane) ++height;
  if (height >= 3) return;
  const int age = int_value(state, "age");
  if (age == 15) {
    world.set_block(above, b.sugar_cane_state);
    world.set_block(pos, with_int(state, "age", 0));
  } else {
    world.set_block(pos, with_int(state, "age", age + 1));
  }
}

// CactusBlock.canSurvive for a cactus at pos.
bool cactus_can_survive(const TickWorld& world, const BlockPos& pos) {
  const TickBlocks& b = TickBlocks::get();
  static constexpr int kSides[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
  for (const auto& s : kSides) {
    const BlockStateId side = world.block(offset(pos, s[0], 0, s[1]));
    if (is_legacy_solid(side) || block_of_state(side) == b.lava) return false;
  }
  const BlockId below = block_at(world, offset(pos, 0, -1, 0));
  // The supports_cactus tag: the sand blocks.
  const std::string_view below_name = block_info(below).name;
  const bool supported = below == b.cactus || below_name == "sand" || below_name == "red_sand" ||
                         below_name == "suspicious_sand";
  const BlockId over = block_at(world, offset(pos, 0, 1, 0));  // a liquid block, not a waterlogged one
  return supported && over != b.water && over != b.lava;
}

void tick_cactus(TickWorld& world, const BlockPos& pos, BlockStateId state, Rng& rng) {
  const TickBlocks& b = TickBlocks::get();
  const BlockPos above = offset(pos, 0, 1, 0);
  if (!in_world(above) || !is_air_at(world, above)) return;
  const int age = int_value(state, "age");
  int height = 1;
  while (block_at(world, offset(pos, 0, -height, 0)) == b.cactus) {
    ++height;
    if (height == 3 && age == 15) return;
  }
  if (age == 8 && cactus_can_survive(world, above)) {
    const double chance = height >= 3 ? 0.25 : 0.1;
    if (rng.next_double() <= chance) world.set_block(above, b.cactus_flower_state);
  } else if (age == 15 && height < 3) {
    world.set_block(above, b.cactus_state);
    world.set_block(pos, with_int(state, "age", 0));
  }
  if (age < 15) world.set_block(pos, with_int(state, "age", age + 1));
}

// --- saplings (SaplingBlock, TreeGrower) ---

std::optional<TreeKind> tree_of_sapling(std::string_view name) {
  if (name == "oak_sapling") return TreeKind::kOak;
  if (name == "birch_sapling") return TreeKind::kBirch;
  if (name == "spruce_sapling") return TreeKind::kSpruce;
  return std::nullopt;  // other saplings reach stage 1 and wait: their trees are not built yet
}

bool is_tree_ground(BlockStateId state) {
  const std::string_view n = block_info(block_of_state(state)).name;
  return n == "dirt" || n == "grass_block" || n == "podzol" || n == "coarse_dirt" || n == "rooted_dirt" ||
         n == "mycelium" || n == "moss_block" || n == "farmland";
}

// Cells a tree may grow into: air and what trees replace (plants, vines, snow layers).
bool is_tree_replaceable(BlockStateId state) {
  if (BlockTraits::get().is_air(state)) return true;
  const std::string_view n = block_info(block_of_state(state)).name;
  return n == "short_grass" || n == "fern" || n == "dead_bush" || n == "vine" || n == "snow" ||
         n == "dandelion" || n == "poppy";
}

void grow_tree(TickWorld& world, const BlockPos& pos, TreeKind kind, Rng& rng) {
  const int height = tree_height(kind, rng.next_below(4));
  const auto shape_seed = static_cast<uint32_t>(rng.next_u64());
  if (pos.y + height + 1 > kWorldMaxY) return;
  const BlockPos ground = offset(pos, 0, -1, 0);
  if (!is_tree_ground(world.block(ground))) return;
  // TreeFeature: the trunk's column and the cell above it must be free.
  for (int dy = 1; dy <= height; ++dy) {
    const BlockStateId s = world.block(offset(pos, 0, dy, 0));
    if (!is_tree_replaceable(s) && !(BlockTraits::get().flags(s) & kFlagLeaves)) return;
  }
  const ChunkPos origin{pos.x >> 4, pos.z >> 4};
  TreePlacement tree;
  tree.x = static_cast<uint8_t>(pos.x & 15), tree.z = static_cast<uint8_t>(pos.z & 15);
  tree.y = static_cast<int16_t>(pos.y), tree.kind = kind, tree.height = static_cast<uint8_t>(height);
  tree.shape_seed = shape_seed;
  const TickBlocks& b = TickBlocks::get();
  const std::string_view ground_name = block_info(block_of_state(world.block(ground))).name;
  if (ground_name != "dirt" && ground_name != "coarse_dirt" && ground_name != "rooted_dirt")
    world.set_block(ground, b.dirt_state);  // no grass under a trunk
  for (const TreeBlock& t : tree_blocks(tree, origin)) {
    const BlockPos at{t.x, t.y, t.z};
    if (!in_world(at)) continue;
    const BlockStateId here = world.block(at);
    const bool leaves_here = BlockTraits::get().flags(here) & kFlagLeaves;
    const bool sapling_here = at == pos;
    if (is_tree_replaceable(here) || sapling_here || (t.is_log && leaves_here)) world.set_block(at, t.state);
  }
}

void tick_sapling(TickWorld& world, const BlockPos& pos, BlockStateId state, Rng& rng) {
  if (max_local_raw_brightness(world, offset(pos, 0, 1, 0)) < 9 || rng.next_below(7) != 0) return;
  if (state_property(state, "stage") == "0") {
    world.set_block(pos, with_value(state, "stage", "1"));
    return;
  }
  if (auto kind = tree_of_sapling(block_info(block_of_state(state)).name)) grow_tree(world, pos, *kind, rng);
}

// --- ice and snow layers ---

void tick_ice(TickWorld& world, const BlockPos& pos, BlockStateId state) {
  if (world.block_light(pos) > 11 - light_opacity(state)) world.set_block(pos, TickBlocks::get().water_state);
}

void tick_snow_layer(TickWorld& world, const BlockPos& pos, BlockStateId state) {
  if (world.block_light(pos) <= 11) return;
  world.drop_loot(pos, state);
  world.set_block(pos, TickBlocks::get().air_state);
}

}  // namespace

uint8_t raw_brightness(const TickWorld& world, const BlockPos& pos) {
  return std::max(world.sky_light(pos), world.block_light(pos));
}

int max_local_raw_brightness(const TickWorld& world, const BlockPos& pos) {
  return hz::raw_brightness(world.sky_light(pos), world.block_light(pos), world.sky_darken());
}

bool occludes_face_below(BlockStateId above) {
  if (light_opacity(above) >= 15) return true;
  const TickBlocks& b = TickBlocks::get();
  const BlockId block = block_of_state(above);
  if (is_slab(block)) return state_property(above, "type") != "top";
  if (is_stairs(block)) return state_property(above, "half") == "bottom";
  if (block == b.snow) return state_property(above, "layers") != "1";
  return block == b.farmland || block == b.dirt_path;
}

bool can_be_grass(BlockStateId above) {
  const TickBlocks& b = TickBlocks::get();
  if (block_of_state(above) == b.snow && state_property(above, "layers") == "1") return true;
  if (is_full_fluid(above)) return false;
  return !occludes_face_below(above);
}

bool can_propagate(BlockStateId above) { return can_be_grass(above) && !is_water(above); }

float crop_growth_speed(const TickWorld& world, const BlockPos& pos, BlockId crop) {
  const TickBlocks& b = TickBlocks::get();
  float speed = 1.0f;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz) {
      float here = 0.0f;
      const BlockStateId soil = world.block(offset(pos, dx, -1, dz));
      if (block_of_state(soil) == b.farmland) here = int_value(soil, "moisture") > 0 ? 3.0f : 1.0f;
      if (dx != 0 || dz != 0) here /= 4.0f;
      speed += here;
    }
  auto same = [&](int dx, int dz) { return block_at(world, offset(pos, dx, 0, dz)) == crop; };
  const bool along_x = same(-1, 0) || same(1, 0);
  const bool along_z = same(0, -1) || same(0, 1);
  if (along_x && along_z) {
    speed /= 2.0f;
  } else if (same(-1, -1) || same(1, -1) || same(1, 1) || same(-1, 1)) {
    speed /= 2.0f;
  }
  return speed;
}

int crop_growth_bound(float speed) { return static_cast<int>(25.0f / speed) + 1; }

bool farmland_near_water(const TickWorld& world, const BlockPos& pos) {
  for (int dx = -4; dx <= 4; ++dx)
    for (int dy = 0; dy <= 1; ++dy)
      for (int dz = -4; dz <= 4; ++dz)
        if (fluid_of(world.block({pos.x + dx, pos.y + dy, pos.z + dz})).type == FluidType::kWater) return true;
  return false;
}

namespace {

// FarmBlock.randomTick: wet beside water or in the rain, else it dries one step a tick, and dry
// farmland with nothing that keeps it (a crop, a stem) above turns to dirt.
void tick_farmland(TickWorld& world, const BlockPos& pos, BlockStateId state) {
  const int moisture = int_value(state, "moisture");
  const BlockPos above{pos.x, pos.y + 1, pos.z};
  if (!farmland_near_water(world, pos) && !world.raining_at(above)) {
    if (moisture > 0) world.set_block(pos, with_int(state, "moisture", moisture - 1));
    else if (!block_in_tag(block_of_state(world.block(above)), "minecraft:maintains_farmland"))
      world.turn_farmland_to_dirt(pos);
  } else if (moisture < 7) {
    world.set_block(pos, with_value(state, "moisture", "7"));
  }
}

}  // namespace

void random_tick_block(TickWorld& world, const BlockPos& pos, BlockStateId state, Rng& rng) {
  const TickBlocks& b = TickBlocks::get();
  const BlockId block = block_of_state(state);
  if (block == b.grass || block == b.mycelium) return tick_spreading(world, pos, state, rng);
  if (block == b.wheat || block == b.carrots || block == b.potatoes) return tick_crop(world, pos, state, block, 7, rng);
  if (block == b.beetroots) return tick_crop(world, pos, state, block, 3, rng);
  if (block == b.farmland) return tick_farmland(world, pos, state);
  if (block == b.sugar_cane) return tick_sugar_cane(world, pos, state);
  if (block == b.cactus) return tick_cactus(world, pos, state, rng);
  if (block == b.ice) return tick_ice(world, pos, state);
  if (block == b.snow) return tick_snow_layer(world, pos, state);
  if (is_leaves(block)) return tick_leaves(world, pos, state);
  if (block_info(block).name.ends_with("_sapling")) return tick_sapling(world, pos, state, rng);
}

}  // namespace hz
