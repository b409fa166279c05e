// Encoding of synched entity data values and item stacks as the play protocol carries them
// (SynchedEntityData.DataValue; stacks as ItemStack.OPTIONAL_STREAM_CODEC, item_wire.h).
#pragma once

#include <cstdint>

#include "sim/core/types.h"
#include "sim/game/items/item_stack.h"
#include "sim/protocol/wire.h"

namespace hz::entity_data {

// EntityDataSerializers registration order.
inline constexpr int32_t kByteSerializer = 0;
inline constexpr int32_t kIntSerializer = 1;
inline constexpr int32_t kItemStackSerializer = 7;
inline constexpr int32_t kBlockPosSerializer = 10;
inline constexpr int32_t kPoseSerializer = 20;
inline constexpr uint8_t kEndOfData = 0xFF;

// A stack: count, then for a non-empty stack the item id and an empty component patch.
void write_stack(ByteWriter& out, const ItemStack& stack);
// One item stack value at `index`, followed by the end marker.
Bytes single_stack_value(uint8_t index, const ItemStack& stack);
// One int value (a VarInt) at `index`, followed by the end marker.
Bytes single_int_value(uint8_t index, int32_t value);
// One block position value at `index`, followed by the end marker.
Bytes single_block_pos_value(uint8_t index, const BlockPos& pos);

}  // namespace hz::entity_data
