// An experience orb's saved compound (ExperienceOrb.addAdditionalSaveData in 26.1): the shared
// entity fields, then Health, Age and Value (shorts) and Count (an int).
#pragma once

#include <optional>
#include <string_view>

#include "sim/game/entities/entity_nbt.h"
#include "sim/game/entities/experience_orb.h"

namespace hz::experience_orb_codec {

inline constexpr std::string_view kTypeId = "minecraft:experience_orb";

nbt::Compound save(const ExperienceOrb& orb);

// What a compound holds, before the orb gets its network id.
struct Loaded {
  entity_nbt::Base base;
  int health = ExperienceOrb::kDefaultHealth;
  int age = 0;
  int value = 0;
  int count = 1;
};
// Nothing when the shared fields are invalid. Missing keys take vanilla's defaults; a Count that
// is not positive reads as 1 (ExtraCodecs.POSITIVE_INT).
std::optional<Loaded> load(const nbt::Compound& tag);

}  // namespace hz::experience_orb_codec
