#include "sim/game/blocks/placing.h"

#include <cmath>

#include "sim/data/blocks.h"
#include "sim/data/catalog.h"
#include "sim/data/tags.h"
#include "sim/game/blocks/block_interaction.h"
#include "sim/game/blocks/dig_rules.h"
#include "sim/game/movement/player_body.h"
#include "sim/protocol/packets.h"
#include "sim/world/chunk_pos.h"

namespace hz {

namespace {

// The hit point must lie within this of the clicked block's centre on each axis.
constexpr double kHitTolerance = 1.0000001;

// Blocks in the `minecraft:replaceable` block tag (air, water, short grass, ...).
bool is_replaceable(BlockStateId state) {
  static const std::vector<bool> replaceable = [] {
    std::vector<bool> out(static_cast<size_t>(block_count()), false);
    for (const TagRegistry& registry : synced_tags()) {
      if (registry.registry != "minecraft:block") continue;
      for (const Tag& tag : registry.tags)
        if (tag.name == "minecraft:replaceable")
          for (int32_t id : tag.ids) out[static_cast<size_t>(id)] = true;
    }
    return out;
  }();
  return replaceable[block_of_state(state)];
}

// Block.getStateForPlacement for the blocks placed so far: the default state, with the clicked
// face's axis for pillars (logs, basalt, ...).
BlockStateId placement_state(BlockId block, int face) {
  const BlockInfo& info = block_info(block);
  if (state_property(info.default_state, "axis").empty()) return info.default_state;
  static constexpr std::pair<std::string_view, std::string_view> kAxis[] = {
      {"axis", "y"}, {"axis", "y"}, {"axis", "z"}, {"axis", "z"}, {"axis", "x"}, {"axis", "x"}};
  std::pair<std::string_view, std::string_view> axis[] = {kAxis[face]};
  return state_with(info.name, axis).value_or(info.default_state);
}

}  // namespace

BlockPos offset(const BlockPos& pos, int face) {
  static constexpr int kSteps[6][3] = {{0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}, {-1, 0, 0}, {1, 0, 0}};
  return BlockPos{pos.x + kSteps[face][0], pos.y + kSteps[face][1], pos.z + kSteps[face][2]};
}

void Placing::on_use_item_on(Player& player, const packet::play_sb::BlockPlace& use) {
  blocks_.acks.acknowledge(player.conn, use.sequence);
  const BlockPos& pos = use.location;
  if (!blocks_.in_reach(player, pos)) return;
  if (std::abs(double(use.cursor_x) - 0.5) >= kHitTolerance || std::abs(double(use.cursor_y) - 0.5) >= kHitTolerance ||
      std::abs(double(use.cursor_z) - 0.5) >= kHitTolerance)
    return;
  if (pos.y > kWorldMaxY) return refuse_height(player.conn, "build.tooHigh", kWorldMaxY);
  if (pos.y < kWorldMinY) return refuse_height(player.conn, "build.tooLow", kWorldMinY);
  if (blocks_.spawn_protected(player, pos)) {
    blocks_.tell_spawn_protected(player.conn, pos);
  } else if (player.awaiting_teleport_id != 0 || !blocks_.world.is_loaded(pos)) {
    refuse_height(player.conn, "build.tooHigh", kWorldMaxY);  // vanilla's text for these too
  } else if (player.game_mode != GameMode::kSpectator) {
    const int slot = use.hand == 0 ? kFirstHotbarSlot + player.selected_slot : kOffhandSlot;
    ItemStack& stack = player.inventory[static_cast<size_t>(slot)];
    const bool placed = !stack.empty() && player.game_mode != GameMode::kAdventure && place(player, stack, use);
    if (!placed && !stack.empty() && use.direction == 1 && pos.y >= kWorldMaxY)
      refuse_height(player.conn, "build.tooHigh", kWorldMaxY);
  }
  blocks_.send_block(player.conn, pos);
  blocks_.send_block(player.conn, offset(pos, use.direction));
}

bool Placing::place(Player& player, ItemStack& stack, const packet::play_sb::BlockPlace& use) {
  auto block = block_by_name(item_name(stack.item));
  if (!block) return false;  // not a block item
  const BlockStateId clicked = blocks_.world.block_at(use.location);
  // A replaceable block is replaced, unless it is the held block itself.
  const bool replace_clicked = is_replaceable(clicked) && block_of_state(clicked) != *block;
  const BlockPos target = replace_clicked ? use.location : offset(use.location, use.direction);
  if (!replace_clicked && !is_replaceable(blocks_.world.block_at(target))) return false;
  const BlockStateId state = placement_state(*block, use.direction);
  if (!unobstructed(state, target)) return false;
  if (!blocks_.world.set_block(target, state)) return false;
  if (player.game_mode != GameMode::kCreative && --stack.count <= 0) stack = ItemStack{};
  return true;
}

bool Placing::unobstructed(BlockStateId state, const BlockPos& pos) const {
  for (ConnId conn : blocks_.connections.players_in_join_order()) {
    const Player* p = blocks_.connections.player(conn);
    if (p == nullptr || p->game_mode == GameMode::kSpectator) continue;
    // Standing box: the pose lives in the movement system, which placing does not see yet.
    const Aabb body = make_player_box(p->position, Pose::kStanding);
    for (const ShapeBox& box : collision_boxes(state))
      if (body.intersects(pos.x + box.min_x, pos.y + box.min_y, pos.z + box.min_z, pos.x + box.max_x,
                          pos.y + box.max_y, pos.z + box.max_z))
        return false;
  }
  return true;
}

void Placing::refuse_height(ConnId conn, const char* key, int limit) {
  blocks_.overlay(conn, TextComponent::translatable(key, {TextComponent::plain(std::to_string(limit))}));
}

}  // namespace hz
