#include "sim/game/blocks/buckets.h"

#include <cmath>

#include "sim/core/java_math.h"
#include "sim/data/blocks.h"
#include "sim/data/catalog.h"
#include "sim/data/sound_ids.h"
#include "sim/game/blocks/block_interaction.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/block_ray.h"
#include "sim/game/blocks/block_use.h"
#include "sim/game/blocks/dig_rules.h"
#include "sim/game/blocks/fire_rules.h"
#include "sim/game/blocks/placement_states.h"
#include "sim/game/fluids/fluid_rules.h"
#include "sim/game/items/inventory.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

int32_t item(std::string_view name) { return *item_id(name); }

bool has_waterlogged(BlockStateId state) { return !state_property(state, "waterlogged").empty(); }

// Inventory.contains: the same item anywhere in the armour, main, hotbar or off-hand slots.
bool inventory_contains(const Player& player, int32_t item_id) {
  for (int slot = 5; slot < kInventorySlots; ++slot) {
    const ItemStack& s = player.inventory[static_cast<size_t>(slot)];
    if (!s.empty() && s.item == item_id) return true;
  }
  return false;
}

}  // namespace

void Buckets::on_use_item(Player& player, const packet::play_sb::UseItem& use) {
  blocks_.acks.acknowledge(player.conn, use.sequence);
  const int slot = use.hand == 0 ? kFirstHotbarSlot + player.selected_slot : kOffhandSlot;
  ItemStack& stack = player.inventory[static_cast<size_t>(slot)];
  if (stack.empty() || player.game_mode == GameMode::kSpectator) return;
  const std::string_view name = item_name(stack.item);
  if (name != "bucket" && name != "water_bucket" && name != "lava_bucket") return;
  // Vanilla turns the player to the packet's rotation first; the ray uses it.
  use_bucket(player, stack, wrap_degrees(use.yaw), wrap_degrees(use.pitch));
}

bool Buckets::use_bucket(Player& player, ItemStack& stack, float yaw, float pitch) {
  const std::string_view name = item_name(stack.item);
  const bool empty_bucket = name == "bucket";
  const Vec3 eye = player.eye_position();
  const double range =
      player.game_mode == GameMode::kCreative ? dig_rules::kCreativeBlockRange : dig_rules::kSurvivalBlockRange;
  const Vec3 view = view_vector(pitch, yaw);
  const Vec3 to{eye.x + view.x * range, eye.y + view.y * range, eye.z + view.z * range};
  const BlockHit hit =
      clip_blocks(blocks_.world, eye, to, empty_bucket ? FluidClip::kSourceOnly : FluidClip::kNone);
  if (!hit.hit) return false;
  // Level.mayInteract and Player.mayUseItemAt (adventure players need can_place_on, not modelled).
  if (blocks_.spawn_protected(player, hit.pos) || player.game_mode == GameMode::kAdventure) return false;
  if (empty_bucket) {
    const int32_t taken = pick_up(hit.pos);
    if (taken == 0) return false;
    // The fluid's pickup sound through Player.playSound: for the others near.
    if (sounds_)
      sounds_->play_sound(player.position,
                          SoundEvent{taken == item("lava_bucket") ? sound::item_bucket_fill_lava : sound::item_bucket_fill,
                                     SoundSource::kPlayers},
                          player.conn);
    stack = filled_result(player, stack, ItemStack{taken, 1});
    return true;
  }
  const bool lava = name == "lava_bucket";
  const BlockStateId clicked = blocks_.world.block_at(hit.pos);
  const BlockPos place_at = has_waterlogged(clicked) && !lava ? hit.pos : relative(hit.pos, hit.face);
  if (!empty_contents(player, lava, place_at, &hit)) return false;
  // BucketItem.getEmptySuccessItem: creative keeps the filled bucket.
  const ItemStack emptied = player.game_mode == GameMode::kCreative ? stack : ItemStack{item("bucket"), 1};
  stack = filled_result(player, stack, emptied);
  return true;
}

