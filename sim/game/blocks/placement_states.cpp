#include "sim/game/blocks/placement_states.h"

#include "sim/data/catalog.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/block_support.h"
#include "sim/world/chunk_pos.h"

namespace hz {

namespace {

// Blocks in the `minecraft:replaceable` block tag (air, water, short grass, ...).
bool is_replaceable(BlockStateId state) {
  static const std::vector<bool> replaceable = [] {
    std::vector<bool> out(static_cast<size_t>(block_count()));
    for (int id = 0; id < block_count(); ++id)
      out[static_cast<size_t>(id)] = block_in_tag(static_cast<BlockId>(id), "minecraft:replaceable");
    return out;
  }();
  return replaceable[block_of_state(state)];
}

BlockStateId at(const BlockWorld& world, const BlockPos& pos) { return world.block_at(pos); }
BlockId block_at(const BlockWorld& world, const BlockPos& pos) { return block_of_state(world.block_at(pos)); }

// The clicked height within the placed position is above the middle.
bool upper_half_click(const PlaceContext& ctx) { return ctx.hit.y - ctx.pos().y > 0.5; }

BlockStateId set(BlockStateId state, std::string_view property, std::string_view value) {
  return with_value(state, property, value);
}
BlockStateId set_flag(BlockStateId state, std::string_view property, bool value) {
  return with_value(state, property, value ? "true" : "false");
}
BlockStateId set_facing(BlockStateId state, Dir d) { return with_value(state, "facing", dir_name(d)); }

BlockStateId waterlogged_here(const BlockWorld& world, BlockStateId state, const BlockPos& pos) {
  return set_flag(state, "waterlogged", water_source_at(world, pos));
}

// --- slabs and stairs ---

BlockStateId slab_state(const BlockWorld& world, BlockId block, const PlaceContext& ctx) {
  const BlockPos pos = ctx.pos();
  const BlockStateId there = at(world, pos);
  if (block_of_state(there) == block) return set_flag(set(there, "type", "double"), "waterlogged", false);
  BlockStateId state = waterlogged_here(world, set(block_info(block).default_state, "type", "bottom"), pos);
  const bool top = ctx.face == Dir::kDown || (ctx.face != Dir::kUp && upper_half_click(ctx));
  return top ? set(state, "type", "top") : state;
}

bool is_stairs_state(BlockStateId state) { return is_stairs(block_of_state(state)); }

bool same_stairs_layout(BlockStateId a, BlockStateId b) {
  return is_stairs_state(b) && state_property(a, "facing") == state_property(b, "facing") &&
         state_property(a, "half") == state_property(b, "half");
}

// StairBlock.getStairsShape.
std::string_view stairs_shape(const BlockWorld& world, BlockStateId state, const BlockPos& pos) {
  const Dir facing = facing_of(state);
  const BlockStateId behind = at(world, relative(pos, facing));
  if (is_stairs_state(behind) && state_property(behind, "half") == state_property(state, "half")) {
    const Dir g = facing_of(behind);
    if (axis_of(g) != axis_of(facing) && !same_stairs_layout(state, at(world, relative(pos, opposite(g)))))
      return g == counter_clockwise(facing) ? "outer_left" : "outer_right";
  }
  const BlockStateId front = at(world, relative(pos, opposite(facing)));
  if (is_stairs_state(front) && state_property(front, "half") == state_property(state, "half")) {
    const Dir g = facing_of(front);
    if (axis_of(g) != axis_of(facing) && !same_stairs_layout(state, at(world, relative(pos, g))))
      return g == counter_clockwise(facing) ? "inner_left" : "inner_right";
  }
  return "straight";
}

BlockStateId stairs_state(const BlockWorld& world, BlockId block, const PlaceContext& ctx) {
  const BlockPos pos = ctx.pos();
  const bool top = ctx.face == Dir::kDown || (ctx.face != Dir::kUp && upper_half_click(ctx));
  BlockStateId state = set_facing(block_info(block).default_state, horizontal_from_yaw(ctx.yaw));
  state = waterlogged_here(world, set(state, "half", top ? "top" : "bottom"), pos);
  return set(state, "shape", stairs_shape(world, state, pos));
}

// --- fences, panes, walls, gates ---

// The neighbour at pos + d, seen from the block at pos: its face toward pos is d's opposite.
struct Neighbour {
  BlockStateId state;
  bool sturdy;  // its face toward us is sturdy
};

Neighbour neighbour(const BlockWorld& world, const BlockPos& pos, Dir d) {
  const BlockStateId state = at(world, relative(pos, d));
  return Neighbour{state, face_sturdy(state, opposite(d))};
}

// FenceGateBlock.connectsToDirection with `d` the direction from the gate toward us.
bool gate_connects(BlockStateId gate, Dir d) {
  return is_fence_gate(block_of_state(gate)) && axis_of(facing_of(gate)) == axis_of(clockwise(d));
}

bool solid_connection(const Neighbour& n) { return n.sturdy && !is_connection_exception(block_of_state(n.state)); }

bool fence_connects(BlockId fence, const Neighbour& n, Dir toward_us) {
  const BlockId other = block_of_state(n.state);
  const bool same_fence = is_fence(other) && is_wooden_fence(other) == is_wooden_fence(fence);
  return solid_connection(n) || same_fence || gate_connects(n.state, toward_us);
}

bool pane_connects(const Neighbour& n) {
  const BlockId other = block_of_state(n.state);
  return solid_connection(n) || is_pane(other) || is_wall(other);
}

bool wall_connects(const Neighbour& n, Dir toward_us) {
  const BlockId other = block_of_state(n.state);
  return is_wall(other) || solid_connection(n) || is_pane(other) || gate_connects(n.state, toward_us);
}

// Whether the side or a footprint of a wall is covered by the block above's bottom face.
FaceRect wall_side_footprint(Dir side) {
  constexpr double a = 7.0 / 16, b = 9.0 / 16, near = 0.0, far = 9.0 / 16;
  switch (side) {
    case Dir::kNorth: return FaceRect{a, near, b, far};
    case Dir::kSouth: return FaceRect{a, 1 - far, b, 1 - near};
    case Dir::kWest: return FaceRect{near, a, far, b};
    default: return FaceRect{1 - far, a, 1 - near, b};
  }
}

constexpr FaceRect kWallPostFootprint{7.0 / 16, 7.0 / 16, 9.0 / 16, 9.0 / 16};

// WallBlock.updateShape(level, state, topPos, topState, n, e, s, w): sides and post.
BlockStateId wall_shape(BlockStateId state, BlockStateId above, const std::array<bool, 4>& connected) {
  const std::vector<FaceRect> above_face = face_shape(collision_boxes(above), Dir::kDown);
  std::array<std::string_view, 4> sides{};
  for (size_t i = 0; i < 4; ++i) {
    const Dir d = kHorizontalDirs[i];
    sides[i] = !connected[i] ? "none" : covers(above_face, wall_side_footprint(d)) ? "tall" : "low";
    state = set(state, dir_name(d), sides[i]);
  }
  const std::string_view n = sides[0], e = sides[1], s = sides[2], w = sides[3];
  bool up;
  if (is_wall(block_of_state(above)) && has_value(above, "up", "true")) {
    up = true;
  } else if ((n == "none" && s == "none" && e == "none" && w == "none") || ((n == "none") != (s == "none")) ||
             ((e == "none") != (w == "none"))) {
    up = true;  // a corner or an end
  } else if ((n == "tall" && s == "tall") || (e == "tall" && w == "tall")) {
    up = false;
  } else {
    up = block_in_tag(block_of_state(above), "minecraft:wall_post_override") || covers(above_face, kWallPostFootprint);
  }
  return set_flag(state, "up", up);
}

BlockStateId connections_state(const BlockWorld& world, BlockId block, const BlockPos& pos) {
  BlockStateId state = waterlogged_here(world, block_info(block).default_state, pos);
  std::array<bool, 4> connected{};
  for (size_t i = 0; i < 4; ++i) {
    const Dir d = kHorizontalDirs[i];
    const Neighbour n = neighbour(world, pos, d);
    connected[i] = is_wall(block) ? wall_connects(n, opposite(d))
                   : is_pane(block) ? pane_connects(n)
                                    : fence_connects(block, n, opposite(d));
    if (!is_wall(block)) state = set_flag(state, dir_name(d), connected[i]);
  }
  return is_wall(block) ? wall_shape(state, at(world, relative(pos, Dir::kUp)), connected) : state;
}

BlockStateId gate_state(const BlockWorld& world, BlockId block, const PlaceContext& ctx) {
  const BlockPos pos = ctx.pos();
  const Dir facing = horizontal_from_yaw(ctx.yaw);
  const bool along_z = axis_of(facing) == 'z';
  const Dir side_a = along_z ? Dir::kWest : Dir::kNorth;
  const bool in_wall = is_wall(block_at(world, relative(pos, side_a))) || is_wall(block_at(world, relative(pos, opposite(side_a))));
  return set_flag(set_facing(block_info(block).default_state, facing), "in_wall", in_wall);
}

// --- doors, trapdoors, buttons, levers, torches ---

// DoorBlock.getHinge.
std::string_view door_hinge(const BlockWorld& world, const PlaceContext& ctx, Dir facing) {
  const BlockPos pos = ctx.pos();
  const BlockPos above = relative(pos, Dir::kUp);
  const Dir left = counter_clockwise(facing), right = clockwise(facing);
  const auto full = [&](const BlockPos& p) { return collision_full_block(at(world, p)) ? 1 : 0; };
  const int balance = -full(relative(pos, left)) - full(relative(above, left)) + full(relative(pos, right)) +
                      full(relative(above, right));
  const auto lower_door = [&](const BlockPos& p) {
    const BlockStateId s = at(world, p);
    return is_door(block_of_state(s)) && has_value(s, "half", "lower");
  };
  const bool door_left = lower_door(relative(pos, left)), door_right = lower_door(relative(pos, right));
  if ((door_left && !door_right) || balance > 0) return "right";
  if ((door_right && !door_left) || balance < 0) return "left";
  const Step step = step_of(facing);
  const double cx = ctx.hit.x - pos.x, cz = ctx.hit.z - pos.z;
  const bool right_click = (step.x < 0 && cz < 0.5) || (step.x > 0 && cz > 0.5) || (step.z < 0 && cx > 0.5) ||
                           (step.z > 0 && cx < 0.5);
  return right_click ? "right" : "left";
}

std::optional<BlockStateId> door_state(const BlockWorld& world, BlockId block, const PlaceContext& ctx) {
  const BlockPos pos = ctx.pos();
  if (pos.y >= kWorldMaxY || !can_be_replaced(at(world, relative(pos, Dir::kUp)), ctx)) return std::nullopt;
  const Dir facing = horizontal_from_yaw(ctx.yaw);
  BlockStateId state = set_facing(block_info(block).default_state, facing);
  state = set(state, "hinge", door_hinge(world, ctx, facing));
  // Without redstone nothing powers the new door.
  return set(set_flag(set_flag(state, "powered", false), "open", false), "half", "lower");
}

BlockStateId trapdoor_state(const BlockWorld& world, BlockId block, const PlaceContext& ctx) {
  BlockStateId state = block_info(block).default_state;
  if (!ctx.replace_clicked && is_horizontal(ctx.face)) {
    state = set(set_facing(state, ctx.face), "half", upper_half_click(ctx) ? "top" : "bottom");
  } else {
    state = set_facing(state, opposite(horizontal_from_yaw(ctx.yaw)));
    state = set(state, "half", ctx.face == Dir::kUp ? "bottom" : "top");
  }
  return waterlogged_here(world, state, ctx.pos());
}

// FaceAttachedHorizontalDirectionalBlock: the first look direction with a sturdy face to hold on.
std::optional<BlockStateId> attached_state(const BlockWorld& world, BlockId block, const PlaceContext& ctx) {
  for (Dir d : looking_directions(ctx)) {
    BlockStateId state = block_info(block).default_state;
    if (!is_horizontal(d)) {
      state = set_facing(set(state, "face", d == Dir::kUp ? "ceiling" : "floor"), horizontal_from_yaw(ctx.yaw));
    } else {
      state = set_facing(set(state, "face", "wall"), opposite(d));
    }
    if (can_survive(world, state, ctx.pos())) return state;
  }
  return std::nullopt;
}

std::optional<BlockStateId> wall_torch_state(const BlockWorld& world, BlockId wall, const PlaceContext& ctx) {
  for (Dir d : looking_directions(ctx)) {
    if (!is_horizontal(d)) continue;
    const BlockStateId state = set_facing(block_info(wall).default_state, opposite(d));
    if (can_survive(world, state, ctx.pos())) return state;
  }
  return std::nullopt;
}

// StandingAndWallBlockItem.getPlacementState with attachment direction DOWN.
std::optional<BlockStateId> torch_state(const BlockWorld& world, BlockId standing, const PlaceContext& ctx) {
  const std::optional<BlockStateId> wall = wall_torch_state(world, *wall_torch_of(standing), ctx);
  for (Dir d : looking_directions(ctx)) {
    if (d == Dir::kUp) continue;
    const std::optional<BlockStateId> candidate =
        d == Dir::kDown ? std::optional<BlockStateId>(block_info(standing).default_state) : wall;
    if (candidate && can_survive(world, *candidate, ctx.pos())) return candidate;
  }
  return std::nullopt;
}

// RotatedPillarBlock: the clicked face's axis.
BlockStateId pillar_state(BlockId block, const PlaceContext& ctx) {
  const char axis[2] = {axis_of(ctx.face), '\0'};
  return set(block_info(block).default_state, "axis", std::string_view(axis, 1));
}

// Where the block at `pos` hangs on (FaceAttached blocks): the direction of the holding block.
Dir attachment_of(BlockStateId state) {
  const std::string_view face = state_property(state, "face");
  if (face == "ceiling") return Dir::kUp;
  if (face == "floor") return Dir::kDown;
  return opposite(facing_of(state));
}

}  // namespace

bool water_source_at(const BlockWorld& world, const BlockPos& pos) {
  const BlockStateId state = at(world, pos);
  if (!is_water(state)) return false;
  return block_info(block_of_state(state)).name != "water" || has_value(state, "level", "0");
}

bool can_be_replaced(BlockStateId state, const PlaceContext& ctx) {
  const BlockId block = block_of_state(state);
  const bool same_item = item_name(ctx.item) == block_info(block).name;
  if (is_slab(block)) {
    const std::string_view type = state_property(state, "type");
    if (type == "double" || !same_item) return false;
    if (!ctx.replace_clicked) return true;
    const bool above = ctx.hit.y - ctx.clicked.y > 0.5;
    if (type == "bottom") return ctx.face == Dir::kUp || (above && is_horizontal(ctx.face));
    return ctx.face == Dir::kDown || (!above && is_horizontal(ctx.face));
  }
  return is_replaceable(state) && !same_item;
}

PlaceContext make_place_context(const BlockWorld& world, const BlockPos& clicked, Dir face, const Vec3& hit,
                                float yaw, float pitch, int32_t item) {
  PlaceContext ctx{clicked, face, hit, yaw, pitch, item, true};
  ctx.replace_clicked = can_be_replaced(at(world, clicked), ctx);
  return ctx;
}

bool can_place(const BlockWorld& world, const PlaceContext& ctx) {
  return ctx.replace_clicked || can_be_replaced(at(world, ctx.pos()), ctx);
}

std::array<Dir, 6> looking_directions(const PlaceContext& ctx) {
  std::array<Dir, 6> dirs = nearest_looking_directions(ctx.yaw, ctx.pitch);
  if (ctx.replace_clicked) return dirs;
  const Dir first = opposite(ctx.face);
  size_t i = 0;
  while (i < dirs.size() && dirs[i] != first) ++i;
  for (; i > 0; --i) dirs[i] = dirs[i - 1];
  dirs[0] = first;
  return dirs;
}

std::optional<BlockStateId> placement_state(const BlockWorld& world, BlockId block, const PlaceContext& ctx) {
  const BlockPos pos = ctx.pos();
  if (is_standing_torch(block)) return torch_state(world, block, ctx);
  if (is_slab(block)) return slab_state(world, block, ctx);
  if (is_stairs(block)) return stairs_state(world, block, ctx);
  if (is_fence(block) || is_pane(block) || is_wall(block)) return connections_state(world, block, pos);
  if (is_fence_gate(block)) return gate_state(world, block, ctx);
  if (is_door(block)) return door_state(world, block, ctx);
  if (is_trapdoor(block)) return trapdoor_state(world, block, ctx);
  if (is_button(block) || is_lever(block)) return attached_state(world, block, ctx);
  const BlockStateId base = block_info(block).default_state;
  // Pillars (logs, basalt, ...): every value of their axis property is an axis letter.
  const BlockStateId state = state_property(base, "axis").empty() ? base : pillar_state(block, ctx);
  return state_property(state, "waterlogged").empty() ? state : waterlogged_here(world, state, pos);
}

bool can_survive(const BlockWorld& world, BlockStateId state, const BlockPos& pos) {
  const BlockId block = block_of_state(state);
  if (is_standing_torch(block)) return face_sturdy(at(world, relative(pos, Dir::kDown)), Dir::kUp, Support::kCenter);
  if (is_wall_torch(block)) {
    const Dir facing = facing_of(state);
    return face_sturdy(at(world, relative(pos, opposite(facing))), facing);
  }
  if (is_button(block) || is_lever(block)) {
    const Dir toward_support = attachment_of(state);
    return face_sturdy(at(world, relative(pos, toward_support)), opposite(toward_support));
  }
  if (is_door(block)) {
    const BlockStateId below = at(world, relative(pos, Dir::kDown));
    if (has_value(state, "half", "lower")) return face_sturdy(below, Dir::kUp);
    return block_of_state(below) == block;
  }
  // FarmBlock: what is above must not be solid (the legacy flag), unless it is a fence gate or a
  // moving piston.
  static const BlockId farmland = block_by_name("farmland").value();
  if (block == farmland) {
    static const BlockId moving_piston = block_by_name("moving_piston").value();
    const BlockStateId above = at(world, relative(pos, Dir::kUp));
    return !is_legacy_solid(above) || is_fence_gate(block_of_state(above)) || block_of_state(above) == moving_piston;
  }
  const BlockStateId below = at(world, relative(pos, Dir::kDown));
  if (is_vegetation(block)) return block_in_tag(block_of_state(below), "minecraft:supports_vegetation");
  // CropBlock: on farmland, with raw brightness 8 or more (or the sky in view, which is 15).
  if (is_crop(block)) {
    return block_of_state(below) == farmland && world.raw_brightness(pos) >= kCropMinLight;
  }
  if (is_carpet(block)) return !is_air(below);
  if (is_pressure_plate(block)) return face_sturdy(below, Dir::kUp, Support::kRigid) || face_sturdy(below, Dir::kUp, Support::kCenter);
  if (is_rail(block)) return face_sturdy(below, Dir::kUp, Support::kRigid);
  if (is_snow_layer(block)) {
    const BlockId under = block_of_state(below);
    if (block_in_tag(under, "minecraft:cannot_support_snow_layer")) return false;
    if (block_in_tag(under, "minecraft:support_override_snow_layer")) return true;
    return face_sturdy(below, Dir::kUp) || (is_snow_layer(under) && has_value(below, "layers", "8"));
  }
  return true;
}

std::optional<BlockStateId> connection_update(const BlockWorld& world, BlockStateId state, const BlockPos& pos,
                                              Dir toward_changed) {
  const BlockId block = block_of_state(state);
  BlockStateId updated = state;
  if (is_stairs(block) && is_horizontal(toward_changed)) {
    updated = set(state, "shape", stairs_shape(world, state, pos));
  } else if ((is_fence(block) || is_pane(block)) && is_horizontal(toward_changed)) {
    const Neighbour n = neighbour(world, pos, toward_changed);
    const bool connects = is_pane(block) ? pane_connects(n) : fence_connects(block, n, opposite(toward_changed));
    updated = set_flag(state, dir_name(toward_changed), connects);
  } else if (is_wall(block) && toward_changed != Dir::kDown) {
    std::array<bool, 4> connected{};
    for (size_t i = 0; i < 4; ++i) {
      const Dir d = kHorizontalDirs[i];
      connected[i] = d == toward_changed ? wall_connects(neighbour(world, pos, d), opposite(d))
                                         : !has_value(state, dir_name(d), "none");
    }
    updated = wall_shape(state, at(world, relative(pos, Dir::kUp)), connected);
  }
  if (updated == state) return std::nullopt;
  return updated;
}

}  // namespace hz
