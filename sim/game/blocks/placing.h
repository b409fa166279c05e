// Placing blocks with use_item_on (vanilla's handleUseItemOn and BlockItem.place,
// docs/rules/placing.md): acknowledgement first, reach and hit-point checks, build height and
// spawn protection with their overlay texts, the target position (the clicked block when
// replaceable, else its neighbour on the clicked face), the placement state, the check that no
// player stands in the way, one item used up in survival, and the two block updates that resync
// the placer. Blocks change through BlockWorld only.
#pragma once

#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class BlockInteraction;

class Placing final : public PlayerListener {
 public:
  explicit Placing(BlockInteraction& blocks) : blocks_(blocks) {}

  void on_use_item_on(Player& player, const packet::play_sb::BlockPlace& use) override;

 private:
  // BlockItem.place for the stack in `hand`; true when a block was placed.
  bool place(Player& player, ItemStack& stack, const packet::play_sb::BlockPlace& use);
  // No player (spectators aside) overlaps the state's collision shape at `pos`.
  bool unobstructed(BlockStateId state, const BlockPos& pos) const;
  void refuse_height(ConnId conn, const char* key, int limit);

  BlockInteraction& blocks_;
};

// The neighbour of `pos` on `face` (0 down, 1 up, 2 north, 3 south, 4 west, 5 east).
BlockPos offset(const BlockPos& pos, int face);

}  // namespace hz
