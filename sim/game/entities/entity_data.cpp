#include "sim/game/entities/entity_data.h"

namespace hz::entity_data {

void write_stack(ByteWriter& out, const ItemStack& stack) {
  if (stack.empty()) {
    out.varint(0);
    return;
  }
  out.varint(stack.count);
  out.varint(stack.item);
  out.varint(0);  // components added
  out.varint(0);  // components removed
}

Bytes single_stack_value(uint8_t index, const ItemStack& stack) {
  ByteWriter out;
  out.u8(index);
  out.varint(kItemStackSerializer);
  write_stack(out, stack);
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
