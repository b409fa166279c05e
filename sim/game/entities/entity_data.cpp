#include "sim/game/entities/entity_data.h"

#include "sim/game/items/item_wire.h"
#include "sim/protocol/codec.h"

namespace hz::entity_data {

void write_stack(ByteWriter& out, const ItemStack& stack) { encode_fields(slot_data_of(stack), out); }

Bytes single_stack_value(uint8_t index, const ItemStack& stack) {
  ByteWriter out;
  out.u8(index);
  out.varint(kItemStackSerializer);
  write_stack(out, stack);
  out.u8(kEndOfData);
  return out.take();
}

Bytes single_int_value(uint8_t index, int32_t value) {
  ByteWriter out;
  out.u8(index);
  out.varint(kIntSerializer);
  out.varint(value);
  out.u8(kEndOfData);
  return out.take();
}

Bytes single_block_pos_value(uint8_t index, const BlockPos& pos) {
  ByteWriter out;
  out.u8(index);
  out.varint(kBlockPosSerializer);
  out.position(pos);
  out.u8(kEndOfData);
  return out.take();
}

}  // namespace hz::entity_data
