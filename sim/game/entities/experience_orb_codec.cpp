#include "sim/game/entities/experience_orb_codec.h"

namespace hz::experience_orb_codec {

nbt::Compound save(const ExperienceOrb& orb) {
  nbt::Compound c = entity_nbt::save_base(kTypeId, orb);
  c.put("Health", static_cast<int16_t>(orb.health));
  c.put("Age", static_cast<int16_t>(orb.age));
  c.put("Value", static_cast<int16_t>(orb.value()));
  c.put("Count", int32_t{orb.count});
  return c;
}

std::optional<Loaded> load(const nbt::Compound& tag) {
  std::optional<entity_nbt::Base> base = entity_nbt::load_base(tag);
  if (!base) return std::nullopt;
  Loaded out;
  out.base = *base;
  // getShortOr: stored as shorts, read back as shorts.
  out.health = static_cast<int16_t>(entity_nbt::int_or(tag, "Health", ExperienceOrb::kDefaultHealth));
  out.age = static_cast<int16_t>(entity_nbt::int_or(tag, "Age", 0));
  out.value = static_cast<int16_t>(entity_nbt::int_or(tag, "Value", 0));
  const int count = entity_nbt::int_or(tag, "Count", 1);
  out.count = count > 0 ? count : 1;
  return out;
}

}  // namespace hz::experience_orb_codec
