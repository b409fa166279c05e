// Breaking blocks (vanilla's ServerPlayerGameMode, docs/rules/digging.md): player_action's start,
// abort and stop with reach, build height and spawn protection checks, creative instant breaking,
// survival progress with the 0.7 finishing tolerance and the server finishing a block on its own,
// the crack stage shown to players nearby, and one block_changed_ack a tick per player. Blocks
// change through BlockWorld only.
#pragma once

#include <cstdint>
#include <map>

#include "sim/core/rng.h"
#include "sim/game/blocks/dig_rules.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class BlockInteraction;

class Digging final : public PlayerListener {
 public:
  // Survival breaks drop the block's loot through `drops`, rolled with the core's `random`.
  Digging(BlockInteraction& blocks, ItemDrops& drops, Rng& random) : blocks_(blocks), drops_(drops), random_(random) {}
  // Where breaking a block's food cost goes (optional).
  void set_food_exhaustion(FoodExhaustion* exhaustion) { exhaustion_ = exhaustion; }
  // What breaking a block costs the held tool (optional).
  void set_item_wear(ItemWear* wear) { wear_ = wear; }
  // Where the break's level event goes (the others' particles and sound); unseen without it.
  void set_sounds(LevelSounds* sounds) { sounds_ = sounds; }

  // PlayerListener
  void on_join(Player& player) override;
  void on_leave(Player& player) override;
  void on_block_action(Player& player, int32_t action, const BlockPos& pos, int8_t face, int32_t sequence) override;
  // Per tick: each player's dig timer and delayed break.
  void tick() override;

  uint64_t hash() const;

  // The members hash() covers, for snapshots (sim/game/snapshot/state_io.h).
  template <class Io>
  void state_fields(Io& io) {
    io(players_);
  }

 private:
  // One player's ServerPlayerGameMode digging state.
  struct DigState {
    int64_t game_ticks = 0;
    bool destroying = false;
    BlockPos destroy_pos;
    int64_t destroy_start = 0;
    bool delayed = false;
    BlockPos delayed_pos;
    int64_t delayed_start = 0;
    int last_sent_stage = -1;  // the crack stage others were last told of
    template <class Io>
    void state_fields(Io& io) {
      io(game_ticks, destroying, destroy_pos, destroy_start, delayed, delayed_pos, delayed_start, last_sent_stage);
    }
  };

  void start(Player& player, DigState& dig, const BlockPos& pos);
  void stop(Player& player, DigState& dig, const BlockPos& pos);
  void abort(const Player& player, DigState& dig, const BlockPos& pos);
  // The progress from `start` to this tick, the tick of `start` counting as one.
  float progress_since(const Player& player, const DigState& dig, BlockStateId state, int64_t start) const;
  // incrementDestroyProgress: the progress after this many ticks, telling others of a new stage.
  float advance(const Player& player, DigState& dig, BlockStateId state, const BlockPos& pos, int64_t start);
  // ServerLevel.destroyBlockProgress: every other player within 32 blocks sees `stage` at `pos`.
  void show_stage(const Player& breaker, const BlockPos& pos, int stage);
  // Breaks the block and, unless the player is creative, drops its loot; false when nothing was
  // broken.
  bool destroy(const Player& player, const BlockPos& pos);
  void destroy_and_ack(const Player& player, const BlockPos& pos);
  dig_rules::Digger digger(const Player& player) const;

  BlockInteraction& blocks_;
  ItemDrops& drops_;
  Rng& random_;
  FoodExhaustion* exhaustion_ = nullptr;
  ItemWear* wear_ = nullptr;
  LevelSounds* sounds_ = nullptr;
  std::map<ConnId, DigState> players_;
};

}  // namespace hz
