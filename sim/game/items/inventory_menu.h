// The player's inventory window kept in step with the client (vanilla's InventoryMenu with
// ServerPlayer's container synchroniser, docs/rules/inventory.md): clicks, closing, creative
// slots, pick block, dropping and swapping the held item, the per-tick broadcast of changed
// slots, and the inventory side of /give and /clear.
#pragma once

#include <array>
#include <cstdint>
#include <map>

#include "sim/game/entities/entity.h"
#include "sim/game/items/container_click.h"
#include "sim/game/items/player_inventories.h"
#include "sim/game/items/shown_equipment.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class InventoryMenus final : public PlayerListener, public PlayerInventories, public EquipmentAttributes {
 public:
  InventoryMenus(PlayerConnections& players, ItemDrops& drops, const BlockWorld& world, ServerLog& log)
      : players_(players), drops_(drops), world_(world), log_(log) {}
  // Where changes of what a player holds and wears go (its viewers); none without it.
  void set_tracking(EntityTracking* tracking) { tracking_ = tracking; }

  // PlayerListener
  void on_join(Player& player) override;
  void on_leave(Player& player) override;
  // player_action 3 and 4 (drop the held stack, drop one) and 6 (swap hands).
  void on_block_action(Player& player, int32_t action, const BlockPos& pos, int8_t face, int32_t sequence) override;
  void on_container_click(Player& player, const packet::play_sb::WindowClick& click) override;
  void on_container_close(Player& player, int32_t window_id) override;
  void on_set_creative_slot(Player& player, const packet::play_sb::SetCreativeSlot& set) override;
  void on_pick_item_from_block(Player& player, const packet::play_sb::PickItemFromBlock& pick) override;
  // Each player's broadcastChanges (ServerPlayer.tick), its equipment changes to its viewers
  // (detectEquipmentUpdates) and the creative drop throttle.
  void tick() override;

  // PlayerInventories
  void give(ConnId player, const ItemStack& kind, int count) override;
  int clear(ConnId player, std::optional<int> item, int max_count) override;
  // EquipmentAttributes: from the equipment the last tick checked (docs/rules/armour.md §1).
  ArmourAttributes armour_attributes(ConnId player) const override;

  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(menus_);
  }

 private:
  // What the server believes the client shows in a slot (RemoteSlot): a stack, or a stack the
  // client reported with data components, which Horizon's stacks never have (never matches).
  struct RemoteSlot {
    bool comparable = true;
    ItemStack stack;
    bool matches(const ItemStack& real) const;
    template <class Io>
    void state_fields(Io& io) {
      io(comparable, stack);
    }
  };
  struct Menu {
    std::array<RemoteSlot, kInventorySlots> remote{};
    RemoteSlot remote_carried;
    DragState drag;
    int creative_drops = 0;  // TickThrottler(20, 1480)
    // The equipment the player's viewers were last told of, for its entity `shown_entity`: a new
    // player entity (a join, a respawn) starts with nothing, as LivingEntity's lastEquipmentItems.
    ShownEquipment shown{};
    int32_t shown_entity = 0;
    template <class Io>
    void state_fields(Io& io) {
      io(remote, remote_carried, drag, creative_drops, shown, shown_entity);
    }
  };

  Menu& menu_of(const Player& player) { return menus_[player.conn]; }
  int32_t next_state_id(Player& player);
  // broadcastChanges: a container_set_slot for each slot whose remote view is wrong, then the
  // cursor; sendAllDataToRemote: the whole window in one container_set_content.
  void broadcast_changes(Player& player);
  void send_all(Player& player);
  static RemoteSlot reported(const std::optional<packet::play_sb::HashedItem>& item);
  void apply_click(Player& player, const Click& click);
  // Inventory.placeItemBackInInventory: into the inventory with a set_player_inventory per slot
  // filled, or dropped when there is no room.
  void place_back(Player& player, ItemStack stack);
  void drop_held(Player& player, bool whole_stack);
  void swap_hands(Player& player);
  void pick(Player& player, int item);

  PlayerConnections& players_;
  ItemDrops& drops_;
  const BlockWorld& world_;
  ServerLog& log_;
  EntityTracking* tracking_ = nullptr;
  std::map<ConnId, Menu> menus_;
};

}  // namespace hz
