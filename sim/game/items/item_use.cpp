#include "sim/game/items/item_use.h"

#include "sim/core/check.h"
#include "sim/core/java_format.h"
#include "sim/data/catalog.h"
#include "sim/game/items/bows.h"
#include "sim/game/items/consumables.h"
#include "sim/game/items/inventory.h"
#include "sim/game/sounds/entity_sounds.h"
#include "sim/game/survival/player_food.h"
#include "sim/game/survival/shield_rules.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

using packet::play_sb::BlockDig;

constexpr int8_t kUseItemCompleteEvent = 9;  // EntityEvent.USE_ITEM_COMPLETE

ItemStack& hand_stack(Player& player, bool off_hand) {
  return player.inventory[static_cast<size_t>(hand_slot(player, off_hand))];
}

// Abilities.instabuild: creative players keep what they eat (hasInfiniteMaterials).
bool infinite_materials(const Player& player) { return player.game_mode == GameMode::kCreative; }

// Consumable.canConsume with Player.canEat: abilities.invulnerable (creative, spectator), a food
// that can always be eaten, or food below the maximum; anything that is not food may be used.
bool can_consume(const Player& player, const Consumable& consumable) {
  if (!consumable.food) return true;
  const bool invulnerable = player.game_mode == GameMode::kCreative || player.game_mode == GameMode::kSpectator;
  return invulnerable || consumable.can_always_eat || player.food_level < kMaxFood;
}

}  // namespace

// ServerPlayerGameMode.useItem -> Item.use: a consumable starts being eaten (Consumable.
// startConsuming), an item with blocks_attacks is raised; an item on cooldown does nothing.
void ItemUse::on_use_item(Player& player, const packet::play_sb::UseItem& use) {
  if (player.game_mode == GameMode::kSpectator || player.dead) return;
  const bool off_hand = use.hand != 0;
  const ItemStack& stack = hand_stack(player, off_hand);
  if (stack.empty() || player.cooldowns.on_cooldown(stack.item)) return;
  if (player.using_item.active) return;  // startUsingItem: one use at a time
  if (const Consumable* consumable = consumable_of(stack.item)) {
    if (can_consume(player, *consumable))
      player.using_item = ItemInUse{true, off_hand, stack.item, consumable->consume_ticks()};
    return;
  }
  if (blocks_attacks_of(stack.item) != nullptr)
    player.using_item = ItemInUse{true, off_hand, stack.item, kBlockingUseDuration};
  else if (bows_ != nullptr && bow_rules::is_bow(stack.item) && Bows::can_draw(player))
    player.using_item = ItemInUse{true, off_hand, stack.item, bow_rules::kUseDuration};
}

void ItemUse::on_block_action(Player& player, int32_t action, const BlockPos&, int8_t, int32_t) {
  if (!player.using_item.active) return;
  if (action == BlockDig::kReleaseUseItem) return release(player);
  if (player.game_mode == GameMode::kSpectator) return;
  if (action == BlockDig::kSwapItemWithOffhand) return stop(player);
  // ServerPlayer.drop: the use stops when the dropped-from stack was the one in use and is gone.
  const bool dropped = action == BlockDig::kDropAllItems || action == BlockDig::kDropItem;
  if (dropped && !player.using_item.off_hand && hand_stack(player, false).empty()) stop(player);
}

// handleSetCarriedItem: another slot stops a use with the main hand.
// LivingEntity.releaseUsingItem: the item's releaseUsing (only a bow's does something), then the
// use stops.
void ItemUse::release(Player& player) {
  const ItemInUse use = player.using_item;
  stop(player);
  if (bows_ == nullptr || !bow_rules::is_bow(use.item) || hand_stack(player, use.off_hand).item != use.item) return;
  bows_->release(player, use.off_hand, bow_rules::kUseDuration - use.remaining);
}

void ItemUse::on_select_slot(Player& player, int32_t slot) {
  if (slot != player.selected_slot && !player.using_item.off_hand) stop(player);
}

void ItemUse::on_game_mode_changed(Player& player) {
  if (player.game_mode == GameMode::kSpectator) stop(player);
}

void ItemUse::tick_item_use(Player& player) {
  tick_use(player);
  // Player.tick: the cooldowns count after LivingEntity.tick; ServerItemCooldowns tells an end.
  for (int32_t item : player.cooldowns.tick())
    players_.send(player.conn, cooldown_packet(item, 0));
}

packet::play_cb::SetCooldown ItemUse::cooldown_packet(int32_t item, int ticks) {
  return packet::play_cb::SetCooldown{"minecraft:" + std::string(item_name(item)), ticks};
}

