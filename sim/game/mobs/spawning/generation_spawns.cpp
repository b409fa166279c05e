#include "sim/game/mobs/spawning/generation_spawns.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>

#include "sim/core/java_format.h"
#include "sim/game/mobs/spawning/spawn_rules.h"
#include "sim/world/biomes.h"
#include "sim/world/legacy_random.h"

namespace hz::spawning {
namespace {

// The generated column as spawning reads it: blocks outside it are air, light is the column's own.
class OneColumnView final : public SpawnView {
 public:
  explicit OneColumnView(const ChunkColumn& column) : column_(column), min_x_(column.pos().x * 16), min_z_(column.pos().z * 16) {}
  bool inside(int x, int z) const { return x >= min_x_ && x < min_x_ + 16 && z >= min_z_ && z < min_z_ + 16; }
  BlockStateId block(const BlockPos& p) const override {
    return inside(p.x, p.z) ? column_.block(p.x - min_x_, p.y, p.z - min_z_) : BlockStateId{0};
  }
  int sky_light(const BlockPos& p) const override {
    return inside(p.x, p.z) ? column_.light().sky_at(p.x - min_x_, p.y, p.z - min_z_) : 15;
  }
  int block_light(const BlockPos& p) const override {
    return inside(p.x, p.z) ? column_.light().block_at(p.x - min_x_, p.y, p.z - min_z_) : 0;
  }

