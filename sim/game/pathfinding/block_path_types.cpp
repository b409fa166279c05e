#include "sim/game/pathfinding/block_path_types.h"

#include <string_view>
#include <vector>

#include "sim/data/block_tags.h"
#include "sim/game/movement/block_shapes.h"

namespace hz {

namespace {

bool property_is(BlockStateId state, std::string_view property, std::string_view value) {
  return state_property(state, property) == value;
}

bool is_lava_fluid(BlockStateId state) { return has_fluid(state) && !is_water(state); }

// Blocks whose class answers isPathfindable(LAND) with false whatever their shape.
bool refuses_land_paths(std::string_view name) {
  static constexpr std::string_view kSuffixes[] = {
      "_stairs", "_slab", "anvil", "_bed", "cake", "chest", "cauldron", "campfire", "_skull", "_head",
      "_pane", "_bars", "_chain", "lantern", "lightning_rod"};
  static constexpr std::string_view kNames[] = {
      "lectern", "enchanting_table", "brewing_stand", "hopper", "composter", "grindstone", "stonecutter",
      "bell", "conduit", "dragon_egg", "flower_pot", "decorated_pot", "azalea", "flowering_azalea",
      "bamboo", "end_rod", "chorus_plant", "chorus_flower", "moving_piston", "heavy_core"};
  for (std::string_view s : kSuffixes)
    if (name.ends_with(s)) return true;
  for (std::string_view n : kNames)
    if (name == n) return true;
  return name.starts_with("potted_");
}

bool full_cube_collision(BlockStateId state) {
  const auto boxes = collision_boxes(state);
  if (boxes.size() != 1) return false;
  const ShapeBox& b = boxes[0];
  return b.min_x == 0 && b.min_y == 0 && b.min_z == 0 && b.max_x == 1 && b.max_y == 1 && b.max_z == 1;
}

bool compute_pathfindable_on_land(BlockStateId state) {
  const BlockId block = block_of_state(state);
  const std::string_view name = block_info(block).name;
  // Doors, trapdoors and fence gates let mobs through exactly when open.
  if (block_in_tag(block, "minecraft:doors") || block_in_tag(block, "minecraft:trapdoors") ||
      block_in_tag(block, "minecraft:fence_gates"))
    return property_is(state, "open", "true");
  if (block_in_tag(block, "minecraft:fences") || block_in_tag(block, "minecraft:walls")) return false;
  if (name == "snow") return state_property(state, "layers") < std::string_view("5");
  if (refuses_land_paths(name)) return false;
  return !full_cube_collision(state);
}

bool is_burning(BlockStateId state, BlockId block, std::string_view name) {
  return block_in_tag(block, "minecraft:fire") || name == "lava" || name == "magma_block" ||
         name == "lava_cauldron" || (name.ends_with("campfire") && property_is(state, "lit", "true"));
}

PathType door_type(BlockStateId state, std::string_view name) {
  if (property_is(state, "open", "true")) return PathType::kDoorOpen;
  // Only iron doors cannot be opened by hand (copper doors can).
  return name == "iron_door" ? PathType::kDoorIronClosed : PathType::kDoorWoodClosed;
}

PathType compute_state_path_type(BlockStateId state) {
  if (is_air(state)) return PathType::kOpen;
  const BlockId block = block_of_state(state);
  const std::string_view name = block_info(block).name;
  if (block_in_tag(block, "minecraft:trapdoors") || name == "lily_pad" || name == "big_dripleaf")
    return PathType::kTrapdoor;
  if (name == "powder_snow") return PathType::kPowderSnow;
  if (name == "cactus" || name == "sweet_berry_bush") return PathType::kDamaging;
  if (name == "honey_block") return PathType::kStickyHoney;
  if (name == "cocoa") return PathType::kCocoa;
  if (name == "wither_rose" || name == "pointed_dripstone") return PathType::kDamageCautious;
  if (is_lava_fluid(state)) return PathType::kLava;
  if (is_burning(state, block, name)) return PathType::kFire;
  if (block_in_tag(block, "minecraft:doors")) return door_type(state, name);
  if (block_in_tag(block, "minecraft:rails")) return PathType::kRail;
  if (block_in_tag(block, "minecraft:leaves")) return PathType::kLeaves;
  const bool closed_gate = block_in_tag(block, "minecraft:fence_gates") && !property_is(state, "open", "true");
  if (block_in_tag(block, "minecraft:fences") || block_in_tag(block, "minecraft:walls") || closed_gate)
    return PathType::kFence;
  if (!pathfindable_on_land(state)) return PathType::kBlocked;
  return is_water(state) ? PathType::kWater : PathType::kOpen;
}

// Per-state tables, built on first use; the type table reads the land table, so they are two.
const std::vector<bool>& land_table() {
  static const std::vector<bool> table = [] {
    std::vector<bool> out(kBlockStateCount);
    for (int s = 0; s < kBlockStateCount; ++s) out[s] = compute_pathfindable_on_land(static_cast<BlockStateId>(s));
    return out;
  }();
  return table;
}

const std::vector<PathType>& type_table() {
  static const std::vector<PathType> table = [] {
    std::vector<PathType> out(kBlockStateCount);
    for (int s = 0; s < kBlockStateCount; ++s) out[s] = compute_state_path_type(static_cast<BlockStateId>(s));
    return out;
  }();
  return table;
}

PathType type_at(const BlockSource& world, int x, int y, int z) { return state_path_type(world.block(x, y, z)); }

// The state at (x, y, z) of a column the caller found once for several reads.
BlockStateId state_in(const BlockSource& world, const ChunkColumn* column, int x, int y, int z) {
  return column != nullptr ? column->block(x & 15, y, z & 15) : world.block(x, y, z);
}

// checkNeighbourBlocks: the first danger met among the 3x3x3 around (x, y, z) without the
// centre column, walked x outermost, then y, then z; `otherwise` when there is none.
PathType danger_nearby(const BlockSource& world, int x, int y, int z, PathType otherwise) {
  const PathType* types = type_table().data();
  const ChunkColumn* columns[3][3];
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz) columns[dx + 1][dz + 1] = world.column((x + dx) >> 4, (z + dz) >> 4);
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dz = -1; dz <= 1; ++dz) {
        if (dx == 0 && dz == 0) continue;
        const BlockStateId state = state_in(world, columns[dx + 1][dz + 1], x + dx, y + dy, z + dz);
        switch (types[state]) {
          case PathType::kDamaging: return PathType::kDamagingInNeighbor;
          case PathType::kFire:
          case PathType::kLava: return PathType::kFireInNeighbor;
          case PathType::kWater: return PathType::kWaterBorder;
          case PathType::kDamageCautious: return PathType::kDamageCautious;
          default: break;
        }
      }
  return otherwise;
}

}  // namespace