void ItemUse::tick_use(Player& player) {
  ItemInUse& use = player.using_item;
  if (!use.active) return;
  if (player.dead) return stop(player);  // LivingEntity.die stops the use
  ItemStack& held = hand_stack(player, use.off_hand);
  // ItemStack.isSameItem: another kind in the hand (or none) stops it.
  if (held.empty() || held.item != use.item) return stop(player);
  // ItemStack.onUseTick before the count goes down: now and then the consume sound (its
  // particles are the clients' to show).
  const Consumable* consumable = consumable_of(held.item);
  if (consumable != nullptr && entity_sounds::use_sound_due(consumable->consume_ticks(), use.remaining))
    emit_consume_sound(player, *consumable);
  if (--use.remaining > 0) return;
  players_.send(player.conn, packet::play_cb::EntityStatus{player.entity_id, kUseItemCompleteEvent});
  // completeUsingItem: a shield held up for an hour comes down unchanged.
  if (consumable != nullptr) finish(player, held, *consumable);
  stop(player);
}

// ItemStack.finishUsingItem: Consumable.onConsume (the food, then one item less unless creative),
// then the use_remainder: an emptied stack becomes the remainder, else the remainder is extra.
void ItemUse::finish(Player& player, ItemStack& held, const Consumable& consumable) {
  emit_consume_sound(player, consumable);
  if (consumable.food) {
    meal_sound(player, consumable);
    FoodState food = food_of(player);
    eat(food, consumable.nutrition, consumable.saturation());
    store_food(player, food);
    burp(player);
  }
  apply_consume_effects(player, consumable);
  if (infinite_materials(player)) return;
  held.count -= 1;
  if (held.count <= 0) held = ItemStack{};
  if (consumable.remainder.empty()) return;
  const ItemStack remainder{*item_id(consumable.remainder), 1};
  if (held.empty()) held = remainder;
  else give_extra(player, remainder);
}

void ItemUse::apply_consume_effects(Player& player, const Consumable& consumable) {
  if (effects_ == nullptr || random_ == nullptr) return;
  // ApplyStatusEffectsConsumeEffect draws once, even for a certain chance.
  const auto granted = [&] { return !consumable.grant_drawn || random_->next_float() < consumable.grant_chance; };
  if (consumable.grant_count > 0 && granted()) {
    for (int i = 0; i < consumable.grant_count; ++i) {
      const StatusGrant& g = consumable.grants[static_cast<size_t>(i)];
      effects_->add_effect(player.conn, EffectInstance{g.effect, g.amplifier, g.duration, false, g.visible, true});
    }
  }
  if (consumable.clears_effects) effects_->clear_effects(player.conn);
  if (consumable.cures) effects_->remove_effect(player.conn, *consumable.cures);
  // PlaySoundConsumeEffect: at the centre of the player's block, for everyone near.
  if (consumable.sound_after) {
    const BlockPos at{java_floor(player.position.x), java_floor(player.position.y), java_floor(player.position.z)};
    play(sound_rules::block_centre(at), SoundEvent{*consumable.sound_after, SoundSource::kPlayers}, std::nullopt);
  }
}

void ItemUse::emit_consume_sound(const Player& player, const Consumable& consumable) {
  if (random_ == nullptr) return;
  // Every draw is made whichever animation the consumable has.
  const float eat_volume = random_->next_below(2) != 0 ? 0.5f : 1.0f;
  const float eat_pitch = entity_sounds::triangle(*random_, 1.0f, 0.2f);
  const float drink_pitch = entity_sounds::random_between(*random_, 0.9f, 1.0f);
  const SoundEvent sound{consumable.sound, SoundSource::kPlayers, consumable.drink ? 0.5f : eat_volume,
                         consumable.drink ? drink_pitch : eat_pitch};
  play(player.position, sound, player.conn);  // Player.playSound: not to the player itself
}

void ItemUse::meal_sound(const Player& player, const Consumable& consumable) {
  if (random_ == nullptr) return;
  const float pitch = entity_sounds::triangle(*random_, 1.0f, 0.4f);
  play(player.position, SoundEvent{consumable.sound, SoundSource::kNeutral, 1.0f, pitch}, std::nullopt);
}

void ItemUse::burp(const Player& player) {
  if (random_ == nullptr) return;
  const float pitch = entity_sounds::random_between(*random_, 0.9f, 1.0f);
  play(player.position, SoundEvent{sound::entity_player_burp, SoundSource::kPlayers, 0.5f, pitch}, std::nullopt);
}

void ItemUse::play(const Vec3& at, const SoundEvent& sound, std::optional<ConnId> except) {
  if (sounds_) sounds_->play_sound(at, sound, except);
}

void ItemUse::give_extra(Player& player, ItemStack extra) {
  add_to_inventory(player, extra);
  if (!extra.empty()) drops_.drop_from_player(player, extra, false, false);
}

}  // namespace hz
