#include "sim/game/blocks/block_use.h"

#include "sim/core/check.h"
#include "sim/core/hash.h"
#include "sim/data/block_sounds.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/directions.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

BlockStateId flipped(BlockStateId state, std::string_view property) {
  return with_value(state, property, has_value(state, property, "true") ? "false" : "true");
}

}  // namespace

UseResult BlockUse::use_without_item(const Player& player, const BlockPos& pos) {
  const BlockStateId state = world_.block_at(pos);
  const BlockId block = block_of_state(state);
  const bool opening = !has_value(state, "open", "true");
  if (is_door(block)) {
    if (!opens_by_hand(block)) return UseResult::kPass;
    toggle_door(state, pos);
    toggle_sound(player, block, pos, opening);
    return UseResult::kSuccess;
  }
  if (is_trapdoor(block)) {
    if (!opens_by_hand(block)) return UseResult::kPass;
    world_.set_block(pos, flipped(state, "open"));
    toggle_sound(player, block, pos, opening);
    return UseResult::kSuccess;
  }
  if (is_fence_gate(block)) {
    toggle_gate(player, state, pos);
    toggle_sound(player, block, pos, opening);
    return UseResult::kSuccess;
  }
  if (is_lever(block)) {
    // LeverBlock.playSound: quiet, higher when switched on.
    const bool powered = !has_value(state, "powered", "true");
    world_.set_block(pos, flipped(state, "powered"));
    toggle_sound(player, block, pos, powered, 0.3f, powered ? 0.6f : 0.5f);
    return UseResult::kSuccess;
  }
  if (is_button(block)) {
    const UseResult pressed = press_button(state, pos);
    if (pressed == UseResult::kSuccess) toggle_sound(player, block, pos, true, 1.0f, 1.0f);
    return pressed;
  }
  return UseResult::kPass;
}

void BlockUse::toggle_sound(const Player& player, BlockId block, const BlockPos& pos, bool on, float volume,
                            std::optional<float> pitch) {
  const BlockToggleSounds* sounds = block_toggle_sounds(block);
  HZ_CHECK(sounds != nullptr, "a block toggled by hand without toggle sounds");
  if (!pitch) {
    if (random_ == nullptr) return;
    pitch = random_->next_float() * 0.1f + 0.9f;
  }
  if (sounds_ == nullptr) return;
  const SoundEvent sound{on ? sounds->on : sounds->off, SoundSource::kBlocks, volume, *pitch};
  sounds_->play_sound(sound_rules::block_centre(pos), sound, player.conn);
}

// DoorBlock.useWithoutItem: the clicked half toggles; vanilla's shape update makes the other half
// copy it, which is done here directly.
void BlockUse::toggle_door(BlockStateId state, const BlockPos& pos) {
  const BlockStateId toggled = flipped(state, "open");
  world_.set_block(pos, toggled);
  const bool lower = has_value(state, "half", "lower");
  const BlockPos other = relative(pos, lower ? Dir::kUp : Dir::kDown);
  const BlockStateId other_state = world_.block_at(other);
  if (block_of_state(other_state) == block_of_state(state) && !has_value(other_state, "half", lower ? "lower" : "upper"))
    world_.set_block(other, with_value(other_state, "open", state_property(toggled, "open")));
}

// FenceGateBlock.useWithoutItem: opening turns the gate away from the player.
void BlockUse::toggle_gate(const Player& player, BlockStateId state, const BlockPos& pos) {
  if (has_value(state, "open", "true")) {
    world_.set_block(pos, with_value(state, "open", "false"));
    return;
  }
  const Dir facing = horizontal_from_yaw(player.yaw);
  if (state_property(state, "facing") == dir_name(opposite(facing))) state = with_value(state, "facing", dir_name(facing));
  world_.set_block(pos, with_value(state, "open", "true"));
}

UseResult BlockUse::press_button(BlockStateId state, const BlockPos& pos) {
  if (has_value(state, "powered", "true")) return UseResult::kConsume;
  world_.set_block(pos, with_value(state, "powered", "true"));
  ticks_.schedule_block_tick(pos, block_of_state(state), button_press_ticks(block_of_state(state)));
  return UseResult::kSuccess;
}

void BlockUse::on_leave(Player& player) { sneaking_.erase(player.conn); }

void BlockUse::on_player_input(Player& player, uint8_t flags) {
  if (flags & packet::play_sb::PlayerInput::kSneak) {
    sneaking_.insert(player.conn);
  } else {
    sneaking_.erase(player.conn);
  }
}

uint64_t BlockUse::hash() const {
  Hasher h;
  h.u64(sneaking_.size());
  for (ConnId conn : sneaking_) h.u64(conn);
  return h.digest();
}

}  // namespace hz
