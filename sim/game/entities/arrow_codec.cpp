#include "sim/game/entities/arrow_codec.h"

#include <algorithm>
#include <string>

#include "sim/data/catalog.h"
#include "sim/data/sound_ids.h"
#include "sim/game/items/item_stack_nbt.h"
#include "sim/world/anvil/block_state_nbt.h"

namespace hz::arrow_codec {

namespace {

// Pickup.LEGACY_CODEC: the ordinal as a byte; anything else reads as DISALLOWED.
ArrowPickup pickup_of(int ordinal) {
  switch (ordinal) {
    case 1: return ArrowPickup::kAllowed;
    case 2: return ArrowPickup::kCreativeOnly;
    default: return ArrowPickup::kDisallowed;
  }
}

ItemStack plain_arrow() { return ItemStack{item_id("arrow").value_or(0), 1}; }

}  // namespace

nbt::Compound save(const Arrow& arrow) {
  nbt::Compound c = entity_nbt::save_base(kTypeId, arrow);
  // Entity.saveWithoutId's Fire: the arrow's remaining fire ticks.
  c.put("Fire", static_cast<int16_t>(arrow.fire_ticks > 0 ? arrow.fire_ticks : entity_nbt::kDefaultFire));
  if (arrow.owner_uuid) c.put("Owner", entity_nbt::uuid_ints(*arrow.owner_uuid));
  if (arrow.left_owner) c.put("LeftOwner", int8_t{1});
  c.put("HasBeenShot", int8_t{1});
  c.put("life", static_cast<int16_t>(arrow.life));
  // lastState stays null until the arrow first sticks.
  if (arrow.in_ground || arrow.last_state != 0) c.put("inBlockState", anvil::block_state_to_nbt(arrow.last_state));
  c.put("shake", static_cast<int8_t>(arrow.shake_time));
  c.put("inGround", static_cast<int8_t>(arrow.in_ground));
  c.put("pickup", static_cast<int8_t>(arrow.pickup));
  c.put("damage", arrow.base_damage);
  c.put("crit", static_cast<int8_t>(arrow.crit));
  c.put("PierceLevel", int8_t{0});
  // The sound of its next hit: the default, or arrow.hit after it stuck (the same for an arrow).
  c.put("SoundEvent", "minecraft:" + std::string(sound_name(sound::entity_arrow_hit)));
  c.put("item", stack_to_nbt(arrow.pickup_item.empty() ? plain_arrow() : arrow.pickup_item));
  if (!arrow.weapon.empty()) c.put("weapon", stack_to_nbt(arrow.weapon));
  return c;
}

std::optional<Loaded> load(const nbt::Compound& tag) {
  std::optional<entity_nbt::Base> base = entity_nbt::load_base(tag);
  if (!base) return std::nullopt;
  Loaded out;
  out.base = *base;
  out.owner = entity_nbt::uuid_at(tag, "Owner");
  out.left_owner = entity_nbt::bool_or(tag, "LeftOwner", false);
  out.fire_ticks = std::max(0, static_cast<int>(static_cast<int16_t>(entity_nbt::int_or(tag, "Fire", 0))));
  out.life = static_cast<int16_t>(entity_nbt::int_or(tag, "life", 0));
  if (const nbt::Compound* state = entity_nbt::compound_at(tag, "inBlockState")) {
    std::string problem;
    out.in_block = anvil::block_state_from_nbt(*state, problem);
  }
  out.shake_time = entity_nbt::int_or(tag, "shake", 0) & 255;
  out.in_ground = entity_nbt::bool_or(tag, "inGround", false);
  out.pickup = pickup_of(entity_nbt::int_or(tag, "pickup", 0));
  out.base_damage = nbt::number_at(tag, "damage").value_or(arrow_rules::kBaseDamage);
  out.crit = entity_nbt::bool_or(tag, "crit", false);
  const nbt::Compound* item = entity_nbt::compound_at(tag, "item");
  out.item = item ? stack_from_nbt(*item).value_or(plain_arrow()) : plain_arrow();
  if (const nbt::Compound* weapon = entity_nbt::compound_at(tag, "weapon"))
    out.weapon = stack_from_nbt(*weapon).value_or(ItemStack{});
  return out;
}

}  // namespace hz::arrow_codec
