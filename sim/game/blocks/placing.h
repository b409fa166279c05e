// Placing blocks with use_item_on (vanilla's handleUseItemOn, ServerPlayerGameMode.useItemOn and
// BlockItem.place, docs/rules/placing.md): acknowledgement first, reach and hit-point checks,
// build height and spawn protection with their overlay texts, then the clicked block's own use
// (doors, buttons, ...) unless the player sneaks with an item, then the held block item: the
// target position, the placement state (placement_states.h), survival and the check that no player
// stands in the new state's collision boxes, the door's upper half, connection updates of the
// fences, panes, walls and stairs beside it, one item used up in survival, and the two block
// updates that resync the placer. Blocks change through BlockWorld only.
#pragma once

#include <optional>
#include <string_view>

#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class BlockInteraction;
class BlockUse;
enum class UseResult;

class Placing final : public PlayerListener {
 public:
  Placing(BlockInteraction& blocks, BlockUse& block_use) : blocks_(blocks), block_use_(block_use) {}
  // What tilling costs the hoe (optional).
  void set_item_wear(ItemWear* wear) { wear_ = wear; }
  // Where the place and till sounds go, for the others near (docs/rules/sounds.md §5).
  void set_sounds(LevelSounds* sounds) { sounds_ = sounds; }

  void on_use_item_on(Player& player, const packet::play_sb::BlockPlace& use) override;

 private:
  // ServerPlayerGameMode.useItemOn: the block's reaction, then the item's.
  UseResult use_item_on(Player& player, ItemStack& stack, const packet::play_sb::BlockPlace& use);
  // HoeItem.useOn on the clicked block, wearing the hoe by one; true when the block changed.
  bool till(Player& player, const packet::play_sb::BlockPlace& use);
  // BlockItem.place for the stack in `hand`; true when a block was placed.
  bool place(Player& player, ItemStack& stack, const packet::play_sb::BlockPlace& use);
  // No player (spectators aside) overlaps the state's collision shape at `pos`.
  bool unobstructed(BlockStateId state, const BlockPos& pos) const;
  void play_sound(const Player& player, const BlockPos& pos, const SoundEvent& sound);
  // The fences, panes, walls and stairs around `pos` reconnect to what is there now.
  void refuse_height(ConnId conn, const char* key, int limit);

  BlockInteraction& blocks_;
  BlockUse& block_use_;
  ItemWear* wear_ = nullptr;
  LevelSounds* sounds_ = nullptr;
};

// The neighbour of `pos` on `face` (0 down, 1 up, 2 north, 3 south, 4 west, 5 east).
BlockPos offset(const BlockPos& pos, int face);

// The block a block item places (by the item's name; seeds and crops name theirs apart).
std::optional<BlockId> placed_block(std::string_view item);
// ServerGamePacketListenerImpl.wasBlockPlacementAttempt: a block item or a filled bucket.
bool is_placement_item(const ItemStack& stack);

}  // namespace hz
