#include "sim/game/movement/block_shapes.h"

#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <string_view>
#include <vector>

namespace hz {

namespace {

enum class ShapeKind : uint8_t { kStatic, kScaffolding, kPowderSnow, kColumnOffset };

struct StateShape {
  const VoxelShape* shape = nullptr;  // static kinds; the stable shape for scaffolding
  ShapeKind kind = ShapeKind::kStatic;
  bool large = false;
  bool unstable_bottom = false;  // scaffolding: distance != 0 and bottom
  uint16_t variants = 0;         // column-offset kinds: index into ShapeTables::offset_variants
};

struct ShapeTables {
  std::deque<VoxelShape> storage;  // stable addresses
  std::vector<StateShape> states;
  std::vector<std::array<const VoxelShape*, 256>> offset_variants;
  const VoxelShape* unit_cube = nullptr;
  const VoxelShape* scaffolding_bottom = nullptr;
  const VoxelShape* powder_snow_falling = nullptr;

  const VoxelShape* keep(VoxelShape shape) {
    if (shape.empty()) return nullptr;
    storage.push_back(std::move(shape));
    return &storage.back();
  }
};

constexpr float kBambooMaxOffset = 0.25f;
constexpr float kDripstoneMaxOffset = 0.125f;

bool is_shulker_box(std::string_view name) { return name == "shulker_box" || name.ends_with("_shulker_box"); }

ShapeKind kind_of(std::string_view name) {
  if (name == "scaffolding") return ShapeKind::kScaffolding;
  if (name == "powder_snow") return ShapeKind::kPowderSnow;
  if (name == "bamboo" || name == "pointed_dripstone") return ShapeKind::kColumnOffset;
  return ShapeKind::kStatic;
}

// Blocks vanilla marks dynamicShape(): their shape is never cached, so they count as large.
bool is_dynamic(std::string_view name) {
  return is_shulker_box(name) || name == "moving_piston" || kind_of(name) != ShapeKind::kStatic;
}

bool reaches_outside_unit_cube(const VoxelShape* s) {
  if (!s) return false;
  constexpr Axis kAxes[3] = {Axis::kX, Axis::kY, Axis::kZ};
  for (Axis a : kAxes)
    if (s->min(a) < 0.0 || s->max(a) > 1.0) return true;
  return false;
}

// The offset index (0..15) of one axis: the seed's nibble that picks the offset.
int offset_nibble(int64_t seed, int shift) { return static_cast<int>((seed >> shift) & 15); }

double offset_for_nibble(int nibble, float max_offset) {
  double v = (static_cast<double>(static_cast<float>(nibble) / 15.0f) - 0.5) * 0.5;
  return std::clamp(v, -static_cast<double>(max_offset), static_cast<double>(max_offset));
}

// Mth.getSeed(x, 0, z) with Java's int and long wrap-around.
int64_t column_seed(int x, int z) {
  uint32_t xi = static_cast<uint32_t>(x) * 3129871u;
  uint64_t seed = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(xi))) ^
                  (static_cast<uint64_t>(static_cast<int64_t>(z)) * 116129781ull);
  seed = seed * seed * 42317861ull + seed * 11ull;
  return static_cast<int64_t>(seed) >> 16;
}

// Every offset a column can give the base shape (table boxes minus the origin's offset).
std::array<const VoxelShape*, 256> offset_variants_of(ShapeTables& t, std::span<const ShapeBox> boxes, float max_offset) {
  const Vec3 origin = column_offset(0, 0, max_offset);
  std::vector<ShapeBox> base(boxes.begin(), boxes.end());
  for (ShapeBox& b : base) {
    b.min_x -= origin.x, b.max_x -= origin.x;
    b.min_z -= origin.z, b.max_z -= origin.z;
  }
  const VoxelShape centred = VoxelShape::from_boxes(base);
  std::array<const VoxelShape*, 256> out{};
  for (int nx = 0; nx < 16; ++nx)
    for (int nz = 0; nz < 16; ++nz)
      out[nx * 16 + nz] = t.keep(centred.translated(offset_for_nibble(nx, max_offset), 0.0, offset_for_nibble(nz, max_offset)));
  return out;
}

