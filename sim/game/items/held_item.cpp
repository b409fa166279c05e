// The held item outside the window: dropping it (Q, Ctrl-Q), swapping hands (F) and picking a
// block's item into the hotbar (middle click), docs/rules/inventory.md §7-8.
#include "sim/data/blocks.h"
#include "sim/data/catalog.h"
#include "sim/game/blocks/dig_rules.h"
#include "sim/game/items/inventory_menu.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

using packet::play_sb::BlockDig;

size_t hotbar(int index) { return static_cast<size_t>(kFirstHotbarSlot + index); }

// getCloneItemStack for blocks without special rules: the item of the same name; wall-mounted
// variants (torches, signs, heads, banners, fans) give their standing block's item. 0 when the
// block has no item (air, fluids, crops whose item is named differently).
int clone_item_of(BlockStateId state) {
  if (is_air(state)) return 0;
  std::string name(block_info(block_of_state(state)).name);
  if (auto item = item_id(name)) return *item;
  if (const size_t wall = name.find("wall_"); wall != std::string::npos) {
    name.erase(wall, 5);
    if (auto item = item_id(name)) return *item;
  }
  return 0;
}

// Inventory.getSuitableHotbarSlot: from the selected slot onwards (wrapping) the first empty
// slot, else the first unenchanted one, which without enchantments is the selected slot.
int suitable_hotbar_slot(const Player& player) {
  for (int k = 0; k < 9; ++k) {
    const int index = (player.selected_slot + k) % 9;
    if (player.inventory[hotbar(index)].empty()) return index;
  }
  return player.selected_slot;
}

// Inventory.findSlotMatchingItem over indices 0-35 (hotbar first), as an inventory index.
int inventory_index_holding(const Player& player, int item) {
  for (int index = 0; index < 36; ++index) {
    const ItemStack& stack = player.inventory[static_cast<size_t>(menu_slot_of_inventory_index(index))];
    if (!stack.empty() && stack.same_item_and_components(ItemStack{item, 1})) return index;
  }
  return -1;
}

}  // namespace

void InventoryMenus::on_block_action(Player& player, int32_t action, const BlockPos&, int8_t, int32_t) {
  if (player.game_mode == GameMode::kSpectator) return;
  if (action == BlockDig::kDropAllItems || action == BlockDig::kDropItem) return drop_held(player, action == BlockDig::kDropAllItems);
  if (action == BlockDig::kSwapItemWithOffhand) swap_hands(player);
}

// ServerPlayer.drop(all): the client already shows the slot's new contents, so it is only
// recorded as the remote view.
void InventoryMenus::drop_held(Player& player, bool whole_stack) {
  ItemStack& held = player.inventory[hotbar(player.selected_slot)];
  if (held.empty()) return;
  const int count = whole_stack ? held.count : 1;
  const ItemStack dropped = held.with_count(count);
  held.count -= count;
  if (held.count <= 0) held = ItemStack{};
  menu_of(player).remote[hotbar(player.selected_slot)] = RemoteSlot{true, held};
  drops_.drop_from_player(player, dropped, false, true);
}

// The change reaches the client through the next broadcastChanges, as in vanilla.
void InventoryMenus::swap_hands(Player& player) {
  std::swap(player.inventory[hotbar(player.selected_slot)], player.inventory[kOffhandSlot]);
}

// handlePickItemFromBlock: within reach and loaded, the block's item is selected in the hotbar,
// brought there from the main inventory, or (creative) created there.
void InventoryMenus::on_pick_item_from_block(Player& player, const packet::play_sb::PickItemFromBlock& packet) {
  const Vec3 eye = player.eye_position();
  const double range =
      player.game_mode == GameMode::kCreative ? dig_rules::kCreativeBlockRange : dig_rules::kSurvivalBlockRange;
  if (!dig_rules::within_reach(eye, packet.location, range) || !world_.is_loaded(packet.location)) return;
  const int item = clone_item_of(world_.block_at(packet.location));
  if (item <= 0) return;
  pick(player, item);
  players_.send(player.conn, packet::play_cb::HeldItemSlot{player.selected_slot});
  broadcast_changes(player);
}

// tryPickItem: a hotbar match is selected; a main-inventory match is swapped with a suitable
// hotbar slot (Inventory.pickSlot); otherwise creative players get one item in a suitable
// slot, whose old stack moves to the first free slot or is lost (Inventory.addAndPickItem).
void InventoryMenus::pick(Player& player, int item) {
  const int found = inventory_index_holding(player, item);
  if (found >= 0 && found < 9) {
    player.selected_slot = found;
    return;
  }
  if (found < 0 && player.game_mode != GameMode::kCreative) return;
  player.selected_slot = suitable_hotbar_slot(player);
  ItemStack& selected = player.inventory[hotbar(player.selected_slot)];
  if (found >= 0) return std::swap(selected, player.inventory[static_cast<size_t>(found)]);
  if (!selected.empty()) {
    const int free = first_free_slot(player.inventory);
    if (free >= 0) player.inventory[static_cast<size_t>(free)] = selected;
  }
  selected = ItemStack{item, 1};
}

}  // namespace hz
