#include "sim/game/ticking/random_ticks.h"

#include <algorithm>

#include "sim/core/hash.h"
#include "sim/game/blocks/placement_states.h"
#include "sim/game/ticking/precipitation.h"
#include "sim/game/ticking/random_tick_pos.h"
#include "sim/game/ticking/random_tick_rules.h"
#include "sim/game/ticking/thunder.h"
#include "sim/world/block_traits.h"

namespace hz {
namespace {

bool is_lava(BlockStateId state) {
  static const BlockId lava = block_of_state(default_state_of("lava"));
  return block_of_state(state) == lava;
}

// The running world as the rules see it.
class StreamingTickWorld final : public PrecipitationWorld {
 public:
  StreamingTickWorld(const TickingChunks& chunks, BlockWorld& blocks, const RandomTicks::DropLoot& drop, int darken,
                     bool raining = false, FarmlandToDirt* to_dirt = nullptr)
      : chunks_(chunks), blocks_(blocks), drop_(drop), darken_(darken), raining_(raining), to_dirt_(to_dirt) {}
  bool raining_at(const BlockPos& pos) const override { return raining_ && hz::raining_at(*this, pos, true); }
  int sky_darken() const override { return darken_; }
  int motion_blocking_top(int x, int z) const override {
    const ChunkColumn* column = chunks_.column({x >> 4, z >> 4});
    return column ? column->top_y(HeightmapType::kMotionBlocking, x & 15, z & 15) + 1 : kWorldMinY;
  }
  BiomeKind biome(const BlockPos& pos) const override {
    const ChunkColumn* column = chunks_.column({pos.x >> 4, pos.z >> 4});
    const int y = std::clamp(pos.y, kWorldMinY, kWorldMaxY);
    return column ? biome_kind_of(column->biome_at(pos.x & 15, y, pos.z & 15)) : BiomeKind::kPlains;
  }
  bool snow_can_survive(const BlockPos& pos) const override {
    static const BlockStateId snow = default_state_of("snow");
    return can_survive(blocks_, snow, pos);
  }
  BlockStateId block(const BlockPos& pos) const override { return blocks_.block_at(pos); }
  uint8_t sky_light(const BlockPos& pos) const override { return chunks_.sky_light_at(pos); }
  uint8_t block_light(const BlockPos& pos) const override { return chunks_.block_light_at(pos); }
  void set_block(const BlockPos& pos, BlockStateId state) override { blocks_.set_block(pos, state); }
  void drop_loot(const BlockPos& pos, BlockStateId state) override {
    if (drop_) drop_(pos, state);
  }
  void turn_farmland_to_dirt(const BlockPos& pos) override {
    if (to_dirt_) to_dirt_->turn_to_dirt(pos);
    else PrecipitationWorld::turn_farmland_to_dirt(pos);
  }

 private:
  const TickingChunks& chunks_;
  BlockWorld& blocks_;
  const RandomTicks::DropLoot& drop_;
  int darken_;
  bool raining_;
  FarmlandToDirt* to_dirt_;
};

}  // namespace

RandomTicks::RandomTicks(const TickingChunks& chunks, BlockWorld& blocks, const GameRules& rules, Rng& random,
                         DropLoot drop_loot)
    : chunks_(chunks), blocks_(blocks), rules_(rules), random_(random), drop_loot_(std::move(drop_loot)) {}

void RandomTicks::tick(bool runs_normally) {
  if (!runs_normally) return;
  const int speed = rules_.get("random_tick_speed");
  if (speed <= 0) return;
  // The list is the world's cache; ticks change blocks, never which chunks tick.
  for (ChunkPos pos : chunks_.ticking_chunks()) tick_chunk(*chunks_.column(pos), speed);
}

void RandomTicks::thunder_in(ChunkPos pos) {
  // Whatever random_tick_speed is; nothing is drawn unless it rains and thunders.
  const LevelSky sky = sky_ ? sky_() : LevelSky{};
  if (strikes_ == nullptr || !sky.raining || !sky.thundering) return;
  StreamingTickWorld world(chunks_, blocks_, drop_loot_, sky.sky_darken);
  auto living = [this] { return living_ ? living_() : std::vector<BlockPos>{}; };
  const std::optional<BlockPos> at = thunder_strike(world, pos.x * 16, pos.z * 16, true, true, living, random_);
  if (!at) return;
  ++lightning_strikes_;
  strikes_->strike(Vec3{at->x + 0.5, static_cast<double>(at->y), at->z + 0.5}, false);  // Vec3.atBottomCenterOf
}

void RandomTicks::tick_chunk(const ChunkColumn& column, int speed) {
  const BlockTraits& traits = BlockTraits::get();
  const LevelSky sky = sky_ ? sky_() : LevelSky{};
  StreamingTickWorld world(chunks_, blocks_, drop_loot_, sky.sky_darken, sky.raining, to_dirt_);
  const int min_x = column.pos().x * 16, min_z = column.pos().z * 16;
  // Ice and snow first, as ServerLevel.tickChunk does: one 1-in-48 chance per tick speed.
  const int max_snow = rules_.get("max_snow_accumulation_height");
  for (int i = 0; i < speed; ++i) {
    if (random_.next_below(kPrecipitationChance) != 0) continue;
    const SectionOffset o = random_tick_offset(random_tick_draw(random_));
    ++precipitation_checks_;
    tick_precipitation(world, min_x + o.x, min_z + o.z, sky.raining, max_snow, random_);
  }
  // Sections count their randomly ticking blocks on every change; the column keeps which are
  // non-zero (cached until the column changes), so sections without any cost nothing. Asked per
  // section, as vanilla checks each section just before its draws.
  for (int index = 0; index < kSectionCount; ++index) {
    if ((column.random_ticking_sections() & (1u << index)) == 0) continue;
    const int min_y = kWorldMinY + index * 16;
    for (int i = 0; i < speed; ++i) {
      const SectionOffset o = random_tick_offset(random_tick_draw(random_));
      ++positions_drawn_;
      // Read through the column each time: an earlier tick in this loop may have changed it.
      const BlockStateId state = column.block(o.x, min_y + o.y, o.z);
      if (!traits.random_ticks(state)) continue;
      ++blocks_ticked_;
      const BlockPos pos{min_x + o.x, min_y + o.y, min_z + o.z};
      if (is_lava(state)) {
        // Lava's block and its fluid both tick (LiquidBlock.randomTick passes the draw on to the
        // fluid, and the level then ticks the fluid itself): two tries per draw.
        if (fire_ != nullptr) fire_->lava_tick(pos), fire_->lava_tick(pos);
        continue;
      }
      random_tick_block(world, pos, state, random_);
    }
  }
}

bool RandomTicks::raining_at(const BlockPos& pos) const {
  const LevelSky sky = sky_ ? sky_() : LevelSky{};
  if (!sky.raining) return false;
  const StreamingTickWorld world(chunks_, blocks_, drop_loot_, sky.sky_darken);
  return hz::raining_at(world, pos, true);
}

uint64_t RandomTicks::hash() const {
  Hasher h;
  h.u64(positions_drawn_);
  h.u64(blocks_ticked_);
  h.u64(precipitation_checks_);
  h.u64(lightning_strikes_);
  return h.digest();
}

}  // namespace hz
