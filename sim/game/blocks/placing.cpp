#include "sim/game/blocks/placing.h"

#include <cmath>

#include "sim/data/blocks.h"
#include "sim/data/catalog.h"
#include "sim/data/sound_ids.h"
#include "sim/data/tag_lookup.h"
#include "sim/game/blocks/block_interaction.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/block_use.h"
#include "sim/game/blocks/placement_states.h"
#include "sim/game/blocks/tilling.h"
#include "sim/game/movement/player_body.h"
#include "sim/game/sounds/entity_sounds.h"
#include "sim/protocol/packets.h"
#include "sim/world/chunk_pos.h"

namespace hz {

namespace {

// The hit point must lie within this of the clicked block's centre on each axis.
constexpr double kHitTolerance = 1.0000001;

bool consumes(UseResult r) { return r != UseResult::kPass; }

}  // namespace

BlockPos offset(const BlockPos& pos, int face) { return relative(pos, static_cast<Dir>(face)); }

std::optional<BlockId> placed_block(std::string_view item) {
  // ItemNameBlockItem: items named apart from the block they place.
  static constexpr std::pair<std::string_view, std::string_view> kNamedApart[] = {
      {"wheat_seeds", "wheat"},         {"carrot", "carrots"}, {"potato", "potatoes"},
      {"beetroot_seeds", "beetroots"}, {"torchflower_seeds", "torchflower_crop"}};
  for (const auto& [item_name, block] : kNamedApart)
    if (item == item_name) return block_by_name(block);
  return block_by_name(item);
}

bool is_placement_item(const ItemStack& stack) {
  if (stack.empty()) return false;
  const std::string_view name = item_name(stack.item);
  return placed_block(name).has_value() || name == "water_bucket" || name == "lava_bucket";
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
  } else {
    const int slot = use.hand == 0 ? kFirstHotbarSlot + player.selected_slot : kOffhandSlot;
    ItemStack& stack = player.inventory[static_cast<size_t>(slot)];
    const bool attempt = is_placement_item(stack);  // read before placing uses the stack up
    const bool consumed = consumes(use_item_on(player, stack, use));
    // Vanilla checks the build limit twice after a refused placement, so "too high" can come twice.
    if (!consumed && attempt && use.direction == 1 && pos.y >= kWorldMaxY)
      refuse_height(player.conn, "build.tooHigh", kWorldMaxY);
    if (!consumed && attempt) {
      if (use.direction == 1 && pos.y >= kWorldMaxY) refuse_height(player.conn, "build.tooHigh", kWorldMaxY);
      else if (use.direction == 0 && pos.y <= kWorldMinY) refuse_height(player.conn, "build.tooLow", kWorldMinY);
    }
  }
  blocks_.send_block(player.conn, pos);
  blocks_.send_block(player.conn, offset(pos, use.direction));
}

UseResult Placing::use_item_on(Player& player, ItemStack& stack, const packet::play_sb::BlockPlace& use) {
  if (player.game_mode == GameMode::kSpectator) return UseResult::kPass;  // no menus to open yet
  const bool holds_something = !player.main_hand().empty() || !player.inventory[kOffhandSlot].empty();
  const bool suppress_block_use = block_use_.sneaking(player.conn) && holds_something;
  if (!suppress_block_use && use.hand == 0) {
    const UseResult used = block_use_.use_without_item(player, use.location);
    if (consumes(used)) return used;
  }
  // Adventure players may not build (no can_place_on components yet).
  if (stack.empty() || player.game_mode == GameMode::kAdventure) return UseResult::kPass;
  // ItemStack.useOn: the item's own use, a hoe's tilling or a block item's placing.
  if (item_in_tag(stack.item, "minecraft:hoes")) return till(player, use) ? UseResult::kSuccess : UseResult::kPass;
  return place(player, stack, use) ? UseResult::kSuccess : UseResult::kPass;
}

bool Placing::till(Player& player, const packet::play_sb::BlockPlace& use) {
  BlockWorld& world = blocks_.world;
  const std::optional<BlockStateId> tilled = tilled_state(world.block_at(use.location),
                                                          world.block_at(relative(use.location, Dir::kUp)),
                                                          static_cast<Dir>(use.direction));
  if (!tilled || !world.set_block(use.location, *tilled)) return false;
  // HoeItem.changeIntoState's sound, for the others near.
  play_sound(player, use.location, SoundEvent{sound::item_hoe_till, SoundSource::kBlocks});
  if (wear_) wear_->wear_held_item(player.conn, use.hand == 0 ? Hand::kMain : Hand::kOff, 1);
  return true;
}

bool Placing::place(Player& player, ItemStack& stack, const packet::play_sb::BlockPlace& use) {
  auto block = placed_block(item_name(stack.item));
  if (!block) return false;  // not a block item
  const Vec3 hit{use.location.x + double(use.cursor_x), use.location.y + double(use.cursor_y),
                 use.location.z + double(use.cursor_z)};
  BlockWorld& world = blocks_.world;
  const PlaceContext ctx = make_place_context(world, use.location, static_cast<Dir>(use.direction), hit, player.yaw,
                                              player.pitch, stack.item);
  if (!can_place(world, ctx)) return false;
  const std::optional<BlockStateId> state = placement_state(world, *block, ctx);
  if (!state) return false;
  const BlockPos target = ctx.pos();
  if (!can_survive(world, *state, target) || !unobstructed(*state, target)) return false;
  // The world's block updates reshape the neighbours (fence connections, stairs).
  if (!world.set_block(target, *state)) return false;  // outside the world or an unloaded chunk
  if (is_door(*block)) {  // DoorBlock.setPlacedBy: the upper half
    world.set_block(relative(target, Dir::kUp), with_value(*state, "half", "upper"));
  }
  // BlockItem.place: the placed block's sound (as its neighbours left it), for the others near.
  play_sound(player, target, entity_sounds::block_place_sound(world.block_at(target)));
  if (player.game_mode != GameMode::kCreative && --stack.count <= 0) stack = ItemStack{};
  return true;
}

void Placing::play_sound(const Player& player, const BlockPos& pos, const SoundEvent& sound) {
  if (sounds_) sounds_->play_sound(sound_rules::block_centre(pos), sound, player.conn);
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
