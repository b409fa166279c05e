// Using blocks with a right click (vanilla's useWithoutItem, docs/rules/placing.md §5): doors
// (both halves), trapdoors and fence gates open and close, levers toggle, buttons press and are
// released after 20 (stone) or 30 (wooden) ticks by a scheduled block tick. Also remembers which
// players hold sneak, which decides whether a click uses the block at all.
#pragma once

#include <cstdint>
#include <map>
#include <set>

#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class TickRateManager;

// InteractionResult as far as using blocks needs it: only kSuccess and kConsume "consume" the
// click (the item in hand is then not used).
enum class UseResult { kPass, kSuccess, kConsume };

class BlockUse final : public PlayerListener {
 public:
  BlockUse(BlockWorld& world, const TickRateManager& tick_rate) : world_(world), tick_rate_(tick_rate) {}

  // useWithoutItem of the block at `pos` for this player.
  UseResult use_without_item(const Player& player, const BlockPos& pos);
  // isShiftKeyDown: the player's last player_input had the sneak key.
  bool sneaking(ConnId conn) const { return sneaking_.contains(conn); }

  // PlayerListener
  void on_leave(Player& player) override;
  void on_player_input(Player& player, uint8_t flags) override;
  // Advances the block tick clock (not while the game is frozen) and runs the due block ticks.
  void tick() override;

  uint64_t hash() const;
  // Scheduled block ticks still waiting (tests, state hash).
  size_t scheduled_ticks() const { return scheduled_.size(); }

 private:
  struct ScheduledTick {
    BlockPos pos;
    BlockId block;
  };

  UseResult toggle_door(BlockStateId state, const BlockPos& pos);
  UseResult toggle_gate(const Player& player, BlockStateId state, const BlockPos& pos);
  UseResult press_button(BlockStateId state, const BlockPos& pos);
  // LevelTicks.schedule: one pending tick per position and block; a second request is dropped.
  void schedule(const BlockPos& pos, BlockId block, int delay);
  // ButtonBlock.tick: the button pops out (no arrows exist to hold it in).
  void run_block_tick(const ScheduledTick& tick);

  BlockWorld& world_;
  const TickRateManager& tick_rate_;
  int64_t level_ticks_ = 0;
  // Due tick -> ticks in the order they were scheduled (vanilla runs equal times in that order).
  std::multimap<int64_t, ScheduledTick> scheduled_;
  std::set<ConnId> sneaking_;
};

}  // namespace hz
