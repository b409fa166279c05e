#include "sim/game/entities/falling_block_codec.h"

#include <string>

#include "sim/world/anvil/block_state_nbt.h"

namespace hz::falling_block_codec {

nbt::Compound save(const FallingBlock& block) {
  nbt::Compound c = entity_nbt::save_base(kTypeId, block);
  c.put("BlockState", anvil::block_state_to_nbt(block.state()));
  c.put("Time", int32_t{block.time});
  // Horizon's falling blocks always drop their item when they cannot land (the entity_drops rule
  // decides); anvils' hurting and cancelled drops are not modelled.
  c.put("DropItem", int8_t{1});
  c.put("HurtEntities", int8_t{0});
  c.put("FallHurtAmount", kFallHurtAmount);
  c.put("FallHurtMax", kFallHurtMax);
  c.put("CancelDrop", int8_t{0});
  return c;
}

std::optional<Loaded> load(const nbt::Compound& tag) {
  std::optional<entity_nbt::Base> base = entity_nbt::load_base(tag);
  if (!base) return std::nullopt;
  Loaded out;
  out.base = *base;
  static const BlockStateId sand = default_state_of("sand");
  out.state = sand;
  if (const nbt::Compound* state = entity_nbt::compound_at(tag, "BlockState")) {
    std::string problem;
    out.state = anvil::block_state_from_nbt(*state, problem);
  }
  out.time = entity_nbt::int_or(tag, "Time", 0);
  out.drop_item = entity_nbt::bool_or(tag, "DropItem", true);
  return out;
}

}  // namespace hz::falling_block_codec
