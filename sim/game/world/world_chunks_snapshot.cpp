// WorldChunks in a snapshot: a table of columns (each written once with the column codec the
// generation jobs use, so a column a slot shares with the generation graph stays shared), then
// the slots, the graph and the chunk map's own counters and queues.
#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "sim/game/snapshot/state_io.h"
#include "sim/game/world/world_chunks.h"
#include "sim/world/chunk_codec.h"

namespace hz {
namespace {

constexpr int64_t kNoColumn = -1;

struct SlotRecord {
  ChunkPos pos;
  uint8_t stage = 0;
  bool wanted = false, dirty = false, generated = false;
  int priority = 0;
  JobId read_job = 0, entity_read_job = 0;
  int64_t column = kNoColumn;
  uint64_t contents = 0;
  bool has_extras = false;
  int64_t last_update = 0, inhabited_time = 0;
  nbt::Compound extras;  // block_entities (a list) and carried, under those keys
  template <class Io>
  void state_fields(Io& io) {
    io(pos, stage, wanted, dirty, generated, priority, read_job, entity_read_job, column, contents, has_extras,
       last_update, inhabited_time, extras);
  }
};

struct NodeRecord {
  ChunkPos pos;
  int64_t column = kNoColumn;
  uint8_t status = 0;
  std::optional<Bytes> plan;
  uint64_t in_flight = 0;
  bool plan_wanted = false, reported = false;
  int full_wants = 0, feature_wants = 0, carver_wants = 0;
  std::optional<std::pair<int, int>> queued;
  template <class Io>
  void state_fields(Io& io) {
    io(pos, column, status, plan, in_flight, plan_wanted, reported, full_wants, feature_wants, carver_wants, queued);
  }
};

struct PendingJobRecord {
  uint32_t kind = 0;
  ChunkPos pos;
  bool entities = false;
  template <class Io>
  void state_fields(Io& io) {
    io(kind, pos, entities);
  }
};

// Columns by identity: the index each distinct column gets, in the order first met.
// The columns a snapshot holds, numbered as first met; written (encoded one at a time into the
// snapshot) once numbered.
class ColumnTable {
 public:
  int64_t index_of(const std::shared_ptr<ChunkColumn>& column) {
    if (!column) return kNoColumn;
    auto [it, added] = index_.try_emplace(column.get(), static_cast<int64_t>(columns_.size()));
    if (added) columns_.push_back(column.get());
    return it->second;
  }
  void write(StateWriter& out) const {
    out.byte_strings(columns_.size(), [&](size_t i, ByteWriter& bytes) { write_column(bytes, *columns_[i]); });
  }