int32_t Buckets::pick_up(const BlockPos& pos) {
  const BlockStateId state = blocks_.world.block_at(pos);
  const std::string_view name = block_info(block_of_state(state)).name;
  if (is_liquid_block(state)) {
    if (!has_value(state, "level", "0")) return 0;  // only a source fills a bucket
    if (!blocks_.world.set_block(pos, default_state_of("air"))) return 0;
    return item(name == "water" ? "water_bucket" : "lava_bucket");
  }
  if (has_value(state, "waterlogged", "true")) {
    if (!blocks_.world.set_block(pos, with_value(state, "waterlogged", "false"))) return 0;
    return item("water_bucket");
  }
  return 0;
}

bool Buckets::empty_contents(const Player& player, bool lava, const BlockPos& pos, const BlockHit* hit) {
  BlockWorld& world = blocks_.world;
  const BlockStateId state = world.block_at(pos);
  // canBeReplaced(fluid): replaceable, or not solid; a waterloggable block takes water.
  const bool may_replace = block_in_tag(block_of_state(state), "minecraft:replaceable") || !is_legacy_solid(state);
  const bool container_takes_water = !lava && has_value(state, "waterlogged", "false");
  const bool place_liquid = may_replace || container_takes_water;
  const bool sneaking = block_use_.sneaking(player.conn);
  const bool inside = is_air(state) || (place_liquid && (!sneaking || hit == nullptr));
  if (!inside) return hit != nullptr && empty_contents(player, lava, relative(hit->pos, hit->face), nullptr);
  if (has_waterlogged(state) && !lava) {
    // LiquidBlockContainer.placeLiquid: waterlogs the block (nothing changes if it already is).
    // Campfires and candles (the waterloggable blocks that burn) go out in it.
    if (has_value(state, "waterlogged", "false")) {
      const BlockStateId wet = with_value(state, "waterlogged", "true");
      world.set_block(pos, state_property(wet, "lit").empty() ? wet : with_value(wet, "lit", "false"));
      ticks_.schedule_fluid_tick(pos, kFluidWater, kWaterConstants.tick_delay);
    }
    play_empty_sound(player, lava, pos);
    return true;
  }
  // A replaced non-fluid block is destroyed (its drops wait for item entities; Level.destroyBlock's
  // break event for everyone near, fire excepted) and the source set.
  const bool fire = fire_rules::is_fire(state) || fire_rules::is_soul_fire(state);
  if (sounds_ && may_replace && !is_liquid_block(state) && !is_air(state) && !fire)
    sounds_->level_event(sound_rules::kEventDestroyBlock, pos, static_cast<int32_t>(state));
  const BlockStateId source = default_state_of(lava ? "lava" : "water");
  const bool changed = state != source && world.set_block(pos, source);
  const bool was_source = is_liquid_block(state) && has_value(state, "level", "0");
  if (!changed && !was_source) return false;
  play_empty_sound(player, lava, pos);
  return true;
}

// BucketItem.playEmptySound: at the block's centre, for the others near.
void Buckets::play_empty_sound(const Player& player, bool lava, const BlockPos& pos) {
  if (!sounds_) return;
  sounds_->play_sound(sound_rules::block_centre(pos), SoundEvent{lava ? sound::item_bucket_empty_lava : sound::item_bucket_empty, SoundSource::kBlocks},
                      player.conn);
}

ItemStack Buckets::filled_result(Player& player, ItemStack stack, const ItemStack& result) const {
  if (player.game_mode == GameMode::kCreative) {
    if (!inventory_contains(player, result.item)) {
      ItemStack copy = result;
      add_to_inventory(player, copy);
    }
    return stack;
  }
  if (--stack.count <= 0) return result;
  ItemStack copy = result;
  // A full inventory would drop the rest at the player's feet; item entities do not exist yet.
  add_to_inventory(player, copy);
  return stack;
}

}  // namespace hz
