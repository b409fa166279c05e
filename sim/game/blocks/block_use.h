// Using blocks with a right click (vanilla's useWithoutItem, docs/rules/placing.md §5): doors
// (both halves), trapdoors and fence gates open and close, levers toggle, buttons press and are
// released after 20 (stone) or 30 (wooden) ticks by a scheduled block tick (block_ticks.h runs
// it). Also remembers which players hold sneak, which decides whether a click uses the block.
#pragma once

#include <cstdint>
#include <optional>
#include <set>

#include "sim/core/rng.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

// InteractionResult as far as using blocks needs it: only kSuccess and kConsume "consume" the
// click (the item in hand is then not used).
enum class UseResult { kPass, kSuccess, kConsume };

class BlockUse final : public PlayerListener {
 public:
  BlockUse(BlockWorld& world, BlockTickScheduler& ticks) : world_(world), ticks_(ticks) {}
  // Where the open, close and click sounds go (docs/rules/sounds.md §5), with the level's random
  // for their pitch; silent without them.
  void set_sounds(LevelSounds* sounds, Rng* random) {
    sounds_ = sounds;
    random_ = random;
  }

  // useWithoutItem of the block at `pos` for this player.
  UseResult use_without_item(const Player& player, const BlockPos& pos);
  // isShiftKeyDown: the player's last player_input had the sneak key.
  bool sneaking(ConnId conn) const { return sneaking_.contains(conn); }

  // PlayerListener
  void on_leave(Player& player) override;
  void on_player_input(Player& player, uint8_t flags) override;

  uint64_t hash() const;

  // The members hash() covers, for snapshots (sim/game/snapshot/state_io.h).
  template <class Io>
  void state_fields(Io& io) {
    io(sneaking_);
  }

 private:
  void toggle_door(BlockStateId state, const BlockPos& pos);
  void toggle_gate(const Player& player, BlockStateId state, const BlockPos& pos);
  UseResult press_button(BlockStateId state, const BlockPos& pos);
  // The toggled block's sound at its centre for the others near: on (open, pressed) or off, at
  // `pitch`, or without one (doors, trapdoors, gates) a pitch from 0.9 to 1 from the level's random.
  void toggle_sound(const Player& player, BlockId block, const BlockPos& pos, bool on, float volume = 1.0f,
                    std::optional<float> pitch = std::nullopt);

  BlockWorld& world_;
  BlockTickScheduler& ticks_;
  LevelSounds* sounds_ = nullptr;
  Rng* random_ = nullptr;
  std::set<ConnId> sneaking_;
};

}  // namespace hz
