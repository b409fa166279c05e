#include "sim/game/items/inventory_menu.h"

#include "sim/core/hash.h"
#include "sim/data/catalog.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/item_wire.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

constexpr int32_t kInventoryWindow = 0;
constexpr int kCraftingGridFirst = 1;
constexpr int kCraftingGridLast = 4;
// TickThrottler(20, 1480) of creative drops (handleSetCreativeModeSlot).
constexpr int kCreativeDropStep = 20;
constexpr int kCreativeDropThreshold = 1480;

ClickType click_type_of(int32_t mode) {
  // ContainerInput's id map reads unknown ids as PICKUP.
  return mode >= 0 && mode <= 6 ? static_cast<ClickType>(mode) : ClickType::kPickup;
}

}  // namespace

bool InventoryMenus::RemoteSlot::matches(const ItemStack& real) const { return comparable && stack.matches(real); }

// HashedStack as a remote view: an absent stack is empty; a present one matches a real stack of
// the same item and count without enchantments when it reports no component changes, and never
// otherwise (component hashes are not computed), so the slot is sent again.
InventoryMenus::RemoteSlot InventoryMenus::reported(const std::optional<packet::play_sb::HashedItem>& item) {
  if (!item) return RemoteSlot{};
  const bool plain = item->components.empty() && item->removed_components.empty() && item->count > 0;
  return RemoteSlot{plain, ItemStack{item->item_id, item->count}};
}

int32_t InventoryMenus::next_state_id(Player& player) {
  player.inventory_state_id = (player.inventory_state_id + 1) & 0x7FFF;
  return player.inventory_state_id;
}

void InventoryMenus::broadcast_changes(Player& player) {
  Menu& menu = menu_of(player);
  for (int slot = 0; slot < kInventorySlots; ++slot) {
    const ItemStack& real = player.inventory[static_cast<size_t>(slot)];
    RemoteSlot& remote = menu.remote[static_cast<size_t>(slot)];
    if (remote.matches(real)) continue;
    remote = RemoteSlot{true, real};
    players_.send(player.conn, packet::play_cb::SetSlot{kInventoryWindow, next_state_id(player),
                                                        static_cast<int16_t>(slot), slot_data_of(real)});
  }
  if (menu.remote_carried.matches(player.carried)) return;
  menu.remote_carried = RemoteSlot{true, player.carried};
  players_.send(player.conn, packet::play_cb::SetCursorItem{slot_data_of(player.carried)});
}

void InventoryMenus::send_all(Player& player) {
  Menu& menu = menu_of(player);
  packet::play_cb::WindowItems content;
  content.window_id = kInventoryWindow;
  content.state_id = next_state_id(player);
  for (int slot = 0; slot < kInventorySlots; ++slot) {
    const ItemStack& real = player.inventory[static_cast<size_t>(slot)];
    content.items.push_back(slot_data_of(real));
    menu.remote[static_cast<size_t>(slot)] = RemoteSlot{true, real};
  }
  content.carried = slot_data_of(player.carried);
  menu.remote_carried = RemoteSlot{true, player.carried};
  players_.send(player.conn, content);
}

void InventoryMenus::on_join(Player& player) {
  menus_[player.conn] = Menu{};
  players_.send(player.conn, packet::play_cb::HeldItemSlot{player.selected_slot});
  send_all(player);
}

// A player leaving drops the cursor and the crafting grid (AbstractContainerMenu.removed for a
// disconnected player), after anything that saves the inventory has run.
void InventoryMenus::on_leave(Player& player) {
  drops_.drop_from_player(player, player.carried, false, false);
  player.carried = ItemStack{};
  for (int slot = kCraftingGridFirst; slot <= kCraftingGridLast; ++slot) {
    ItemStack& stack = player.inventory[static_cast<size_t>(slot)];
    if (!stack.empty()) drops_.drop_from_player(player, stack, false, false);
    stack = ItemStack{};
  }
  menus_.erase(player.conn);
}

void InventoryMenus::apply_click(Player& player, const Click& click) {
  Menu& menu = menu_of(player);
  MenuState state{player.inventory, player.carried, player.selected_slot, menu.drag};
  ClickResult result = container_click(std::move(state), click, player.game_mode == GameMode::kCreative);
  player.inventory = result.state.slots;
  player.carried = result.state.carried;
  menu.drag = result.state.drag;
  for (const ThrownStack& thrown : result.thrown) drops_.drop_from_player(player, thrown.stack, false, thrown.from_hand);
}

// handleContainerClick: only window 0 is ever open; spectators get the window resent; the click
// runs even with a stale state id, which then resends the whole window instead of the changes.
void InventoryMenus::on_container_click(Player& player, const packet::play_sb::WindowClick& packet) {
  if (packet.window_id != kInventoryWindow) return;
  if (player.game_mode == GameMode::kSpectator) return send_all(player);
  const int slot = packet.slot;
  if (slot != -1 && slot != kClickedOutside && slot >= kInventorySlots) return;
  const bool stale = packet.state_id != player.inventory_state_id;
  apply_click(player, Click{slot, packet.button, click_type_of(packet.mode)});
  Menu& menu = menu_of(player);
  for (const packet::play_sb::ChangedSlot& changed : packet.changed_slots)
    if (changed.slot >= 0 && changed.slot < kInventorySlots) menu.remote[static_cast<size_t>(changed.slot)] = reported(changed.item);
  menu.remote_carried = reported(packet.cursor);
  if (stale) send_all(player);
  else broadcast_changes(player);
}