PathType state_path_type(BlockStateId state) { return type_table()[state]; }

bool pathfindable_on_land(BlockStateId state) { return land_table()[state]; }

double floor_level(const BlockSource& world, int x, int y, int z) {
  const VoxelShape* shape = block_collision_shape(world.block(x, y - 1, z), x, y - 1, z, CollisionContext{});
  return (y - 1) + ((shape == nullptr || shape->empty()) ? 0.0 : shape->max(Axis::kY));
}

PathType position_path_type(const BlockSource& world, int x, int y, int z) {
  const PathType own = type_at(world, x, y, z);
  if (own != PathType::kOpen || y < world.min_y() + 1) return own;
  switch (type_at(world, x, y - 1, z)) {
    case PathType::kOpen:
    case PathType::kWater:
    case PathType::kLava:
    case PathType::kWalkable: return PathType::kOpen;
    case PathType::kFire: return PathType::kFire;
    case PathType::kDamaging: return PathType::kDamaging;
    case PathType::kStickyHoney: return PathType::kStickyHoney;
    case PathType::kPowderSnow: return PathType::kOnTopOfPowderSnow;
    case PathType::kDamageCautious: return PathType::kDamageCautious;
    case PathType::kTrapdoor: return PathType::kOnTopOfTrapdoor;
    default: return danger_nearby(world, x, y, z, PathType::kWalkable);
  }
}

}  // namespace hz
