#include "sim/game/mobs/mob_kinds.h"

#include <array>

#include "sim/data/catalog.h"
#include "sim/data/tag_lookup.h"

namespace hz {

namespace {

constexpr size_t kMobKindCount = 8;

// Loot tables (data/minecraft/loot_table/entities/*.json), without looting; meat is smelted when
// the mob dies on fire.
constexpr MobDrop kCowLoot[] = {{"leather", 0, 2}, {"beef", 1, 3, "cooked_beef"}};
constexpr MobDrop kPigLoot[] = {{"porkchop", 1, 3, "cooked_porkchop"}};
constexpr MobDrop kSheepLoot[] = {{"mutton", 1, 2, "cooked_mutton"}, {"white_wool", 1, 1}};
constexpr MobDrop kChickenLoot[] = {{"feather", 0, 2}, {"chicken", 1, 1, "cooked_chicken"}};
constexpr MobDrop kZombieLoot[] = {{"rotten_flesh", 0, 2}};
constexpr MobDrop kCreeperLoot[] = {{"gunpowder", 0, 2}};
constexpr MobDrop kSkeletonLoot[] = {{"arrow", 0, 2}, {"bone", 0, 2}};
// The spider eye's pool asks for a player kill; Horizon drops it on any death (mobs.md §11).
constexpr MobDrop kSpiderLoot[] = {{"string", 0, 2}, {"spider_eye", -1, 1}};

// Every mob type updates its position every 3 ticks and tracks velocity (EntityType defaults).
EntityKind entity_kind(std::string_view name, int range) {
  return EntityKind{entity_type_id(name).value_or(0), range, 3, true};
}

std::array<MobKind, kMobKindCount> build() {
  std::array<MobKind, kMobKindCount> kinds{};
  // Animal.createAnimalAttributes: follow range 16; LookAtPlayerGoal at 6 blocks.
  kinds[0] = MobKind{MobType::kCow, "cow", "Cow", entity_kind("cow", 10), 0.9f, 1.4f, 1.3f, 10.0f, static_cast<double>(0.2f),
                     2.0, 16.0, 0.0, false, 2.0, 6.0f, kCowLoot};
  kinds[1] = MobKind{MobType::kPig, "pig", "Pig", entity_kind("pig", 10), 0.9f, 0.9f, 0.9f * 0.85f, 10.0f, static_cast<double>(0.25f),
                     2.0, 16.0, 0.0, false, 1.25, 6.0f, kPigLoot};
  kinds[2] = MobKind{MobType::kSheep, "sheep", "Sheep", entity_kind("sheep", 10), 0.9f, 1.3f, 1.235f, 8.0f, static_cast<double>(0.23f),
                     2.0, 16.0, 0.0, false, 1.25, 6.0f, kSheepLoot};
  kinds[3] = MobKind{MobType::kChicken, "chicken", "Chicken", entity_kind("chicken", 10), 0.4f, 0.7f, 0.644f, 4.0f,
                     static_cast<double>(0.25f), 2.0, 16.0, 0.0, false, 1.4, 6.0f, kChickenLoot};
  // Zombie.createAttributes: follow range 35, speed 0.23, attack 3, armor 2; LookAtPlayerGoal at 8.
  kinds[4] = MobKind{MobType::kZombie, "zombie", "Zombie", entity_kind("zombie", 8), 0.6f, 1.95f, 1.74f, 20.0f,
                     static_cast<double>(0.23f), 3.0, 35.0, 2.0, true, 1.0, 8.0f, kZombieLoot};
  // Creeper.createAttributes: the monster defaults (follow range 16, attack 2) with speed 0.25;
  // LookAtPlayerGoal at 8 blocks.
  kinds[5] = MobKind{MobType::kCreeper, "creeper", "Creeper", entity_kind("creeper", 8), 0.6f, 1.7f, 1.7f * 0.85f, 20.0f,
                     static_cast<double>(0.25f), 2.0, 16.0, 0.0, true, 1.0, 8.0f, kCreeperLoot};
  // AbstractSkeleton.createAttributes: the monster defaults (follow range 16, attack 2) and speed
  // 0.25; LookAtPlayerGoal at 8; a bow in the main hand.
  kinds[6] = MobKind{MobType::kSkeleton, "skeleton", "Skeleton", entity_kind("skeleton", 8), 0.6f, 1.99f, 1.74f, 20.0f,
                     static_cast<double>(0.25f), 2.0, 16.0, 0.0, true, 1.0, 8.0f, kSkeletonLoot};
  // Spider.createAttributes: health 16, speed 0.3, the monster defaults; 1.4 × 0.9, eyes at 0.65.
  kinds[7] = MobKind{MobType::kSpider, "spider", "Spider", entity_kind("spider", 8), 1.4f, 0.9f, 0.65f, 16.0f,
                     static_cast<double>(0.3f), 2.0, 16.0, 0.0, true, 1.0, 8.0f, kSpiderLoot};
  for (MobKind& kind : kinds) kind.fall_damage_immune = entity_type_in_tag(kind.entity.type, "minecraft:fall_damage_immune");
  return kinds;
}

const std::array<MobKind, kMobKindCount>& kinds() {
  static const std::array<MobKind, kMobKindCount> all = build();
  return all;
}

}  // namespace

const MobKind& mob_kind(MobType type) { return kinds()[static_cast<size_t>(type)]; }

const MobKind* find_mob_kind(std::string_view name) {
  if (name.starts_with("minecraft:")) name.remove_prefix(10);
  for (const MobKind& kind : kinds())
    if (kind.name == name) return &kind;
  return nullptr;
}

std::span<const MobKind> all_mob_kinds() { return kinds(); }

std::string_view main_hand_item(const MobKind& kind) { return kind.type == MobType::kSkeleton ? "bow" : ""; }

}  // namespace hz
