// Players' bows (docs/rules/projectiles.md §5): drawing needs an arrow or infinite materials;
// releasing shoots one with the draw's power, uses the arrow up, wears the bow, plays the shot.
#pragma once

#include <cstdint>
#include <functional>

#include "sim/core/rng.h"
#include "sim/game/entities/arrows.h"
#include "sim/game/player.h"
#include "sim/game/ports.h"

namespace hz::bow_rules {

// BowItem.releaseUsing shoots nothing below this power.
inline constexpr float kMinPower = 0.1f;
// BowItem.getUseDuration: a bow is drawn for up to an hour.
inline constexpr int kUseDuration = 72000;

bool is_bow(int32_t item);
// One plain arrow: what a creative player without arrows shoots.
ItemStack plain_arrow();
// Player.hasInfiniteMaterials: creative players draw without arrows and use none.
bool infinite_materials(const Player& player);
// ItemTags.ARROWS: arrow, spectral_arrow, tipped_arrow.
bool is_arrow(int32_t item);
// Player.getProjectile's search: the off hand, the main hand, then inventory indices 0-35 and 40;
// the window slot of the first arrow found, -1 when there is none.
int ammo_slot(const Player& player);
// ProjectileWeaponItem.useAmmo: how many arrows a shot costs (0 for infinite materials, or
// Infinity with a plain arrow; an arrow that cost nothing can only be picked up in creative).
int ammo_cost(const Player& player, const ItemStack& bow, const ItemStack& arrow);

}  // namespace hz::bow_rules

namespace hz {

class Bows final {
 public:
  Bows(Arrows& arrows, Rng& random) : arrows_(arrows), random_(random) {}
  void set_sounds(LevelSounds* sounds) { sounds_ = sounds; }
  void set_item_wear(ItemWear* wear) { wear_ = wear; }
  // ServerPlayer.getKnownMovement: the motion the player's last move reported, added to a shot.
  void set_known_movement(std::function<Vec3(ConnId)> known) { known_movement_ = std::move(known); }

  // BowItem.use: whether the player may start drawing the bow.
  static bool can_draw(const Player& player);
  // BowItem.releaseUsing after the bow was drawn `ticks_held` ticks in the given hand.
  void release(Player& player, bool off_hand, int ticks_held);

 private:
  // ProjectileWeaponItem.draw: takes the arrow the shot costs; returns what the arrow carries
  // and who may pick it up.
  ItemStack take_ammo(Player& player, const ItemStack& bow, int slot, ArrowPickup& pickup);

  Arrows& arrows_;
  Rng& random_;
  LevelSounds* sounds_ = nullptr;
  ItemWear* wear_ = nullptr;
  std::function<Vec3(ConnId)> known_movement_;
};

}  // namespace hz
