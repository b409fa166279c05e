// A mob's saved compound (LivingEntity, Mob, AgeableMob, Animal and the kinds' addAdditionalSaveData
// in 26.1): the keys Horizon models from its state, every other key kept from the loaded compound.
#pragma once

#include <optional>
#include <string>

#include "sim/game/entities/entity_nbt.h"
#include "sim/game/mobs/mob.h"

namespace hz::mob_codec {

// The entity type id of a kind ("minecraft:cow").
std::string type_id(const MobKind& kind);

// Writes the shared entity keys, then the living, mob and kind keys in vanilla's order: modelled
// keys from the mob's state, unmodelled ones from the compound it was loaded from (or vanilla's
// defaults for a mob that was never saved), then any other loaded key unchanged.
nbt::Compound save(const Mob& mob);

// What a compound holds, before the mob gets its network id.
struct Loaded {
  const MobKind* kind = nullptr;
  entity_nbt::Base base;
  float health = 0;
  int death_time = 0;
  bool no_ai = false;
  bool persistence_required = false;
  std::optional<std::string> custom_name;
  double fall_distance = 0;
  // LivingEntity's hurt memory (last_hurt_by_player with its memory time, last_hurt_by_mob with
  // the ticks since): the timestamp as vanilla restores it, the saved ticks plus a tick count of 0.
  std::optional<Uuid> last_hurt_by_player;
  int last_hurt_by_player_memory = 0;
  std::optional<Uuid> last_hurt_by;
  int last_hurt_by_timestamp = 0;
  CreeperState creeper;  // powered, Fuse, ExplosionRadius, ignited (creepers only)
  nbt::Compound tag;  // the whole compound, for the keys Horizon does not model
};
// Nothing when the type is not a mob Horizon knows or the base is invalid (no UUID, bad position).
std::optional<Loaded> load(const nbt::Compound& tag);

}  // namespace hz::mob_codec
