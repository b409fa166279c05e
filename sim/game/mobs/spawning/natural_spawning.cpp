#include "sim/game/mobs/spawning/natural_spawning.h"

#include <algorithm>
#include <cmath>

#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/world/biomes.h"

namespace hz {
namespace {

using spawning::MobCategory;

// ChunkMap.playerIsCloseEnoughForSpawning: within 128 blocks of the chunk's centre, horizontally.
constexpr double kSpawningChunkRange = 128.0;

class ColumnView final : public spawning::SpawnView {
 public:
  explicit ColumnView(const TickingChunks& chunks) : chunks_(chunks) {}
  BlockStateId block(const BlockPos& pos) const override {
    const ChunkColumn* column = chunks_.column({pos.x >> 4, pos.z >> 4});
    return column ? column->block(pos.x & 15, pos.y, pos.z & 15) : BlockStateId{0};
  }
  int sky_light(const BlockPos& pos) const override { return chunks_.sky_light_at(pos); }
  int block_light(const BlockPos& pos) const override { return chunks_.block_light_at(pos); }

 private:
  const TickingChunks& chunks_;
};

}  // namespace

NaturalSpawning::NaturalSpawning(const TickingChunks& chunks, Mobs& mobs, const PlayerConnections& players,
                                 const GameRules& rules, Rng& random, Difficulty difficulty)
    : chunks_(chunks), mobs_(mobs), players_(players), rules_(rules), random_(random), difficulty_(difficulty) {}

bool NaturalSpawning::nearest_player_distance_sqr(double x, double y, double z, double& out) const {
  bool found = false;
  for (const Vec3& p : player_positions_) {
    const double dx = p.x - x, dy = p.y - y, dz = p.z - z;
    const double d = dx * dx + dy * dy + dz * dz;
    if (!found || d < out) out = d;
    found = true;
  }
  return found;
}

bool NaturalSpawning::player_close_enough(ChunkPos pos) const {
  const double cx = pos.x * 16 + 8, cz = pos.z * 16 + 8;
  for (const Vec3& p : player_positions_) {
    const double dx = p.x - cx, dz = p.z - cz;
    if (dx * dx + dz * dz < kSpawningChunkRange * kSpawningChunkRange) return true;
  }
  return false;
}

int NaturalSpawning::spawn_chunk_count() {
  // ChunkMap.skipPlayer: spectators count unless spectators_generate_chunks is off.
  const bool spectators = rules_.get_bool("spectators_generate_chunks");
  player_chunks_.clear();
  for (const Player* p : players_.joined_players())
    if (spectators || p->game_mode != GameMode::kSpectator)
      player_chunks_.push_back({java_floor(p->position.x) >> 4, java_floor(p->position.z) >> 4});
  std::sort(player_chunks_.begin(), player_chunks_.end());
  player_chunks_.erase(std::unique(player_chunks_.begin(), player_chunks_.end()), player_chunks_.end());
  if (player_chunks_ != counted_player_chunks_) {  // none counted yet: no players, 0 chunks
    spawn_chunk_count_ = spawning::natural_spawn_chunk_count(player_chunks_);
    counted_player_chunks_ = player_chunks_;
  }
  return spawn_chunk_count_;
}

void NaturalSpawning::tick(int64_t game_time, bool runs_normally) {
  if (!runs_normally) return;
  const std::vector<ChunkPos>& ticking = chunks_.ticking_chunks();
  // SpawnState: mobs per category, leaving out the persistent ones.
  counts_.fill(0);
  for (int32_t id : mobs_.ids()) {
    const Mob& mob = *mobs_.find(id);
    if (mob.state.persistence_required) continue;
    ++counts_[static_cast<size_t>(spawning::category_of(mob.mob_kind()))];
  }
  const int spawnable = spawn_chunk_count();
  std::array<bool, spawning::kCategoryCount> categories{};
  if (rules_.get_bool("spawn_mobs")) {
    spawning::SpawnSwitches switches;
    // ServerLevel.isSpawningMonsters: not peaceful, and both spawn rules on.
    switches.spawn_enemies = difficulty_ != Difficulty::kPeaceful && rules_.get_bool("spawn_monsters");
    switches.spawn_persistent = game_time % spawning::kPersistentSpawnInterval == 0;
    categories = spawning::spawning_categories(counts_, spawnable, switches);
  }
  const bool spawns = std::any_of(categories.begin(), categories.end(), [](bool b) { return b; });
  // The spawning chunks are collected and shuffled even when nothing may spawn: thunder visits
  // them (the chunk hook).
  player_positions_.clear();
  for (const Player* p : players_.joined_players())
    if (p->game_mode != GameMode::kSpectator) player_positions_.push_back(p->position);
  order_.clear();
  for (ChunkPos pos : ticking)
    if (player_close_enough(pos)) order_.push_back(pos);
  // Util.shuffle: from the end, swap each element with one at or before it.
  for (size_t i = order_.size(); i > 1; --i) std::swap(order_[i - 1], order_[random_.next_below(static_cast<uint32_t>(i))]);
  const spawning::SpawnLevel level = level_ ? level_() : spawning::SpawnLevel{};
  spawning::SpawnLevel with_difficulty = level;
  with_difficulty.difficulty = difficulty_;
  for (ChunkPos pos : order_) {
    if (chunk_hook_) chunk_hook_(pos);
    const ChunkColumn* column = chunks_.column(pos);
    if (!spawns || column == nullptr) continue;
    for (MobCategory category : spawning::kSpawningCategories) {
      const auto c = static_cast<size_t>(category);
      // canSpawnForCategoryLocal, approximated by the global count against the scaled cap.
      if (!categories[c] || counts_[c] >= spawning::mob_cap(category, spawnable)) continue;
      spawn_category_for_chunk(category, *column, with_difficulty);
    }
  }
}

void NaturalSpawning::spawn_category_for_chunk(MobCategory category, const ChunkColumn& column,
                                               const spawning::SpawnLevel& level) {
  // getRandomPosWithin: a column of the chunk, a height from the bottom to one above the surface.
  const int x = column.pos().x * 16 + static_cast<int>(random_.next_below(16));
  const int z = column.pos().z * 16 + static_cast<int>(random_.next_below(16));
  const int top = column.top_y(HeightmapType::kWorldSurface, x & 15, z & 15) + 1;
  const int y = kWorldMinY + static_cast<int>(random_.next_below(static_cast<uint32_t>(top - kWorldMinY + 1)));
  ++attempts_;
  if (y < kWorldMinY + 1) return;
  spawn_category_for_position(category, column, BlockPos{x, y, z}, level);
}

void NaturalSpawning::spawn_category_for_position(MobCategory category, const ChunkColumn& column,
                                                  const BlockPos& start, const spawning::SpawnLevel& level) {
  ColumnView view(chunks_);
  if (spawning::is_redstone_conductor(view.block(start))) return;
  const BlockPos spawn_point = spawn_point_ ? spawn_point_() : BlockPos{};
  int cluster = 0;
  for (int pack = 0; pack < spawning::kPacksPerAttempt; ++pack) {
    int x = start.x, z = start.z;
    const spawning::SpawnerData* data = nullptr;
    int max = static_cast<int>(std::ceil(random_.next_float() * 4.0f));
    for (int member = 0; member < max; ++member) {
      x += static_cast<int>(random_.next_below(spawning::kPackSpread)) -
           static_cast<int>(random_.next_below(spawning::kPackSpread));
      z += static_cast<int>(random_.next_below(spawning::kPackSpread)) -
           static_cast<int>(random_.next_below(spawning::kPackSpread));
      const BlockPos pos{x, start.y, z};
      const double cx = x + 0.5, cz = z + 0.5;
      double distance_sqr = 0;
      if (!nearest_player_distance_sqr(cx, start.y, cz, distance_sqr)) continue;
      if (!spawning::right_distance(distance_sqr, spawn_point, pos)) continue;
      const ChunkPos at{x >> 4, z >> 4};
      if (!(at == column.pos()) && !chunks_.is_ticking(at)) continue;
      if (data == nullptr) {
        // getRandomSpawnMobAt: a weighted pick from the biome's list at the position.
        const ChunkColumn* here = chunks_.column(at);
        const int y = std::clamp(start.y, kWorldMinY, kWorldMaxY);
        const BiomeKind biome = biome_kind_of(here->biome_at(x & 15, y, z & 15));
        const std::span<const spawning::SpawnerData> list = spawning::spawn_list(biome, category);
        int total = 0;
        for (const spawning::SpawnerData& e : list) total += e.weight;
        if (total <= 0) break;
        int pick = static_cast<int>(random_.next_below(static_cast<uint32_t>(total)));
        for (const spawning::SpawnerData& e : list) {
          if (pick < e.weight) {
            data = &e;
            break;
          }
          pick -= e.weight;
        }
        max = data->min_count + static_cast<int>(random_.next_below(static_cast<uint32_t>(1 + data->max_count - data->min_count)));
      }
      // A kind Horizon does not have yet: the attempt ends as when vanilla fails to create the mob.
      if (data->kind == nullptr) return;
      if (!spawning::spawn_position_ok(*data->kind, view, pos, level, distance_sqr, random_)) continue;
      const float yaw = random_.next_float() * 360.0f;
      mobs_.summon(*data->kind, Vec3{cx, static_cast<double>(start.y), cz}, yaw);
      ++spawned_;
      ++counts_[static_cast<size_t>(category)];  // SpawnState.afterSpawn
      if (++cluster >= spawning::kMaxSpawnClusterSize) return;
    }
  }
}

uint64_t NaturalSpawning::hash() const {
  Hasher h;
  h.u64(attempts_);
  h.u64(spawned_);
  return h.digest();
}

}  // namespace hz