 private:
  const ChunkColumn& column_;
  int min_x_, min_z_;
};

struct Box {
  double min_x, min_y, min_z, max_x, max_y, max_z;
};

// EntityType.getSpawnAABB (spawn scale 1): the body's box standing at (x, y, z).
Box body_box(const MobKind& kind, double x, double y, double z) {
  const double half = kind.width / 2.0f;
  return {x - half, y, z - half, x + half, y + static_cast<double>(kind.height), z + half};
}

bool full_cube(BlockStateId state) {
  const auto boxes = collision_boxes(state);
  return boxes.size() == 1 && boxes[0].min_x == 0 && boxes[0].min_y == 0 && boxes[0].min_z == 0 &&
         boxes[0].max_x == 1 && boxes[0].max_y == 1 && boxes[0].max_z == 1;
}

// CollisionGetter.noCollision over blocks: no collision box overlaps the body with volume. Boxes
// may rise above their cell (fences), so the layer below the body is asked too.
bool no_block_collision(const SpawnView& view, const Box& b) {
  for (int x = java_floor(b.min_x); x <= java_floor(b.max_x); ++x)
    for (int y = java_floor(b.min_y) - 1; y <= java_floor(b.max_y); ++y)
      for (int z = java_floor(b.min_z); z <= java_floor(b.max_z); ++z)
        for (const ShapeBox& s : collision_boxes(view.block({x, y, z})))
          if (s.min_x + x < b.max_x && s.max_x + x > b.min_x && s.min_y + y < b.max_y && s.max_y + y > b.min_y &&
              s.min_z + z < b.max_z && s.max_z + z > b.min_z)
            return false;
  return true;
}

// LevelReader.containsAnyLiquid: a fluid in any block the box reaches into.
bool any_liquid(const SpawnView& view, const Box& b) {
  for (int x = java_floor(b.min_x); x < static_cast<int>(std::ceil(b.max_x)); ++x)
    for (int y = java_floor(b.min_y); y < static_cast<int>(std::ceil(b.max_y)); ++y)
      for (int z = java_floor(b.min_z); z < static_cast<int>(std::ceil(b.max_z)); ++z)
        if (has_fluid(view.block({x, y, z}))) return true;
  return false;
}

// NaturalSpawner.getTopNonCollidingPos for ON_GROUND kinds: above the top motion-blocking block
// (leaves ignored), one lower when that block is not a full cube (LAND-pathfindable).
BlockPos top_non_colliding(const ChunkColumn& column, const SpawnView& view, int x, int z) {
  const int top = column.top_y(HeightmapType::kMotionBlockingNoLeaves, x & 15, z & 15) + 1;
  const BlockPos below{x, top - 1, z};
  return full_cube(view.block(below)) ? BlockPos{x, top, z} : below;
}

const SpawnerData& pick(std::span<const SpawnerData> list, int selection) {
  for (const SpawnerData& entry : list) {
    if (selection < entry.weight) return entry;
    selection -= entry.weight;
  }
  return list.back();  // unreachable: selection < total weight
}

int total_weight(std::span<const SpawnerData> list) {
  int total = 0;
  for (const SpawnerData& entry : list) total += entry.weight;
  return total;
}

// a - b with a drawn first, as Java evaluates `nextInt(5) - nextInt(5)`.
int step(LegacyRandom& random) {
  const int a = random.next_int(kGenerationStep);
  const int b = random.next_int(kGenerationStep);
  return a - b;
}

// One try at (x, z) for `kind`: the animal, or nothing when the place refuses it. Draws the yaw
// once the spawn box and spawn rules pass, even if the liquid check then refuses.
std::optional<GenerationSpawn> try_place(const MobKind& kind, const ChunkColumn& column, const SpawnView& view, int x,
                                         int z, LegacyRandom& random) {
  const BlockPos pos = top_non_colliding(column, view, x, z);
  if (!on_ground_position_ok(view, pos)) return std::nullopt;
  const int xo = column.pos().x * 16, zo = column.pos().z * 16;
  const double width = kind.width;
  const double fx = std::clamp(static_cast<double>(x), xo + width, xo + 16.0 - width);
  const double fz = std::clamp(static_cast<double>(z), zo + width, zo + 16.0 - width);
  const Box box = body_box(kind, fx, pos.y, fz);
  if (!no_block_collision(view, box)) return std::nullopt;
  if (!animal_spawn_rules_ok(view, {java_floor(fx), pos.y, java_floor(fz)})) return std::nullopt;
  const float yaw = random.next_float() * 360.0f;
  // Mob.checkSpawnRules (an animal's walk target on grass is 10, never negative) and
  // checkSpawnObstruction's liquid test.
  if (any_liquid(view, box)) return std::nullopt;
  return GenerationSpawn{&kind, Vec3{fx, static_cast<double>(pos.y), fz}, yaw};
}

}  // namespace

std::vector<GenerationSpawn> plan_generation_spawns(int64_t world_seed, const ChunkColumn& column) {
  std::vector<GenerationSpawn> out;
  const BiomeKind biome = biome_kind_of(column.biome_at(0, kWorldMaxY, 0));
  const std::span<const SpawnerData> list = spawn_list(biome, MobCategory::kCreature);
  if (list.empty()) return out;
  const OneColumnView view(column);
  const int xo = column.pos().x * 16, zo = column.pos().z * 16;
  LegacyRandom random = LegacyRandom(0);  // seeded just below
  random.set_decoration_seed(world_seed, xo, zo);
  const float probability = creature_generation_probability(biome);
  const int total = total_weight(list);
  while (random.next_float() < probability) {
    const SpawnerData& entry = pick(list, random.next_int(total));
    const int count = entry.min_count + random.next_int(1 + entry.max_count - entry.min_count);
    int x = xo + random.next_int(16);
    int z = zo + random.next_int(16);
    const int start_x = x, start_z = z;
    for (int member = 0; member < count; ++member) {
      bool placed = false;
      for (int attempt = 0; !placed && attempt < kGenerationTriesPerMember; ++attempt) {
        // A kind Horizon lacks places nothing, but its tries draw their steps as vanilla's do.
        if (entry.kind != nullptr) {
          if (auto spawn = try_place(*entry.kind, column, view, x, z, random)) {
            out.push_back(*spawn);
            placed = true;
          }
        }
        x += step(random);
        z += step(random);
        while (x < xo || x >= xo + 16 || z < zo || z >= zo + 16) {
          x = start_x + step(random);
          z = start_z + step(random);
        }
      }
    }
  }
  return out;
}

}  // namespace hz::spawning
