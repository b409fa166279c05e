#include "sim/game/fluids/fluid_rules.h"

#include <algorithm>
#include <array>
#include <map>
#include <span>

#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/block_support.h"

namespace hz {

namespace {

constexpr int kNoHole = 1000;  // getSlopeDistance's "nothing found"

// Per-state facts the rules read in their inner loops, built once.
enum ShapeClass : uint8_t { kShapeEmpty, kShapeFull, kShapePartial };
struct Facts {
  std::array<uint8_t, kBlockStateCount> shape{};
  std::array<bool, kBlockStateCount> container{};
  std::array<bool, kBlockStateCount> waterloggable{};
  std::array<bool, kBlockStateCount> holds_any{};
};

bool blocks_motion_legacy(BlockStateId state, std::string_view name) {
  // BlockStateBase.blocksMotion: solid, except cobweb and bamboo saplings.
  return name != "cobweb" && name != "bamboo_sapling" && is_legacy_solid(state);
}

const Facts& facts() {
  static const Facts f = [] {
    Facts out;
    for (int id = 0; id < kBlockStateCount; ++id) {
      const auto state = static_cast<BlockStateId>(id);
      const BlockId block = block_of_state(state);
      const std::string_view name = block_info(block).name;
      const auto i = static_cast<size_t>(id);
      out.shape[i] = collision_boxes(state).empty() ? kShapeEmpty
                     : collision_full_block(state)  ? kShapeFull
                                                    : kShapePartial;
      out.waterloggable[i] = !state_property(state, "waterlogged").empty();
      out.container[i] = out.waterloggable[i] || name == "kelp" || name == "kelp_plant" || name == "seagrass" ||
                         name == "tall_seagrass";
      out.holds_any[i] = out.container[i] ||
                         (!blocks_motion_legacy(state, name) && !is_door(block) &&
                          !block_in_tag(block, "minecraft:signs") && name != "ladder" && name != "sugar_cane" &&
                          name != "bubble_column" && name != "nether_portal" && name != "end_portal" &&
                          name != "end_gateway" && name != "structure_void");
    }
    return out;
  }();
  return f;
}

// The layer of a shape next to the face between it and its neighbour, projected onto the face's
// plane: the boxes reaching the face (VoxelShape slices on vanilla's 0..1 grids, as
// Shapes.mergedFaceOccludes takes them). `far`: the face at 1 along the axis, else the one at 0.
void add_layer(std::span<const ShapeBox> boxes, char axis, bool far, std::vector<FaceRect>& out) {
  auto lo = [axis](const ShapeBox& b) { return axis == 'x' ? b.min_x : axis == 'y' ? b.min_y : b.min_z; };
  auto hi = [axis](const ShapeBox& b) { return axis == 'x' ? b.max_x : axis == 'y' ? b.max_y : b.max_z; };
  for (const ShapeBox& b : boxes) {
    if (far ? hi(b) < 1.0 : lo(b) > 0.0) continue;
    if (axis == 'y') out.push_back({b.min_x, b.min_z, b.max_x, b.max_z});
    else if (axis == 'z') out.push_back({b.min_x, b.min_y, b.max_x, b.max_y});
    else out.push_back({b.min_z, b.min_y, b.max_z, b.max_y});
  }
}

bool positive(Dir d) { return d == Dir::kUp || d == Dir::kSouth || d == Dir::kEast; }

}  // namespace

const FluidConstants& constants_of(FluidType type) {
  return type == FluidType::kLava ? kLavaConstants : kWaterConstants;
}

bool can_pass_through_wall(Dir dir, BlockStateId from, BlockStateId to) {
  const Facts& f = facts();
  if (f.shape[to] == kShapeFull || f.shape[from] == kShapeFull) return false;
  if (f.shape[from] == kShapeEmpty && f.shape[to] == kShapeEmpty) return true;
  // Shapes.mergedFaceOccludes: the block on the negative side gives its last layer, the one on the
  // positive side its first; fluid passes unless together they cover the whole face.
  const char axis = axis_of(dir);
  const BlockStateId negative_side = positive(dir) ? from : to;
  const BlockStateId positive_side = positive(dir) ? to : from;
  std::vector<FaceRect> rects;
  add_layer(collision_boxes(negative_side), axis, true, rects);
  add_layer(collision_boxes(positive_side), axis, false, rects);
  return !covers(rects, FaceRect{0, 0, 1, 1});
}

bool is_fluid_container(BlockStateId state) { return facts().container[state]; }

bool can_hold_any_fluid(BlockStateId state) { return facts().holds_any[state]; }

bool can_hold_specific_fluid(BlockStateId state, uint32_t fluid) {
  const Facts& f = facts();
  if (!f.container[state]) return true;
  return f.waterloggable[state] && fluid == kFluidWater;
}

bool can_be_replaced_with(const BlockWorld& world, const BlockPos& pos, const FluidState& existing, FluidType other,
                          Dir dir) {
  switch (existing.type) {
    case FluidType::kEmpty:
      return true;
    case FluidType::kWater:
      return dir == Dir::kDown && other != FluidType::kWater;
    case FluidType::kLava: {
      const bool same_above = fluid_of(world.block_at(relative(pos, Dir::kUp))).type == FluidType::kLava;
      const float height = same_above ? 1.0f : own_height(existing);
      return height >= 4.0f / 9.0f && other == FluidType::kWater;
    }
  }
  return false;
}

FluidState new_liquid(const BlockWorld& world, const BlockPos& pos, BlockStateId state, FluidType type,
                      const FluidSettings& settings) {
  int highest = 0, sources = 0;
  for (Dir d : kHorizontalDirs) {
    const BlockStateId n = world.block_at(relative(pos, d));
    const FluidState f = fluid_of(n);
    if (f.type != type || !can_pass_through_wall(d, state, n)) continue;
    if (f.source) ++sources;
    highest = std::max<int>(highest, f.amount);
  }
  if (sources >= 2 && settings.converts(type)) {
    const BlockStateId below = world.block_at(relative(pos, Dir::kDown));
    const FluidState bf = fluid_of(below);
    if (is_legacy_solid(below) || (bf.type == type && bf.source)) return source_fluid(type);
  }
  const BlockStateId above = world.block_at(relative(pos, Dir::kUp));
  if (fluid_of(above).type == type && can_pass_through_wall(Dir::kUp, state, above)) return flowing_fluid(type, 8, true);
  const int amount = highest - constants_of(type).drop_off;
  return amount <= 0 ? FluidState{} : flowing_fluid(type, amount, false);
}

bool can_maybe_pass_through(FluidType type, BlockStateId from, Dir dir, BlockStateId to) {
  const FluidState tf = fluid_of(to);
  const bool same_source = tf.type == type && tf.source;
  return !same_source && can_hold_any_fluid(to) && can_pass_through_wall(dir, from, to);
}

bool is_hole(FluidType type, BlockStateId top, BlockStateId bottom) {
  if (!can_pass_through_wall(Dir::kDown, top, bottom)) return false;
  if (fluid_of(bottom).type == type) return true;
  return can_hold_any_fluid(bottom) &&
         can_hold_specific_fluid(bottom, type == FluidType::kWater ? kFluidFlowingWater : kFluidFlowingLava);
}

int source_neighbour_count(const BlockWorld& world, const BlockPos& pos, FluidType type) {
  int count = 0;
  for (Dir d : kHorizontalDirs) {
    const FluidState f = fluid_of(world.block_at(relative(pos, d)));
    if (f.type == type && f.source) ++count;
  }
  return count;
}

namespace {

// getSlopeDistance: depth-first over horizontal neighbours (never straight back), the first hole
// ends the search at its depth; deeper searches stop at the slope-find distance.
int slope_distance(const BlockWorld& world, FluidType type, const BlockPos& pos, int pass, Dir from,
                   BlockStateId state) {
  const uint32_t flowing = type == FluidType::kWater ? kFluidFlowingWater : kFluidFlowingLava;
  int lowest = kNoHole;
  for (Dir d : kHorizontalDirs) {
    if (d == from) continue;
    const BlockPos test = relative(pos, d);
    const BlockStateId ts = world.block_at(test);
    if (!can_maybe_pass_through(type, state, d, ts) || !can_hold_specific_fluid(ts, flowing)) continue;
    if (is_hole(type, ts, world.block_at(relative(test, Dir::kDown)))) return pass;
    if (pass < constants_of(type).slope_find_distance) {
      const int v = slope_distance(world, type, test, pass + 1, opposite(d), ts);
      lowest = std::min(lowest, v);
    }
  }
  return lowest;
}

// Direction's enum order, which vanilla's EnumMap of spreads iterates in.
int map_order(Dir d) { return static_cast<int>(d); }

}  // namespace

std::vector<std::pair<Dir, FluidState>> spread_targets(const BlockWorld& world, const BlockPos& pos,
                                                       BlockStateId state, FluidType type,
                                                       const FluidSettings& settings) {
  int lowest = kNoHole;
  std::vector<std::pair<Dir, FluidState>> result;
  for (Dir d : kHorizontalDirs) {
    const BlockPos test = relative(pos, d);
    const BlockStateId ts = world.block_at(test);
    const FluidState tf = fluid_of(ts);
    if (!can_maybe_pass_through(type, state, d, ts)) continue;
    const FluidState nf = new_liquid(world, test, ts, type, settings);
    if (!can_hold_specific_fluid(ts, fluid_index(nf))) continue;
    const int distance = is_hole(type, ts, world.block_at(relative(test, Dir::kDown)))
                             ? 0
                             : slope_distance(world, type, test, 1, opposite(d), ts);
    if (distance < lowest) result.clear();
    if (distance <= lowest) {
      if (can_be_replaced_with(world, test, tf, nf.type, d)) result.emplace_back(d, nf);
      lowest = distance;
    }
  }
  std::sort(result.begin(), result.end(),
            [](const auto& a, const auto& b) { return map_order(a.first) < map_order(b.first); });
  return result;
}

}  // namespace hz