 private:
  std::map<const ChunkColumn*, int64_t> index_;  // looked up only
  std::vector<const ChunkColumn*> columns_;      // owned by the slots and the graph meanwhile
};

std::shared_ptr<ChunkColumn> column_from(const Bytes& bytes) {
  ByteReader peek(bytes);
  const ChunkPos pos{peek.i32(), peek.i32()};
  if (!peek.ok()) return nullptr;
  auto column = std::make_shared<ChunkColumn>(pos);
  ByteReader in(bytes);
  if (!read_column(in, *column) || in.remaining() != 0) return nullptr;
  return column;
}

}  // namespace

void WorldChunks::write_state(StateWriter& out) {
  ColumnTable table;
  std::vector<ChunkPos> positions;
  for (const auto& [pos, slot] : slots_) positions.push_back(pos);  // sorted below
  std::sort(positions.begin(), positions.end());
  std::vector<SlotRecord> slots;
  for (ChunkPos pos : positions) {
    const Slot& slot = slots_.at(pos);
    SlotRecord r{pos, static_cast<uint8_t>(slot.stage), slot.wanted, slot.dirty, slot.generated, slot.priority,
                 slot.read_job, slot.entity_read_job, table.index_of(slot.column), slot.contents, slot.extras != nullptr,
                 0, 0, {}};
    if (slot.extras) {
      r.last_update = slot.extras->last_update, r.inhabited_time = slot.extras->inhabited_time;
      r.extras.put("block_entities", slot.extras->block_entities);
      r.extras.put("carried", slot.extras->carried);
    }
    slots.push_back(std::move(r));
  }
  GenerationGraph::State graph = graph_.state();
  std::vector<NodeRecord> nodes;
  for (const GenerationGraph::NodeState& n : graph.nodes) {
    NodeRecord r{n.pos, table.index_of(n.column), static_cast<uint8_t>(n.status), std::nullopt, n.in_flight,
                 n.plan_wanted, n.reported, n.full_wants, n.feature_wants, n.carver_wants, n.queued};
    if (n.plan) {
      ByteWriter plan;
      write_plan(plan, *n.plan);
      r.plan = plan.take();
    }
    nodes.push_back(std::move(r));
  }
  std::vector<int64_t> finished;
  for (const auto& column : graph.finished) finished.push_back(table.index_of(column));
  std::map<JobId, PendingJobRecord> jobs;
  for (const auto& [job, pending] : jobs_) jobs[job] = PendingJobRecord{pending.kind, pending.pos, pending.entities};
  table.write(out);
  out(slots, graph.next_ticket, graph.in_flight, nodes, graph.requests, finished, jobs);
  out(unload_candidates_, ready_, next_job_, generation_in_flight_, loaded_, membership_version_,
      loaded_contents_hash_, changed_, light_, generated_, loaded_from_storage_, written_);
}

// The loaded count and contents sum are kept as the chunks come and go; read back, they must
// still describe the slots read beside them (the count sizes the next snapshot's buffer).
void WorldChunks::check_loaded_totals(StateReader& in) const {
  size_t ready = 0;
  uint64_t contents = 0;
  for (const auto& [pos, slot] : slots_) {
    if (slot.stage != Slot::Stage::kReady) continue;
    ++ready;
    contents += slot.contents;
  }
  in.check(ready == loaded_ && contents == loaded_contents_hash_);
}

void WorldChunks::read_state(StateReader& in) {
  std::vector<Bytes> table_bytes;
  std::vector<SlotRecord> slots;
  GenerationGraph::State graph;
  std::vector<NodeRecord> nodes;
  std::vector<int64_t> finished;
  std::map<JobId, PendingJobRecord> jobs;
  in(table_bytes, slots, graph.next_ticket, graph.in_flight, nodes, graph.requests, finished, jobs);
  in(unload_candidates_, ready_, next_job_, generation_in_flight_, loaded_, membership_version_,
     loaded_contents_hash_, changed_, light_, generated_, loaded_from_storage_, written_);
  if (!in.ok()) return;
  std::vector<std::shared_ptr<ChunkColumn>> table;
  for (const Bytes& bytes : table_bytes) {
    table.push_back(column_from(bytes));
    in.check(table.back() != nullptr);
  }
  auto column_at = [&](int64_t index) -> std::shared_ptr<ChunkColumn> {
    if (index == kNoColumn) return nullptr;
    in.check(index >= 0 && static_cast<size_t>(index) < table.size());
    return index >= 0 && static_cast<size_t>(index) < table.size() ? table[static_cast<size_t>(index)] : nullptr;
  };
  slots_.clear();
  cached_slot_ = nullptr;
  for (SlotRecord& r : slots) {
    in.check(r.stage <= static_cast<uint8_t>(Slot::Stage::kReady));
    Slot& slot = slots_[r.pos];
    slot.stage = static_cast<Slot::Stage>(std::min<uint8_t>(r.stage, static_cast<uint8_t>(Slot::Stage::kReady)));
    slot.wanted = r.wanted, slot.dirty = r.dirty, slot.generated = r.generated, slot.priority = r.priority;
    slot.read_job = r.read_job, slot.entity_read_job = r.entity_read_job;
    slot.column = column_at(r.column);
    slot.contents = r.contents;
    in.check(slot.stage != Slot::Stage::kReady || slot.column != nullptr);
    if (!r.has_extras) continue;
    slot.extras = std::make_unique<anvil::ChunkExtras>();
    slot.extras->last_update = r.last_update, slot.extras->inhabited_time = r.inhabited_time;
    const nbt::Tag* entities_tag = r.extras.find("block_entities");
    const nbt::Tag* carried_tag = r.extras.find("carried");
    const nbt::List* entities = entities_tag ? entities_tag->as<nbt::List>() : nullptr;
    const nbt::Compound* carried = carried_tag ? carried_tag->as<nbt::Compound>() : nullptr;
    in.check(entities != nullptr && carried != nullptr);
    if (entities) slot.extras->block_entities = *entities;
    if (carried) slot.extras->carried = *carried;
  }
  for (NodeRecord& r : nodes) {
    GenerationGraph::NodeState n;
    n.pos = r.pos, n.column = column_at(r.column);
    in.check(r.status < kChunkStatusCount);
    n.status = static_cast<ChunkStatus>(r.status);
    if (r.plan) {
      auto plan = std::make_shared<FeaturePlan>();
      ByteReader plan_in(*r.plan);
      in.check(read_plan(plan_in, *plan));
      n.plan = std::move(plan);
    }
    n.in_flight = r.in_flight, n.plan_wanted = r.plan_wanted, n.reported = r.reported;
    n.full_wants = r.full_wants, n.feature_wants = r.feature_wants, n.carver_wants = r.carver_wants;
    n.queued = r.queued;
    graph.nodes.push_back(std::move(n));
  }
  check_loaded_totals(in);
  for (int64_t index : finished) graph.finished.push_back(column_at(index));
  in.check(graph_.restore(std::move(graph)));
  jobs_.clear();
  for (const auto& [job, r] : jobs) jobs_[job] = PendingJob{r.kind, r.pos, r.entities};
}

}  // namespace hz
