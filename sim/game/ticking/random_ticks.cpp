#include "sim/game/ticking/random_ticks.h"

#include "sim/core/hash.h"
#include "sim/game/ticking/random_tick_pos.h"
#include "sim/game/ticking/random_tick_rules.h"
#include "sim/world/block_traits.h"

namespace hz {
namespace {

// The running world as the rules see it.
class StreamingTickWorld final : public TickWorld {
 public:
  StreamingTickWorld(const TickingChunks& chunks, BlockWorld& blocks, const RandomTicks::DropLoot& drop)
      : chunks_(chunks), blocks_(blocks), drop_(drop) {}
  BlockStateId block(const BlockPos& pos) const override { return blocks_.block_at(pos); }
  uint8_t sky_light(const BlockPos& pos) const override { return chunks_.sky_light_at(pos); }
  uint8_t block_light(const BlockPos& pos) const override { return chunks_.block_light_at(pos); }
  void set_block(const BlockPos& pos, BlockStateId state) override { blocks_.set_block(pos, state); }
  void drop_loot(const BlockPos& pos, BlockStateId state) override {
    if (drop_) drop_(pos, state);
  }

 private:
  const TickingChunks& chunks_;
  BlockWorld& blocks_;
  const RandomTicks::DropLoot& drop_;
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

void RandomTicks::tick_chunk(const ChunkColumn& column, int speed) {
  const BlockTraits& traits = BlockTraits::get();
  StreamingTickWorld world(chunks_, blocks_, drop_loot_);
  const int min_x = column.pos().x * 16, min_z = column.pos().z * 16;
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
      random_tick_block(world, BlockPos{min_x + o.x, min_y + o.y, min_z + o.z}, state, random_);
    }
  }
}

uint64_t RandomTicks::hash() const {
  Hasher h;
  h.u64(positions_drawn_);
  h.u64(blocks_ticked_);
  return h.digest();
}

}  // namespace hz