// handleContainerClose -> InventoryMenu.removed: the cursor and the crafting grid go back into
// the inventory (or are dropped). The window id is not checked, as vanilla does not.
void InventoryMenus::on_container_close(Player& player, int32_t) {
  place_back(player, player.carried);
  player.carried = ItemStack{};
  for (int slot = kCraftingGridFirst; slot <= kCraftingGridLast; ++slot) {
    const ItemStack stack = player.inventory[static_cast<size_t>(slot)];
    player.inventory[static_cast<size_t>(slot)] = ItemStack{};
    place_back(player, stack);
  }
}

void InventoryMenus::place_back(Player& player, ItemStack stack) {
  while (!stack.empty()) {
    int slot = slot_with_room_for(player.inventory, player.selected_slot, stack);
    if (slot < 0) slot = first_free_slot(player.inventory);
    if (slot < 0) return drops_.drop_from_player(player, stack, false, false);
    ItemStack& target = player.inventory[static_cast<size_t>(slot)];
    const int moved = std::min(stack.count, max_stack_size(stack) - (target.empty() ? 0 : target.count));
    target = stack.with_count((target.empty() ? 0 : target.count) + moved);
    stack.count -= moved;
    players_.send(player.conn, packet::play_cb::SetPlayerInventory{inventory_index_of_menu_slot(slot), slot_data_of(target)});
  }
}

// handleSetCreativeModeSlot: a window-0 slot 1-45 set without an echo, or a negative slot to
// drop the stack (throttled); counts above the item's stack size are refused.
void InventoryMenus::on_set_creative_slot(Player& player, const packet::play_sb::SetCreativeSlot& set) {
  if (player.game_mode != GameMode::kCreative) return;
  Result<ItemStack> read = stack_of_creative_slot(set);
  if (!read.ok()) return;  // vanilla fails to decode such a packet
  const ItemStack stack = std::move(read).value();
  const bool valid_data = stack.empty() || stack.count <= max_stack_size(stack);
  Menu& menu = menu_of(player);
  if (set.slot >= 1 && set.slot < kInventorySlots && valid_data) {
    player.inventory[static_cast<size_t>(set.slot)] = stack;
    menu.remote[static_cast<size_t>(set.slot)] = RemoteSlot{true, stack};
    return broadcast_changes(player);
  }
  if (set.slot >= 0 || !valid_data) return;
  if (menu.creative_drops >= kCreativeDropThreshold) {
    return log_.log(LogLevel::kWarn, "Player " + player.name + " was dropping items too fast in creative mode, ignoring.");
  }
  menu.creative_drops += kCreativeDropStep;
  if (!stack.empty()) drops_.drop_from_player(player, stack, false, true);
}

void InventoryMenus::tick() {
  for (ConnId conn : players_.players_in_join_order()) {
    Player* player = players_.player(conn);
    if (!player || !menus_.contains(conn)) continue;
    Menu& menu = menu_of(*player);
    if (menu.creative_drops > 0) --menu.creative_drops;
    broadcast_changes(*player);
    // detectEquipmentUpdates: the check also decides the armour attributes (armour_attributes).
    if (menu.shown_entity != player->entity_id) menu.shown = {}, menu.shown_entity = player->entity_id;
    const std::vector<SharedBytes> changes = equipment_changes(*player, menu.shown);
    if (tracking_ == nullptr) continue;
    for (const SharedBytes& body : changes) tracking_->send_to_viewers(player->entity_id, body);
  }
}

ArmourAttributes InventoryMenus::armour_attributes(ConnId conn) const {
  auto it = menus_.find(conn);
  const Player* player = players_.player(conn);
  // A new player entity (a respawn) has checked nothing yet.
  if (it == menus_.end() || player == nullptr || it->second.shown_entity != player->entity_id) return ArmourAttributes{};
  const ShownEquipment& shown = it->second.shown;
  // The shown slots are in EquipmentSlot order: main hand, off hand, then feet to head.
  return worn_armour(WornStacks{&shown[2], &shown[3], &shown[4], &shown[5]});
}

uint64_t InventoryMenus::hash() const {
  Hasher h;
  for (const auto& [conn, menu] : menus_) {
    h.u64(conn);
    for (const RemoteSlot& remote : menu.remote)
      h.u64(remote.comparable), h.i64(remote.stack.item), h.i64(remote.stack.count), hash_components(h, remote.stack);
    h.u64(menu.remote_carried.comparable), h.i64(menu.remote_carried.stack.item), h.i64(menu.remote_carried.stack.count);
    hash_components(h, menu.remote_carried.stack);
    h.i64(menu.drag.status), h.i64(menu.drag.kind), h.u64(menu.drag.slots), h.i64(menu.creative_drops);
    h.i64(menu.shown_entity);
    for (const ItemStack& shown : menu.shown) h.i64(shown.item), h.i64(shown.count), hash_components(h, shown);
  }
  return h.digest();
}

}  // namespace hz
