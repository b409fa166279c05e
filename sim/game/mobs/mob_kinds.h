// The mob types Horizon knows (docs/rules/mobs.md §1): their entity type and tracking values,
// size, attributes, goals' speeds and loot, as vanilla's EntityType builder and attribute tables give them.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "sim/game/entities/entity.h"

namespace hz {

enum class MobType : uint8_t { kCow, kPig, kSheep, kChicken, kZombie, kCreeper, kSkeleton, kSpider };

// What /summon may set besides the position (the NBT Horizon reads: NoAI, Health, CustomName).
struct SummonOptions {
  bool no_ai = false;
  std::optional<float> health;
  std::optional<std::string> custom_name;
  bool persistence_required = false;  // Mob.persistenceRequired (PersistenceRequired): never despawns
  // Creeper keys (docs/rules/mobs.md §8): powered, Fuse, ExplosionRadius, ignited.
  bool powered = false;
  std::optional<int> fuse = std::nullopt;
  std::optional<int> explosion_radius = std::nullopt;
  bool ignited = false;
};

// One drop of a loot table: `item` count uniform in [min, max] (before any looting).
struct MobDrop {
  std::string_view item;
  int min = 0;
  int max = 0;
  std::string_view cooked = {};  // what furnace_smelt makes of it when the mob dies on fire
};

struct MobKind {
  MobType type;
  std::string_view name;          // registry path ("cow")
  std::string_view display_name;  // entity.minecraft.<name> in en_us ("Cow")
  EntityKind entity;              // network type id, clientTrackingRange, update interval 3
  float width = 0, height = 0, eye_height = 0;
  // Attributes.
  float max_health = 10.0f;
  double movement_speed = 0.25;
  double attack_damage = 2.0;  // only zombies attack; 2 is the attribute's default
  double follow_range = 16.0;
  double armor = 0.0;
  bool hostile = false;
  // Goal speed modifiers (PanicGoal's, for passive mobs).
  double panic_speed = 1.25;
  // LookAtPlayerGoal's look distance.
  float look_distance = 6.0f;
  std::span<const MobDrop> loot;
  // In #minecraft:fall_damage_immune (the chicken): landings hurt it not.
  bool fall_damage_immune = false;
};

// The item a kind holds in its main hand from the start (populateDefaultEquipmentSlots): a
// skeleton's bow; empty for the others.
std::string_view main_hand_item(const MobKind& kind);

const MobKind& mob_kind(MobType type);
// "cow" or "minecraft:cow"; nothing for other entity types.
const MobKind* find_mob_kind(std::string_view name);
std::span<const MobKind> all_mob_kinds();

}  // namespace hz
