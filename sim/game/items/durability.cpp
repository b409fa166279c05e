#include "sim/game/items/durability.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "sim/data/catalog.h"
#include "sim/data/tag_lookup.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/equipment.h"
#include "sim/game/survival/armour_rules.h"
#include "sim/game/items/inventory.h"
#include "sim/protocol/packets.h"

namespace hz {

int wear_per_attack(const ItemStack& stack) {
  if (stack.empty()) return 0;
  const std::string_view name = item_name(stack.item);
  for (std::string_view tool : {"_axe", "_pickaxe", "_shovel", "_hoe"})
    if (name.ends_with(tool)) return 2;
  if (name.ends_with("_sword") || name.ends_with("_spear") || name == "mace" || name == "trident") return 1;
  return 0;
}

float unbreaking_chance(const ItemStack& stack) {
  const int level = enchantment_level(stack, "unbreaking");
  if (level <= 0) return 0.0f;
  // unbreaking.json: a fraction of two linear values, as floats (exact for these small numbers).
  const float above_first = static_cast<float>(level - 1);
  if (item_in_tag(stack.item, "minecraft:enchantable/armor")) return (2.0f + 2.0f * above_first) / (10.0f + 5.0f * above_first);
  return (1.0f + above_first) / (2.0f + above_first);
}

Wear wear(ItemStack& stack, int amount, Rng& random) {
  const int max_damage = item_max_damage(stack.item);
  if (stack.empty() || max_damage <= 0 || amount <= 0) return Wear::kNone;
  const float keep_off = unbreaking_chance(stack);
  if (keep_off > 0.0f) {
    int spared = 0;
    for (int point = 0; point < amount; ++point)
      if (random.next_float() < keep_off) ++spared;
    amount -= spared;
  }
  if (amount == 0) return Wear::kNone;
  stack.damage = std::min(stack.damage + amount, max_damage);
  if (stack.damage < max_damage) return Wear::kDamaged;
  stack = stack.count > 1 ? stack.with_count(stack.count - 1) : ItemStack{};
  return Wear::kBroke;
}

void PlayerItemWear::wear_held_item(ConnId conn, Hand hand, int amount) {
  Player* player = players_.player(conn);
  if (player == nullptr) return;
  const bool off_hand = hand == Hand::kOff;
  wear_slot(*player, hand_slot(*player, off_hand), amount, off_hand ? kEntityEventOffHandBreak : kEntityEventMainHandBreak);
}

void PlayerItemWear::wear_armour(ConnId conn, float damage, DamageCause kind) {
  Player* player = players_.player(conn);
  if (player == nullptr || damage <= 0.0f) return;
  static constexpr std::pair<EquipSlot, int8_t> kFeetToHead[] = {{EquipSlot::kFeet, kEntityEventFeetBreak},
                                                                 {EquipSlot::kLegs, kEntityEventLegsBreak},
                                                                 {EquipSlot::kChest, kEntityEventChestBreak},
                                                                 {EquipSlot::kHead, kEntityEventHeadBreak}};
  const int points = armour_wear_points(damage);
  for (const auto& [slot, event] : kFeetToHead) {
    const int menu_slot = armour_menu_slot(slot);
    if (wears_when_hurt(player->inventory[static_cast<size_t>(menu_slot)], kind))
      wear_slot(*player, menu_slot, points, event);
  }
}

void PlayerItemWear::wear_equipped(ConnId conn, int menu_slot, int amount) {
  Player* player = players_.player(conn);
  if (player == nullptr) return;
  int8_t event = kEntityEventMainHandBreak;
  if (menu_slot == kOffhandSlot) event = kEntityEventOffHandBreak;
  else if (menu_slot == armour_menu_slot(EquipSlot::kFeet)) event = kEntityEventFeetBreak;
  else if (menu_slot == armour_menu_slot(EquipSlot::kLegs)) event = kEntityEventLegsBreak;
  else if (menu_slot == armour_menu_slot(EquipSlot::kChest)) event = kEntityEventChestBreak;
  else if (menu_slot == armour_menu_slot(EquipSlot::kHead)) event = kEntityEventHeadBreak;
  wear_slot(*player, menu_slot, amount, event);
}

void PlayerItemWear::wear_slot(Player& player, int slot, int amount, int8_t event) {
  if (player.game_mode == GameMode::kCreative) return;
  if (wear(player.inventory[static_cast<size_t>(slot)], amount, random_) != Wear::kBroke) return;
  broadcast_.send_to_viewers_and_self(player, share(encode_packet(packet::play_cb::EntityStatus{player.entity_id, event})));
}

}  // namespace hz
