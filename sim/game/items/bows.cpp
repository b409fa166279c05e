#include "sim/game/items/bows.h"

#include <cmath>

#include "sim/data/catalog.h"
#include "sim/data/sound_ids.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/inventory.h"

namespace hz::bow_rules {

namespace {

int32_t item_named(std::string_view name) { return item_id(name).value_or(-1); }

}  // namespace

bool infinite_materials(const Player& player) { return player.game_mode == GameMode::kCreative; }

ItemStack plain_arrow() { return ItemStack{item_named("arrow"), 1}; }

bool is_bow(int32_t item) {
  static const int32_t bow = item_named("bow");
  return item == bow;
}

bool is_arrow(int32_t item) {
  static const int32_t arrow = item_named("arrow"), spectral = item_named("spectral_arrow"),
                       tipped = item_named("tipped_arrow");
  return item == arrow || item == spectral || item == tipped;
}

int ammo_slot(const Player& player) {
  auto holds_arrow = [&](int slot) { return is_arrow(player.inventory[static_cast<size_t>(slot)].item); };
  for (const bool off_hand : {true, false})
    if (holds_arrow(hand_slot(player, off_hand))) return hand_slot(player, off_hand);
  for (int index = 0; index < 36; ++index)
    if (holds_arrow(menu_slot_of_inventory_index(index))) return menu_slot_of_inventory_index(index);
  return holds_arrow(kOffhandSlot) ? kOffhandSlot : -1;
}

int ammo_cost(const Player& player, const ItemStack& bow, const ItemStack& arrow) {
  if (infinite_materials(player)) return 0;
  // Infinity's ammo_use effect: set to 0 when the projectile is a plain arrow.
  static const int32_t plain = item_named("arrow");
  return arrow.item == plain && enchantment_level(bow, "infinity") > 0 ? 0 : 1;
}

}  // namespace hz::bow_rules

namespace hz {

bool Bows::can_draw(const Player& player) {
  return bow_rules::infinite_materials(player) || bow_rules::ammo_slot(player) >= 0;
}

ItemStack Bows::take_ammo(Player& player, const ItemStack& bow, int slot, ArrowPickup& pickup) {
  const ItemStack arrow = slot >= 0 ? player.inventory[static_cast<size_t>(slot)] : bow_rules::plain_arrow();
  if (bow_rules::ammo_cost(player, bow, arrow) == 0) {
    // The copy is intangible: only a creative player may pick it up.
    pickup = ArrowPickup::kCreativeOnly;
    return arrow.with_count(1);
  }
  ItemStack& stack = player.inventory[static_cast<size_t>(slot)];
  stack.count -= 1;
  if (stack.count <= 0) stack = ItemStack{};
  pickup = ArrowPickup::kAllowed;  // AbstractArrow.setOwner: a player's arrow may be picked up
  return arrow.with_count(1);
}

void Bows::release(Player& player, bool off_hand, int ticks_held) {
  const ItemStack bow = player.inventory[static_cast<size_t>(hand_slot(player, off_hand))];
  const int slot = bow_rules::ammo_slot(player);
  if (slot < 0 && !bow_rules::infinite_materials(player)) return;
  const float power = arrow_rules::power_for_time(ticks_held);
  if (static_cast<double>(power) < static_cast<double>(bow_rules::kMinPower)) return;
  Arrows::Launch launch;
  launch.pickup_item = take_ammo(player, bow, slot, launch.pickup);
  // The arrow's owner constructor: at the eyes less 0.1; shootFromRotation along the look, with
  // the shooter's reported motion (its vertical part only off the ground).
  launch.position = Vec3{player.position.x, player.position.y + static_cast<double>(player.eye_height) -
                                                static_cast<double>(0.1f),
                         player.position.z};
  const Vec3 shot = arrow_rules::movement_to_shoot(arrow_rules::direction_from_rotation(player.pitch, player.yaw),
                                                   power * 3.0f, 1.0f, random_);
  constexpr double kRadToDeg = 180.0 / M_PI;
  launch.yaw = static_cast<float>(std::atan2(shot.x, shot.z) * kRadToDeg);
  launch.pitch = static_cast<float>(std::atan2(shot.y, std::sqrt(shot.x * shot.x + shot.z * shot.z)) * kRadToDeg);
  const Vec3 moving = known_movement_ ? known_movement_(player.conn) : Vec3{};
  launch.velocity = Vec3{shot.x + moving.x, shot.y + (player.on_ground ? 0.0 : moving.y), shot.z + moving.z};
  launch.owner = player.entity_id;
  launch.owner_is_player = true;
  launch.crit = power == 1.0f;
  launch.owner_uuid = player.uuid;
  launch.weapon = bow;
  // Flame's projectile_spawned effect: the arrow burns for 100 seconds.
  if (enchantment_level(bow, "flame") > 0) launch.fire_ticks = arrow_rules::kFlameFireTicks;
  arrows_.launch(launch);
  if (wear_) wear_->wear_held_item(player.conn, off_hand ? Hand::kOff : Hand::kMain, 1);
  const float pitch = 1.0f / (random_.next_float() * 0.4f + 1.2f) + power * 0.5f;
  if (sounds_)
    sounds_->play_sound(player.position, SoundEvent{sound::entity_arrow_shoot, SoundSource::kPlayers, 1.0f, pitch});
}

}  // namespace hz
