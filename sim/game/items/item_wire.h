// Item stacks to and from the protocol: the clientbound slot with the enchantments component, and
// the stack a creative client writes (an untrusted stack whose components come length-prefixed).
#pragma once

#include "sim/core/result.h"
#include "sim/game/items/item_stack.h"
#include "sim/protocol/packets_play_cb.h"
#include "sim/protocol/packets_play_sb.h"

namespace hz {

// ItemStack.OPTIONAL_STREAM_CODEC: an empty stack is a count of 0.
packet::play_cb::SlotData slot_data_of(const ItemStack& stack);
// The stack of a set_creative_mode_slot packet. The enchantments component is read; other
// components are skipped. An unknown item or enchantment, a bad level or malformed component
// bytes are an error (vanilla fails to decode the packet).
Result<ItemStack> stack_of_creative_slot(const packet::play_sb::SetCreativeSlot& set);

}  // namespace hz
