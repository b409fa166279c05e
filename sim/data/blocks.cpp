// Block queries of blocks.h over the generated tables: per-state lookups are precomputed once
// into flat arrays so the hot paths (collision, heightmaps, light) are single loads.
#include "sim/data/blocks.h"

#include <algorithm>
#include <cassert>
#include <vector>

#include "sim/data/block_tables.h"
#include "sim/core/check.h"

namespace hz {
namespace {

using block_tables::BlockExtra;
using block_tables::BlockFluid;
using block_tables::SolidRule;

constexpr std::string_view kNamespace = "minecraft:";

enum StateFlag : uint8_t {
  kAirFlag = 1 << 0,
  kFluidFlag = 1 << 1,
  kWaterFlag = 1 << 2,
  kMotionFlag = 1 << 3,
  kSolidFlag = 1 << 4,
};

std::string_view strip_namespace(std::string_view name) {
  if (name.starts_with(kNamespace)) name.remove_prefix(kNamespace.size());
  return name;
}

// Names sorted for binary search (no hash container, so nothing depends on hash order).
const std::vector<std::pair<std::string_view, BlockId>>& sorted_names() {
  static const auto names = [] {
    std::vector<std::pair<std::string_view, BlockId>> out;
    const auto blocks = block_tables::blocks();
    out.reserve(blocks.size());
    for (size_t id = 0; id < blocks.size(); ++id) out.emplace_back(blocks[id].name, static_cast<BlockId>(id));
    std::sort(out.begin(), out.end());
    return out;
  }();
  return names;
}

// Index of the value of property `index` in a state of `info` (mixed radix, last property fastest).
size_t value_index(const BlockInfo& info, BlockStateId state, size_t index) {
  size_t offset = static_cast<size_t>(state - info.min_state);
  for (size_t i = info.properties.size(); i-- > index + 1;) offset /= info.properties[i].values.size();
  return offset % info.properties[index].values.size();
}

std::optional<size_t> property_index(const BlockInfo& info, std::string_view property) {
  for (size_t i = 0; i < info.properties.size(); ++i) {
    if (info.properties[i].name == property) return i;
  }
  return std::nullopt;
}

int shape_of(const BlockExtra& extra, const BlockInfo& info, BlockStateId state) {
  if (extra.shape >= 0) return extra.shape;
  return block_tables::state_shape_ids()[static_cast<size_t>(~extra.shape) + (state - info.min_state)];
}

// The generated tables store box indices; expanded once so every shape is a contiguous span.
const std::vector<ShapeBox>& expanded_boxes() {
  static const std::vector<ShapeBox> boxes = [] {
    std::vector<ShapeBox> out;
    const auto distinct = block_tables::distinct_boxes();
    for (uint16_t index : block_tables::shape_box_indices()) out.push_back(distinct[index]);
    return out;
  }();
  return boxes;
}

std::span<const ShapeBox> boxes_of_shape(int shape) {
  const auto first = block_tables::shape_first_box();
  const size_t begin = first[static_cast<size_t>(shape)];
  const size_t end = first[static_cast<size_t>(shape) + 1];
  return std::span<const ShapeBox>(expanded_boxes()).subspan(begin, end - begin);
}

// Vanilla's legacy solid test on the collision shape: the mean edge of its bounds is at least
// 0.7291666666666666 (= 35/48), or the bounds are at least one block tall.
bool shape_is_solid(std::span<const ShapeBox> boxes) {
  if (boxes.empty()) return false;
  ShapeBox bounds = boxes.front();
  for (const ShapeBox& box : boxes.subspan(1)) {
    bounds.min_x = std::min(bounds.min_x, box.min_x);
    bounds.min_y = std::min(bounds.min_y, box.min_y);
    bounds.min_z = std::min(bounds.min_z, box.min_z);
    bounds.max_x = std::max(bounds.max_x, box.max_x);
    bounds.max_y = std::max(bounds.max_y, box.max_y);
    bounds.max_z = std::max(bounds.max_z, box.max_z);
  }
  const double x_size = bounds.max_x - bounds.min_x;
  const double y_size = bounds.max_y - bounds.min_y;
  const double z_size = bounds.max_z - bounds.min_z;
  return (x_size + y_size + z_size) / 3.0 >= 0.7291666666666666 || y_size >= 1.0;
}

bool is_solid(const BlockExtra& extra, std::span<const ShapeBox> boxes) {
  switch (extra.solid_rule) {
    case SolidRule::kAlways:
      return true;
    case SolidRule::kNever:
      return false;
    case SolidRule::kByShape:
      return shape_is_solid(boxes);
  }
  return false;
}

bool is_air_block(std::string_view name) {
  return name == "air" || name == "cave_air" || name == "void_air";
}

struct StateTables {
  std::vector<BlockId> block;
  std::vector<uint8_t> flags;
  std::vector<uint16_t> shape;
  std::vector<uint8_t> light;
};

uint8_t flags_of(const BlockInfo& info, const BlockExtra& extra, BlockStateId state, std::span<const ShapeBox> boxes) {
  uint8_t flags = 0;
  if (is_air_block(info.name)) flags |= kAirFlag;
  const auto waterlogged = property_index(info, "waterlogged");
  const bool water = extra.fluid == BlockFluid::kWater ||
                     (waterlogged && info.properties[*waterlogged].values[value_index(info, state, *waterlogged)] == "true");
  if (water) flags |= kWaterFlag | kFluidFlag;
  if (extra.fluid == BlockFluid::kLava) flags |= kFluidFlag;
  // Heightmap MOTION_BLOCKING: blocksMotion() (solid, minus the exempt blocks) or any fluid.
  if ((!extra.motion_exempt && is_solid(extra, boxes)) || (flags & kFluidFlag)) flags |= kMotionFlag;
  if (is_solid(extra, boxes)) flags |= kSolidFlag;
  return flags;
}

StateTables build_state_tables() {
  StateTables tables;
  tables.block.resize(kBlockStateCount);
  tables.flags.resize(kBlockStateCount);
  tables.shape.resize(kBlockStateCount);
  tables.light.resize(kBlockStateCount);
  const auto blocks = block_tables::blocks();
  const auto extras = block_tables::block_extras();
  for (size_t id = 0; id < blocks.size(); ++id) {
    const BlockInfo& info = blocks[id];
    const BlockExtra& extra = extras[id];
    for (size_t state = info.min_state; state <= info.max_state; ++state) {
      const auto state_id = static_cast<BlockStateId>(state);
      const int shape = shape_of(extra, info, state_id);
      tables.block[state] = static_cast<BlockId>(id);
      tables.shape[state] = static_cast<uint16_t>(shape);
      tables.flags[state] = flags_of(info, extra, state_id, boxes_of_shape(shape));
      tables.light[state] = extra.state_light_offset < 0
                                ? info.emit_light
                                : block_tables::state_light()[static_cast<size_t>(extra.state_light_offset) +
                                                              (state - info.min_state)];
    }
  }
  return tables;
}

const StateTables& state_tables() {
  static const StateTables tables = build_state_tables();
  return tables;
}

bool has_flag(BlockStateId state, StateFlag flag) {
  assert(state < kBlockStateCount);
  return (state_tables().flags[state] & flag) != 0;
}

}  // namespace

int block_count() { return static_cast<int>(block_tables::blocks().size()); }

const BlockInfo& block_info(BlockId id) {
  assert(id < block_tables::blocks().size());
  return block_tables::blocks()[id];
}

BlockId block_of_state(BlockStateId state) {
  assert(state < kBlockStateCount);
  return state_tables().block[state];
}

std::optional<BlockId> block_by_name(std::string_view name) {
  const auto& names = sorted_names();
  const std::string_view bare = strip_namespace(name);
  const auto it = std::lower_bound(names.begin(), names.end(), bare,
                                   [](const auto& entry, std::string_view key) { return entry.first < key; });
  if (it == names.end() || it->first != bare) return std::nullopt;
  return it->second;
}

BlockStateId default_state_of(std::string_view name) {
  const auto id = block_by_name(name);
  HZ_CHECK(id.has_value(), "default_state_of: unknown block name");
  return block_info(id.value_or(0)).default_state;
}

std::optional<BlockStateId> state_with(std::string_view block,
                                       std::span<const std::pair<std::string_view, std::string_view>> props) {
  const auto id = block_by_name(block);
  if (!id) return std::nullopt;
  const BlockInfo& info = block_info(*id);
  // Start from the default state's value indices and replace the ones asked for.
  std::vector<size_t> chosen(info.properties.size());
  for (size_t i = 0; i < chosen.size(); ++i) chosen[i] = value_index(info, info.default_state, i);
  for (const auto& [name, value] : props) {
    const auto index = property_index(info, name);
    if (!index) return std::nullopt;
    const auto values = info.properties[*index].values;
    const auto found = std::find(values.begin(), values.end(), value);
    if (found == values.end()) return std::nullopt;
    chosen[*index] = static_cast<size_t>(found - values.begin());
  }
  size_t offset = 0;
  for (size_t i = 0; i < chosen.size(); ++i) offset = offset * info.properties[i].values.size() + chosen[i];
  return static_cast<BlockStateId>(info.min_state + offset);
}

std::string_view state_property(BlockStateId state, std::string_view property) {
  const BlockInfo& info = block_info(block_of_state(state));
  const auto index = property_index(info, property);
  if (!index) return {};
  return info.properties[*index].values[value_index(info, state, *index)];
}

bool is_air(BlockStateId state) { return has_flag(state, kAirFlag); }
bool has_fluid(BlockStateId state) { return has_flag(state, kFluidFlag); }
bool is_water(BlockStateId state) { return has_flag(state, kWaterFlag); }
bool blocks_motion(BlockStateId state) { return has_flag(state, kMotionFlag); }
bool is_legacy_solid(BlockStateId state) { return has_flag(state, kSolidFlag); }

uint8_t emitted_light(BlockStateId state) {
  assert(state < kBlockStateCount);
  return state_tables().light[state];
}

uint8_t light_opacity(BlockStateId state) { return block_info(block_of_state(state)).filter_light; }

std::span<const ShapeBox> collision_boxes(BlockStateId state) {
  assert(state < kBlockStateCount);
  return boxes_of_shape(state_tables().shape[state]);
}

}  // namespace hz
