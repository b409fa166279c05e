// use_item with buckets (vanilla's handleUseItem and BucketItem.use, docs/rules/placing.md §6): the
// acknowledgement, the ray from the player's eyes, an empty bucket picking up a water or lava
// source (or the water of a waterlogged block), a filled bucket placing its source (or
// waterlogging the block it is aimed at), and the held stack afterwards as ItemUtils does it.
// Placed fluid asks for its fluid tick (LiquidBlock.onPlace, or placeLiquid for a waterlogged block).
#pragma once

#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class BlockInteraction;
class BlockUse;
struct BlockHit;

class Buckets final : public PlayerListener {
 public:
  Buckets(BlockInteraction& blocks, const BlockUse& block_use, BlockTickScheduler& ticks)
      : blocks_(blocks), block_use_(block_use), ticks_(ticks) {}

  void on_use_item(Player& player, const packet::play_sb::UseItem& use) override;
  // Where the fill and empty sounds and a replaced block's break event go (docs/rules/sounds.md).
  void set_sounds(LevelSounds* sounds) { sounds_ = sounds; }

 private:
  // BucketItem.use for the stack in the hand; true when the world (and the stack) changed.
  bool use_bucket(Player& player, ItemStack& stack, float yaw, float pitch);
  // LiquidBlock / SimpleWaterloggedBlock.pickupBlock: the filled bucket's item, or 0 when nothing
  // can be taken.
  int32_t pick_up(const BlockPos& pos);
  // BucketItem.emptyContents; `hit` is null on the retry at the clicked face's neighbour.
  bool empty_contents(const Player& player, bool lava, const BlockPos& pos, const BlockHit* hit);
  void play_empty_sound(const Player& player, bool lava, const BlockPos& pos);
  // ItemUtils.createFilledResult: the stack the hand holds after `stack` became `result`.
  ItemStack filled_result(Player& player, ItemStack stack, const ItemStack& result) const;

  BlockInteraction& blocks_;
  const BlockUse& block_use_;
  BlockTickScheduler& ticks_;
  LevelSounds* sounds_ = nullptr;
};

}  // namespace hz