ShapeTables build_tables() {
  ShapeTables t;
  t.states.resize(kBlockStateCount);
  t.unit_cube = t.keep(VoxelShape::from_box(Aabb{0, 0, 0, 1, 1, 1}));
  t.scaffolding_bottom = t.keep(VoxelShape::from_box(Aabb{0, 0, 0, 1, 0.125, 1}));
  t.powder_snow_falling = t.keep(VoxelShape::from_box(Aabb{0, 0, 0, 1, as_float(0.9), 1}));
  std::map<std::pair<const ShapeBox*, size_t>, const VoxelShape*> static_shapes;
  std::map<std::pair<const ShapeBox*, size_t>, uint16_t> variant_sets;
  for (int id = 0; id < block_count(); ++id) {
    const BlockInfo& info = block_info(static_cast<BlockId>(id));
    const ShapeKind kind = kind_of(info.name);
    const float max_offset = info.name == "bamboo" ? kBambooMaxOffset : kDripstoneMaxOffset;
    for (int s = info.min_state; s <= info.max_state; ++s) {
      const BlockStateId state = static_cast<BlockStateId>(s);
      const auto boxes = collision_boxes(state);
      const auto key = std::make_pair(boxes.data(), boxes.size());
      StateShape& out = t.states[state];
      out.kind = kind;
      if (kind == ShapeKind::kColumnOffset) {
        auto [it, added] = variant_sets.try_emplace(key, static_cast<uint16_t>(t.offset_variants.size()));
        if (added) t.offset_variants.push_back(offset_variants_of(t, boxes, max_offset));
        out.variants = it->second;
      } else {
        auto [it, added] = static_shapes.try_emplace(key, nullptr);
        if (added) it->second = boxes.empty() ? nullptr : t.keep(VoxelShape::from_boxes(boxes));
        out.shape = it->second;
      }
      if (kind == ShapeKind::kScaffolding)
        out.unstable_bottom = state_property(state, "distance") != "0" && state_property(state, "bottom") == "true";
      out.large = is_dynamic(info.name) || reaches_outside_unit_cube(out.shape);
    }
  }
  return t;
}

const ShapeTables& shape_tables() {
  static const ShapeTables t = build_tables();
  return t;
}

// CollisionContext.isAbove: the mover's bottom is above the shape's top (less 1e-5 as a float).
bool is_above(const CollisionContext& ctx, double block_y, double shape_max_y) {
  return ctx.entity_bottom > block_y + shape_max_y - as_float(1.0e-5);
}

}  // namespace

Vec3 column_offset(int x, int z, float max_offset) {
  const int64_t seed = column_seed(x, z);
  return Vec3{offset_for_nibble(offset_nibble(seed, 0), max_offset), 0.0,
              offset_for_nibble(offset_nibble(seed, 8), max_offset)};
}

const VoxelShape* block_collision_shape(BlockStateId state, int x, int y, int z, const CollisionContext& ctx) {
  const ShapeTables& t = shape_tables();
  const StateShape& s = t.states[state];
  switch (s.kind) {
    case ShapeKind::kStatic: return s.shape;
    case ShapeKind::kScaffolding:
      if (ctx.placement) return nullptr;
      if (is_above(ctx, y, 1.0) && !ctx.descending) return s.shape;
      return s.unstable_bottom && is_above(ctx, y, 0.0) ? t.scaffolding_bottom : nullptr;
    case ShapeKind::kPowderSnow:
      if (ctx.placement) return nullptr;
      if (ctx.fall_distance > 2.5) return t.powder_snow_falling;
      if (ctx.walks_on_powder_snow && is_above(ctx, y, 1.0) && !ctx.descending) return t.unit_cube;
      return nullptr;
    case ShapeKind::kColumnOffset: {
      const int64_t seed = column_seed(x, z);
      return t.offset_variants[s.variants][offset_nibble(seed, 0) * 16 + offset_nibble(seed, 8)];
    }
  }
  return nullptr;
}

bool has_large_collision_shape(BlockStateId state) { return shape_tables().states[state].large; }

}  // namespace hz
