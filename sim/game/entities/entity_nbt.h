// The fields every saved entity shares (Entity.saveWithoutId in 26.1): position, motion, rotation,
// fall distance, fire, air, on-ground, UUID; and the small NBT readers the kinds' codecs use.
#pragma once

#include <optional>
#include <string_view>

#include "sim/game/entities/entity.h"
#include "sim/protocol/nbt.h"
#include "sim/world/chunk_pos.h"

namespace hz::entity_nbt {

// Fire's default for entities that are not fire immune for longer (Entity.getFireImmuneTicks = 1).
inline constexpr int16_t kDefaultFire = -1;
inline constexpr int16_t kMaxAir = 300;

// Starts a compound with "id" and the shared fields, in vanilla's order; the kind adds its own.
nbt::Compound save_base(std::string_view type_id, const Entity& entity);

// What the shared fields hold, as Entity.load reads them (missing or invalid values fall back).
struct Base {
  Vec3 position;
  Vec3 velocity;
  float yaw = 0, pitch = 0;
  bool on_ground = false;
  Uuid uuid;
};
// Nothing when the compound has no valid UUID or a non-finite position (vanilla refuses those).
std::optional<Base> load_base(const nbt::Compound& tag);
void apply_base(const Base& base, Entity& entity);

// The chunk an entity's position is in (SectionPos of its block position).
ChunkPos chunk_of(const Vec3& position);

const nbt::Compound* compound_at(const nbt::Compound& c, std::string_view key);
const std::string* string_at(const nbt::Compound& c, std::string_view key);
// Any numeric tag, as vanilla's getIntOr & co accept; `fallback` otherwise.
int int_or(const nbt::Compound& c, std::string_view key, int fallback);
bool bool_or(const nbt::Compound& c, std::string_view key, bool fallback);
nbt::IntArray uuid_ints(const Uuid& uuid);
std::optional<Uuid> uuid_at(const nbt::Compound& c, std::string_view key);

}  // namespace hz::entity_nbt
