#include "sim/game/ticks/level_ticks.h"

#include <queue>

#include "sim/core/hash.h"

namespace hz {

ChunkPos chunk_of_block(const BlockPos& pos) { return ChunkPos{pos.x >> 4, pos.z >> 4}; }

void LevelTicks::add_chunk(ChunkPos chunk, const std::vector<SavedTick>& saved, int64_t game_time) {
  Container& c = chunks_[chunk];
  c.queue.clear();
  c.present.clear();
  int64_t sub = -static_cast<int64_t>(saved.size());
  for (const SavedTick& s : saved) {
    // The file may name a position twice; vanilla keeps one entry per (position, type) in its
    // set but queues both, so the second only differs in when it runs. Horizon keeps the first.
    const int64_t order = sub++;
    if (!c.present.insert(key_of(s.pos, s.type)).second) continue;
    c.queue.insert(ScheduledTick{s.type, s.pos, game_time + s.delay, s.priority, order});
  }
  if (c.queue.empty()) active_.erase(chunk);
  else active_.insert(chunk);
}

void LevelTicks::remove_chunk(ChunkPos chunk) {
  chunks_.erase(chunk);
  active_.erase(chunk);
}

std::vector<SavedTick> LevelTicks::saved(ChunkPos chunk, int64_t game_time) const {
  std::vector<SavedTick> out;
  auto it = chunks_.find(chunk);
  if (it == chunks_.end()) return out;
  out.reserve(it->second.queue.size());
  for (const ScheduledTick& t : it->second.queue)
    out.push_back(SavedTick{t.type, t.pos, static_cast<int32_t>(t.trigger - game_time), t.priority});
  return out;
}

bool LevelTicks::schedule(const ScheduledTick& tick) {
  auto it = chunks_.find(chunk_of_block(tick.pos));
  if (it == chunks_.end()) return false;
  if (!it->second.present.insert(key_of(tick.pos, tick.type)).second) return false;
  it->second.queue.insert(tick);
  active_.insert(it->first);
  return true;
}

bool LevelTicks::has_scheduled(const BlockPos& pos, uint32_t type) const {
  auto it = chunks_.find(chunk_of_block(pos));
  return it != chunks_.end() && it->second.present.contains(key_of(pos, type));
}

void LevelTicks::tick(int64_t now, int max, const std::function<bool(ChunkPos)>& ticking,
                      const std::function<void(const BlockPos&, uint32_t)>& run) {
  // Containers whose first tick is due compete by that tick's priority and sub-tick order (the
  // trigger time only orders ticks within one container); ties fall to the chunk position.
  struct Head {
    int32_t priority;
    int64_t sub_tick;
    ChunkPos chunk;
    bool operator>(const Head& o) const {
      return std::tie(priority, sub_tick, chunk) > std::tie(o.priority, o.sub_tick, o.chunk);
    }
  };
  std::priority_queue<Head, std::vector<Head>, std::greater<Head>> heads;
  for (ChunkPos chunk : active_) {
    const Container& c = chunks_.at(chunk);
    if (c.queue.empty() || c.queue.begin()->trigger > now || !ticking(chunk)) continue;
    heads.push(Head{c.queue.begin()->priority, c.queue.begin()->sub_tick, chunk});
  }
  std::vector<ScheduledTick> collected;
  while (!heads.empty() && static_cast<int>(collected.size()) < max) {
    const Head head = heads.top();
    heads.pop();
    Container& c = chunks_[head.chunk];
    const ScheduledTick tick = *c.queue.begin();
    c.queue.erase(c.queue.begin());
    c.present.erase(key_of(tick.pos, tick.type));
    collected.push_back(tick);
    if (c.queue.empty()) active_.erase(head.chunk);
    else if (c.queue.begin()->trigger <= now) heads.push(Head{c.queue.begin()->priority, c.queue.begin()->sub_tick, head.chunk});
  }
  for (const ScheduledTick& tick : collected) run(tick.pos, tick.type);
}

size_t LevelTicks::count() const {
  size_t n = 0;
  for (ChunkPos chunk : active_) n += chunks_.at(chunk).queue.size();
  return n;
}

uint64_t LevelTicks::hash() const {
  Hasher h;
  // Which chunks have containers is the chunk map's (hashed there); here the ticks themselves.
  h.u64(chunks_.size()), h.u64(active_.size());
  for (ChunkPos chunk : active_) {
    const Container& c = chunks_.at(chunk);
    h.i64(chunk.x), h.i64(chunk.z), h.u64(c.queue.size());
    for (const ScheduledTick& t : c.queue)
      h.u64(t.type), h.i64(t.pos.x), h.i64(t.pos.y), h.i64(t.pos.z), h.i64(t.trigger), h.i64(t.priority), h.i64(t.sub_tick);
  }
  return h.digest();
}

}  // namespace hz
