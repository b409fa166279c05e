// Natural spawning's pure decisions (docs/rules/spawning.md): the mob categories and their caps,
// which categories may spawn this tick, where a mob may stand when it spawns, and when one despawns.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "sim/core/properties.h"
#include "sim/core/rng.h"
#include "sim/data/blocks.h"
#include "sim/game/mobs/mob_kinds.h"
#include "sim/protocol/wire.h"
#include "sim/world/biomes.h"
#include "sim/world/chunk_pos.h"

namespace hz::spawning {

// MobCategory, in vanilla's declaration order (also NaturalSpawner.SPAWNING_CATEGORIES without misc).
enum class MobCategory : uint8_t {
  kMonster,
  kCreature,
  kAmbient,
  kAxolotls,
  kUndergroundWaterCreature,
  kWaterCreature,
  kWaterAmbient,
  kMisc,
};
inline constexpr int kCategoryCount = 8;

struct CategoryInfo {
  std::string_view name;
  int max;                  // instances per 17x17 chunks around players
  bool friendly;
  bool persistent;          // spawns only on every 400th tick (creatures)
  int despawn_distance;     // blocks: beyond it a removable mob goes at once
  int no_despawn_distance;  // blocks: within it the idle timer is reset
};
const CategoryInfo& category_info(MobCategory category);

// The categories NaturalSpawner ticks, in its order.
inline constexpr std::array<MobCategory, 7> kSpawningCategories = {
    MobCategory::kMonster,       MobCategory::kCreature,   MobCategory::kAmbient,      MobCategory::kAxolotls,
    MobCategory::kUndergroundWaterCreature, MobCategory::kWaterCreature, MobCategory::kWaterAmbient};

// NaturalSpawner.MAGIC_NUMBER: the caps are per 17x17 chunks (a player's spawn area).
inline constexpr int kMagicNumber = 17 * 17;
// The creature category spawns when the game time is a multiple of this.
inline constexpr int64_t kPersistentSpawnInterval = 400;
// No mob spawns this close (blocks) to a player or to the world spawn point.
inline constexpr double kMinPlayerDistance = 24.0;
// Packs per spawn attempt and the pack member offset bound.
inline constexpr int kPacksPerAttempt = 3;
inline constexpr int kPackSpread = 6;
// Mob.getMaxSpawnClusterSize's default: one attempt spawns at most this many.
inline constexpr int kMaxSpawnClusterSize = 4;
// Mob.checkDespawn: idle ticks before the random despawn, and its 1-in-N chance.
inline constexpr int kIdleBeforeRandomDespawn = 600;
inline constexpr uint32_t kRandomDespawnChance = 800;
// Animal.isBrightEnoughToSpawn: raw brightness (no darkening) must exceed this.
inline constexpr int kAnimalMinBrightness = 8;
// The overworld's monster_spawn_light_test (uniform 0..7) and block light limit (0).
inline constexpr int kMonsterLightTestMax = 7;
inline constexpr int kMonsterBlockLightLimit = 0;
// Monster.isDarkEnoughToSpawn: sky light is compared with a draw below this.
inline constexpr uint32_t kSkyLightDraw = 32;
// Thunder counts as this much sky darkening for the monster light test.
inline constexpr int kThunderDarken = 10;

// The category a Horizon mob kind belongs to.
MobCategory category_of(const MobKind& kind);

// SpawnState's cap for a category: max * spawnable chunks / 289 (integer division).
int mob_cap(MobCategory category, int spawnable_chunks);

// DistanceManager's natural spawn chunk counter reaches this far (chessboard distance, in chunks)
// from each chunk holding a player.
inline constexpr int kNaturalSpawnChunkReach = 8;
// getNaturalSpawnChunkCount, the caps' spawnable chunks: the chunks within kNaturalSpawnChunkReach
// of a chunk holding a player, each counted once (289 for a lone player), loaded or not.
int natural_spawn_chunk_count(std::vector<ChunkPos> player_chunks);

// Which categories may spawn this tick (getFilteredSpawningCategories with spawnFriendlies true),
// given the counted non-persistent mobs per category.
struct SpawnSwitches {
  bool spawn_enemies = true;     // difficulty not peaceful and the spawn_monsters rule
  bool spawn_persistent = false; // the game time is a multiple of 400
};
std::array<bool, kCategoryCount> spawning_categories(const std::array<int, kCategoryCount>& counts,
                                                     int spawnable_chunks, const SpawnSwitches& switches);

// One entry of a biome's spawn list (MobSpawnSettings.SpawnerData with its weight). `kind` is null
// for the kinds Horizon does not have: drawing one spawns nothing.
struct SpawnerData {
  std::string_view name;
  const MobKind* kind;
  int weight;
  int min_count;
  int max_count;
};
std::span<const SpawnerData> spawn_list(BiomeKind biome, MobCategory category);
// MobSpawnSettings.creatureGenerationProbability: the chance, drawn again after every pack, that a
// generating chunk places one more creature pack (0.1 unless the biome says otherwise).
float creature_generation_probability(BiomeKind biome);

// Where a spawn attempt reads the world.
class SpawnView {
 public:
  virtual ~SpawnView() = default;
  virtual BlockStateId block(const BlockPos& pos) const = 0;
  virtual int sky_light(const BlockPos& pos) const = 0;
  virtual int block_light(const BlockPos& pos) const = 0;
};

// The block classes spawning asks about (docs/rules/spawning.md §4 says how they are approximated).
bool is_valid_spawn_floor(BlockStateId state);   // BlockState.isValidSpawn for the mobs Horizon has
bool is_valid_empty_spawn_block(BlockStateId state);  // NaturalSpawner.isValidEmptySpawnBlock
bool is_redstone_conductor(BlockStateId state);  // a full opaque block: no spawn attempt starts in one

// SpawnPlacementTypes.ON_GROUND: a floor below, and room at the feet and the head.
bool on_ground_position_ok(const SpawnView& view, const BlockPos& pos);

// The level as the spawn rules see it.
struct SpawnLevel {
  int sky_darken = 0;
  bool thundering = false;
  Difficulty difficulty = Difficulty::kNormal;
};

// Animal.checkAnimalSpawnRules: grass below (animals_spawnable_on) and raw brightness without
// darkening above 8. Draws nothing.
bool animal_spawn_rules_ok(const SpawnView& view, const BlockPos& pos);

// SpawnPlacements.checkSpawnRules for a natural spawn of `kind`: Monster.checkMonsterSpawnRules
// (draws one or two numbers from `random`) or Animal.checkAnimalSpawnRules (draws none).
bool check_spawn_rules(const MobKind& kind, const SpawnView& view, const BlockPos& pos, const SpawnLevel& level,
                       Rng& random);

// The whole acceptance of a position for a kind after the distance checks
// (isValidSpawnPostitionForType): despawn distance, placement, spawn rules, room for the body.
bool spawn_position_ok(const MobKind& kind, const SpawnView& view, const BlockPos& pos, const SpawnLevel& level,
                       double nearest_player_distance_sqr, Rng& random);

// isRightDistanceToPlayerAndSpawnPoint without the chunk test: farther than 24 blocks from the
// nearest player (squared distance given) and from the centre of the world spawn block.
bool right_distance(double nearest_player_distance_sqr, const BlockPos& spawn_point, const BlockPos& pos);

// Mob.checkDespawn.
struct DespawnInput {
  MobCategory category = MobCategory::kMonster;
  bool hostile = false;             // not allowed in peaceful
  bool remove_when_far_away = true; // false for animals
  bool persistent = false;          // persistenceRequired (or a passenger, leashed)
  bool has_player = false;          // a non-spectator player exists
  double distance_sqr = 0;          // to the nearest such player
  int no_action_time = 0;
  Difficulty difficulty = Difficulty::kNormal;
};
struct DespawnOutcome {
  bool discard = false;
  bool reset_no_action_time = false;
};
// Draws from `random` only when the mob has idled more than 600 ticks and is still a candidate.
DespawnOutcome check_despawn(const DespawnInput& in, Rng& random);

}  // namespace hz::spawning
