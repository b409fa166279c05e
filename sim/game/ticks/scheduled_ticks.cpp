#include "sim/game/ticks/scheduled_ticks.h"

#include "sim/core/hash.h"
#include "sim/game/tick_rate.h"
#include "sim/game/ticks/saved_ticks_nbt.h"

namespace hz {

ScheduledTicks::ScheduledTicks(const GameTime& time, const TickRateManager& rate, ServerLog& log)
    : time_(time), rate_(rate), log_(log) {}

bool ScheduledTicks::schedule_block_tick(const BlockPos& pos, BlockId block, int delay, int priority) {
  // Vanilla draws the sub-tick order whether or not the queue takes the tick.
  const int64_t sub = next_sub_tick_++;
  return blocks_.schedule(ScheduledTick{static_cast<uint32_t>(block), pos, time_.game_time() + delay, priority, sub});
}

bool ScheduledTicks::has_block_tick(const BlockPos& pos, BlockId block) const {
  return blocks_.has_scheduled(pos, static_cast<uint32_t>(block));
}

bool ScheduledTicks::schedule_fluid_tick(const BlockPos& pos, uint32_t fluid, int delay, int priority) {
  const int64_t sub = next_sub_tick_++;
  return fluids_.schedule(ScheduledTick{fluid, pos, time_.game_time() + delay, priority, sub});
}

void ScheduledTicks::restore(LevelTicks& queue, ChunkPos pos, const anvil::ChunkExtras* stored, const char* key,
                             const TickTypeNames& names) {
  std::vector<SavedTick> saved;
  const nbt::Tag* tag = stored ? stored->carried.find(key) : nullptr;
  if (tag != nullptr) {
    Result<DecodedTicks> decoded = saved_ticks_from_nbt(*tag, names, pos);
    const std::string where = "Chunk [" + std::to_string(pos.x) + ", " + std::to_string(pos.z) + "]: ";
    if (!decoded) {
      log_.log(LogLevel::kWarn, where + "dropped its " + key + ": " + decoded.error());
    } else {
      if (decoded->skipped > 0)
        log_.log(LogLevel::kWarn, where + "skipped " + std::to_string(decoded->skipped) + " unreadable " + key);
      saved = std::move(decoded->ticks);
    }
  }
  queue.add_chunk(pos, saved, time_.game_time());
}

void ScheduledTicks::on_chunk_ready(ChunkPos pos, const anvil::ChunkExtras* stored) {
  restore(blocks_, pos, stored, "block_ticks", block_tick_names());
  restore(fluids_, pos, stored, "fluid_ticks", fluid_tick_names());
}

void ScheduledTicks::on_chunk_saving(ChunkPos pos, anvil::ChunkExtras& extras, int64_t game_time) {
  if (!blocks_.has_chunk(pos)) return;  // not ours (never made ready): what the file carried stays
  extras.carried.put("block_ticks", saved_ticks_to_nbt(blocks_.saved(pos, game_time), block_tick_names()));
  extras.carried.put("fluid_ticks", saved_ticks_to_nbt(fluids_.saved(pos, game_time), fluid_tick_names()));
}

void ScheduledTicks::on_chunk_unloaded(ChunkPos pos) {
  blocks_.remove_chunk(pos);
  fluids_.remove_chunk(pos);
}

void ScheduledTicks::tick() {
  if (!rate_.runs_normally()) return;
  const int64_t now = time_.game_time();
  blocks_.tick(now, LevelTicks::kMaxTicksPerTick, ticking_, [this](const BlockPos& pos, uint32_t type) {
    if (runner_) runner_(pos, static_cast<BlockId>(type));
  });
  fluids_.tick(now, LevelTicks::kMaxTicksPerTick, ticking_, [this](const BlockPos& pos, uint32_t fluid) {
    if (fluid_runner_) fluid_runner_(pos, fluid);
  });
}

uint64_t ScheduledTicks::hash() const {
  Hasher h;
  h.u64(blocks_.hash());
  h.u64(fluids_.hash());
  h.i64(next_sub_tick_);
  return h.digest();
}

}  // namespace hz
