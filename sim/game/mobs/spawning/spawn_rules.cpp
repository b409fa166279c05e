#include "sim/game/mobs/spawning/spawn_rules.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "sim/game/level/sky_darken.h"

namespace hz::spawning {
namespace {

// MobCategory's constructor arguments (max, friendly, persistent, despawn distance 128 and
// no-despawn distance 32 everywhere except water ambient's 64).
constexpr std::array<CategoryInfo, kCategoryCount> kCategories = {{
    {"monster", 70, false, false, 128, 32},
    {"creature", 10, true, true, 128, 32},
    {"ambient", 15, true, false, 128, 32},
    {"axolotls", 5, true, false, 128, 32},
    {"underground_water_creature", 5, true, false, 128, 32},
    {"water_creature", 5, true, false, 128, 32},
    {"water_ambient", 20, true, false, 64, 32},
    {"misc", -1, true, true, 128, 32},
}};

const MobKind* kind(MobType type) { return &mob_kind(type); }

// BiomeDefaultFeatures' lists, per category, for the biomes Horizon's generator makes. Entries
// with a null kind are mobs Horizon does not simulate yet; they keep their weight.
std::vector<SpawnerData> farm_animals() {
  return {{"sheep", kind(MobType::kSheep), 12, 4, 4},
          {"pig", kind(MobType::kPig), 10, 4, 4},
          {"chicken", kind(MobType::kChicken), 10, 4, 4},
          {"cow", kind(MobType::kCow), 8, 4, 4}};
}

std::vector<SpawnerData> monsters(int zombie, int zombie_villager, int zombie_horse, int skeleton) {
  std::vector<SpawnerData> out{{"spider", kind(MobType::kSpider), 100, 4, 4}};
  out.push_back({"zombie", kind(MobType::kZombie), zombie, 4, 4});
  out.push_back({"zombie_villager", nullptr, zombie_villager, 1, 1});
  if (zombie_horse > 0) out.push_back({"zombie_horse", nullptr, zombie_horse, 1, 1});
  out.push_back({"skeleton", kind(MobType::kSkeleton), skeleton, 4, 4});
  out.push_back({"creeper", kind(MobType::kCreeper), 100, 4, 4});
  out.push_back({"slime", nullptr, 100, 4, 4});
  out.push_back({"enderman", nullptr, 10, 1, 4});
  out.push_back({"witch", nullptr, 5, 1, 1});
  return out;
}

struct BiomeLists {
  std::vector<SpawnerData> creature;
  std::vector<SpawnerData> monster;
};

BiomeLists lists_for(BiomeKind biome) {
  BiomeLists l;
  switch (biome) {
    case BiomeKind::kPlains:
      l.creature = farm_animals();
      l.creature.push_back({"horse", nullptr, 5, 2, 6});
      l.creature.push_back({"donkey", nullptr, 1, 1, 3});
      l.monster = monsters(90, 5, 5, 100);  // commonSpawnWithZombieHorse
      break;
    case BiomeKind::kForest:
      l.creature = farm_animals();
      l.creature.push_back({"wolf", nullptr, 5, 4, 4});
      l.monster = monsters(95, 5, 0, 100);
      break;
    case BiomeKind::kBirchForest:
      l.creature = farm_animals();
      l.monster = monsters(95, 5, 0, 100);
      break;
    case BiomeKind::kTaiga:
    case BiomeKind::kSnowyTaiga:
      l.creature = farm_animals();
      l.creature.push_back({"wolf", nullptr, 8, 4, 4});
      l.creature.push_back({"rabbit", nullptr, 4, 2, 3});
      l.creature.push_back({"fox", nullptr, 8, 2, 4});
      l.monster = monsters(95, 5, 0, 100);
      break;
    case BiomeKind::kSnowyPlains:
      l.creature = {{"rabbit", nullptr, 10, 2, 3}, {"polar_bear", nullptr, 1, 1, 2}};
      l.monster = monsters(90, 5, 5, 20);  // snowySpawns with zombie horses (not ice spikes)
      l.monster.push_back({"stray", nullptr, 80, 4, 4});
      break;
    case BiomeKind::kDesert:
      l.creature = {{"rabbit", nullptr, 12, 2, 3}, {"camel", nullptr, 1, 1, 1}};
      l.monster = monsters(19, 1, 0, 50);
      l.monster.push_back({"husk", nullptr, 80, 4, 4});
      l.monster.push_back({"parched", nullptr, 50, 4, 4});
      break;
    case BiomeKind::kBeach:
      l.creature = {{"turtle", nullptr, 5, 2, 5}};
      l.monster = monsters(95, 5, 0, 100);
      break;
    case BiomeKind::kSnowyBeach:
      l.monster = monsters(95, 5, 0, 100);
      break;
    case BiomeKind::kFrozenOcean:
      l.creature = {{"polar_bear", nullptr, 1, 1, 2}};
      [[fallthrough]];
    case BiomeKind::kOcean:
    case BiomeKind::kDeepOcean:
      // oceanSpawns and frozenOcean: commonSpawns, then drowned 5 (1..1).
      l.monster = monsters(95, 5, 0, 100);
      l.monster.push_back({"drowned", nullptr, 5, 1, 1});
      break;
  }
  return l;
}

struct SpawnTables {
  std::array<BiomeLists, kBiomeKindCount> biomes;
  SpawnTables() {
    for (int i = 0; i < kBiomeKindCount; ++i) biomes[i] = lists_for(static_cast<BiomeKind>(i));
  }
};

const SpawnTables& spawn_tables() {
  static const SpawnTables t;
  return t;
}

// Per-state block classes, computed once.
struct SpawnBlockClasses {
  std::vector<uint8_t> floor, empty, conductor;
  SpawnBlockClasses() : floor(kBlockStateCount), empty(kBlockStateCount), conductor(kBlockStateCount) {
    for (int s = 0; s < kBlockStateCount; ++s) {
      const auto state = static_cast<BlockStateId>(s);
      const BlockInfo& info = block_info(block_of_state(state));
      const auto boxes = collision_boxes(state);
      const bool full_cube = boxes.size() == 1 && boxes[0].min_x == 0 && boxes[0].min_y == 0 && boxes[0].min_z == 0 &&
                             boxes[0].max_x == 1 && boxes[0].max_y == 1 && boxes[0].max_z == 1;
      const bool opaque = info.filter_light >= 15;
      const std::string_view name = info.name;
      auto ends_with = [&](std::string_view tail) { return name.size() >= tail.size() && name.substr(name.size() - tail.size()) == tail; };
      // isFaceSturdy(UP) with light emission below 14; glass, ice, leaves and barriers refuse mobs.
      floor[s] = full_cube && opaque && info.emit_light < 14 && name != "barrier" && name != "bedrock";
      conductor[s] = full_cube && opaque;
      // No collision, no fluid, not a signal source, not a rail, nothing that hurts a mob.
      const bool signal = name == "redstone_wire" || name == "lever" || name == "redstone_torch" ||
                          name == "redstone_wall_torch" || name == "tripwire_hook" || ends_with("_button") ||
                          ends_with("_pressure_plate") || name == "redstone_block" || name == "daylight_detector";
      const bool dangerous = name == "fire" || name == "soul_fire" || name == "sweet_berry_bush" ||
                             name == "wither_rose" || name == "powder_snow" || name == "cactus" || name == "lava";
      empty[s] = boxes.empty() && !has_fluid(state) && !signal && !dangerous && !ends_with("rail");
    }
  }
};

const SpawnBlockClasses& classes() {
  static const SpawnBlockClasses c;
  return c;
}

}  // namespace

const CategoryInfo& category_info(MobCategory category) { return kCategories[static_cast<size_t>(category)]; }

MobCategory category_of(const MobKind& kind) { return kind.hostile ? MobCategory::kMonster : MobCategory::kCreature; }

int natural_spawn_chunk_count(std::vector<ChunkPos> player_chunks) {
  constexpr int r = kNaturalSpawnChunkReach;
  std::vector<int> rows;
  for (ChunkPos p : player_chunks)
    for (int z = p.z - r; z <= p.z + r; ++z) rows.push_back(z);
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  // Each row covered is the union of the spans of the players within reach of it.
  int count = 0;
  std::vector<std::pair<int, int>> spans;
  for (int z : rows) {
    spans.clear();
    for (ChunkPos p : player_chunks)
      if (std::abs(p.z - z) <= r) spans.emplace_back(p.x - r, p.x + r);
    std::sort(spans.begin(), spans.end());
    int covered_to = spans.front().first - 1;
    for (auto [from, to] : spans) {
      count += std::max(0, to - std::max(from - 1, covered_to));
      covered_to = std::max(covered_to, to);
    }
  }
  return count;
}

int mob_cap(MobCategory category, int spawnable_chunks) {
  return category_info(category).max * spawnable_chunks / kMagicNumber;
}

std::array<bool, kCategoryCount> spawning_categories(const std::array<int, kCategoryCount>& counts,
                                                     int spawnable_chunks, const SpawnSwitches& switches) {
  std::array<bool, kCategoryCount> out{};
  for (MobCategory c : kSpawningCategories) {
    const CategoryInfo& info = category_info(c);
    if (!switches.spawn_enemies && !info.friendly) continue;
    if (!switches.spawn_persistent && info.persistent) continue;
    out[static_cast<size_t>(c)] = counts[static_cast<size_t>(c)] < mob_cap(c, spawnable_chunks);
  }
  return out;
}

std::span<const SpawnerData> spawn_list(BiomeKind biome, MobCategory category) {
  const BiomeLists& l = spawn_tables().biomes[static_cast<size_t>(biome)];
  if (category == MobCategory::kMonster) return l.monster;
  if (category == MobCategory::kCreature) return l.creature;
  return {};
}

float creature_generation_probability(BiomeKind biome) {
  // OverworldBiomes.plains with snowy set (snowy plains) lowers it; the other biomes Horizon
  // generates keep the builder's default.
  return biome == BiomeKind::kSnowyPlains ? 0.07f : 0.1f;
}

bool is_valid_spawn_floor(BlockStateId state) { return classes().floor[state] != 0; }
bool is_valid_empty_spawn_block(BlockStateId state) { return classes().empty[state] != 0; }
bool is_redstone_conductor(BlockStateId state) { return classes().conductor[state] != 0; }

bool on_ground_position_ok(const SpawnView& view, const BlockPos& pos) {
  const BlockPos below{pos.x, pos.y - 1, pos.z};
  const BlockPos above{pos.x, pos.y + 1, pos.z};
  return is_valid_spawn_floor(view.block(below)) && is_valid_empty_spawn_block(view.block(pos)) &&
         is_valid_empty_spawn_block(view.block(above));
}

bool check_spawn_rules(const MobKind& kind, const SpawnView& view, const BlockPos& pos, const SpawnLevel& level,
                       Rng& random) {
  const BlockPos below{pos.x, pos.y - 1, pos.z};
  if (category_of(kind) == MobCategory::kMonster) {
    if (level.difficulty == Difficulty::kPeaceful) return false;
    // isDarkEnoughToSpawn: sky light against a draw below 32, then no block light, then the raw
    // brightness (thunder darkens as 10) against the dimension's uniform 0..7.
    if (view.sky_light(pos) > static_cast<int>(random.next_below(kSkyLightDraw))) return false;
    if (view.block_light(pos) > kMonsterBlockLightLimit) return false;
    const int darken = level.thundering ? kThunderDarken : level.sky_darken;
    const int brightness = raw_brightness(view.sky_light(pos), view.block_light(pos), darken);
    if (brightness > static_cast<int>(random.next_below(kMonsterLightTestMax + 1))) return false;
    return is_valid_spawn_floor(view.block(below));  // checkMobSpawnRules
  }
  return animal_spawn_rules_ok(view, pos);
}

bool animal_spawn_rules_ok(const SpawnView& view, const BlockPos& pos) {
  static const BlockId grass = *block_by_name("grass_block");
  const BlockPos below{pos.x, pos.y - 1, pos.z};
  return block_of_state(view.block(below)) == grass &&
         raw_brightness(view.sky_light(pos), view.block_light(pos), 0) > kAnimalMinBrightness;
}

bool spawn_position_ok(const MobKind& kind, const SpawnView& view, const BlockPos& pos, const SpawnLevel& level,
                       double nearest_player_distance_sqr, Rng& random) {
  const CategoryInfo& info = category_info(category_of(kind));
  // EntityType.canSpawnFarFromPlayer: persistent categories may; others not beyond 128 blocks.
  const double despawn = info.despawn_distance;
  if (!info.persistent && nearest_player_distance_sqr > despawn * despawn) return false;
  if (!on_ground_position_ok(view, pos)) return false;
  // Room for the body (noCollision of the spawn box) follows from the two empty blocks: every
  // Horizon mob is narrower than a block and at most two blocks tall.
  return check_spawn_rules(kind, view, pos, level, random);
}

bool right_distance(double nearest_player_distance_sqr, const BlockPos& spawn_point, const BlockPos& pos) {
  if (nearest_player_distance_sqr <= kMinPlayerDistance * kMinPlayerDistance) return false;
  // Vec3i.closerToCenterThan: the spawn block's centre against (x + 0.5, y, z + 0.5).
  const double dx = spawn_point.x + 0.5 - (pos.x + 0.5);
  const double dy = spawn_point.y + 0.5 - static_cast<double>(pos.y);
  const double dz = spawn_point.z + 0.5 - (pos.z + 0.5);
  return !(dx * dx + dy * dy + dz * dz < kMinPlayerDistance * kMinPlayerDistance);
}

DespawnOutcome check_despawn(const DespawnInput& in, Rng& random) {
  DespawnOutcome out;
  if (in.difficulty == Difficulty::kPeaceful && in.hostile) {
    out.discard = true;
    return out;
  }
  if (in.persistent) {
    out.reset_no_action_time = true;
    return out;
  }
  if (!in.has_player) return out;
  const CategoryInfo& info = category_info(in.category);
  const double far = static_cast<double>(info.despawn_distance) * info.despawn_distance;
  const double near = static_cast<double>(info.no_despawn_distance) * info.no_despawn_distance;
  if (in.distance_sqr > far && in.remove_when_far_away) out.discard = true;
  // The random despawn is asked even after the instant one (vanilla does not return between them).
  if (in.no_action_time > kIdleBeforeRandomDespawn && random.next_below(kRandomDespawnChance) == 0 &&
      in.distance_sqr > near && in.remove_when_far_away) {
    out.discard = true;
  } else if (in.distance_sqr < near) {
    out.reset_no_action_time = true;
  }
  return out;
}

}  // namespace hz::spawning
