// An arrow's saved compound (AbstractArrow and Projectile's addAdditionalSaveData in 26.1): the
// shared entity fields with its fire, then Owner, LeftOwner, HasBeenShot, life, inBlockState,
// shake, inGround, pickup, damage, crit, PierceLevel, SoundEvent, item and weapon.
#pragma once

#include <optional>
#include <string_view>

#include "sim/game/entities/arrow.h"
#include "sim/game/entities/entity_nbt.h"

namespace hz::arrow_codec {

inline constexpr std::string_view kTypeId = "minecraft:arrow";

nbt::Compound save(const Arrow& arrow);

// What a compound holds, before the arrow gets its network id and its owner is looked up.
struct Loaded {
  entity_nbt::Base base;
  std::optional<Uuid> owner;
  bool left_owner = false;
  int fire_ticks = 0;
  int life = 0;
  std::optional<BlockStateId> in_block;  // the block it stuck in, if it ever did
  int shake_time = 0;
  bool in_ground = false;
  ArrowPickup pickup = ArrowPickup::kDisallowed;
  double base_damage = arrow_rules::kBaseDamage;
  bool crit = false;
  ItemStack item;    // what picking it up gives (a plain arrow when missing)
  ItemStack weapon;  // empty when it was shot from no weapon
};
// Nothing when the shared fields are invalid (no UUID, a position that is not finite).
std::optional<Loaded> load(const nbt::Compound& tag);

}  // namespace hz::arrow_codec
