#include "sim/game/items/durability.h"

#include <algorithm>
#include <string_view>

#include "sim/data/catalog.h"
#include "sim/game/items/enchantments.h"
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

Wear wear(ItemStack& stack, int amount, Rng& random) {
  const int max_damage = item_max_damage(stack.item);
  if (stack.empty() || max_damage <= 0 || amount <= 0) return Wear::kNone;
  const int unbreaking = enchantment_level(stack, "unbreaking");
  if (unbreaking > 0) {
    // The fraction's numerator and denominator are linear in the level: L and L + 1, as floats.
    const float keep_off = static_cast<float>(unbreaking) / static_cast<float>(unbreaking + 1);
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

void HeldItemWear::wear_held_item(ConnId conn, Hand hand, int amount) {
  Player* player = players_.player(conn);
  if (player == nullptr || player->game_mode == GameMode::kCreative) return;
  const size_t slot = hand == Hand::kMain ? static_cast<size_t>(kFirstHotbarSlot + player->selected_slot)
                                          : static_cast<size_t>(kOffhandSlot);
  if (wear(player->inventory[slot], amount, random_) != Wear::kBroke) return;
  const int8_t event = hand == Hand::kMain ? kEntityEventMainHandBreak : kEntityEventOffHandBreak;
  broadcast_.send_to_viewers_and_self(*player, share(encode_packet(packet::play_cb::EntityStatus{player->entity_id, event})));
}

}  // namespace hz
