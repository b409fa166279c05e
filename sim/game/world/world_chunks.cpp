#include "sim/game/world/world_chunks.h"

#include <algorithm>
#include <utility>

#include "sim/core/hash.h"
#include "sim/world/light_engine.h"
#include "sim/game/world/job_kinds.h"
#include "sim/core/check.h"

namespace hz {
namespace {

// Generation reaches two chunks out (a FULL chunk needs its ring at FEATURES, the next at CARVERS).
constexpr int kGenerationReach = 2;

uint64_t position_hash(ChunkPos pos) {
  return hash_combine(static_cast<uint64_t>(static_cast<uint32_t>(pos.x)), static_cast<uint64_t>(static_cast<uint32_t>(pos.z)));
}

std::string chunk_label(ChunkPos pos) { return "[" + std::to_string(pos.x) + ", " + std::to_string(pos.z) + "]"; }

anvil::StorageRequest storage_request(anvil::StorageJobKind kind, ChunkPos pos, Bytes nbt = {},
                                     anvil::ChunkStore store = anvil::ChunkStore::kRegion) {
  anvil::StorageRequest request;
  request.kind = kind;
  request.address.pos = pos;  // the overworld's files
  request.address.store = store;
  request.nbt = std::move(nbt);
  return request;
}

}  // namespace

WorldChunks::WorldChunks(WorldChunksSettings settings, EffectSink& effects)
    : settings_(settings), effects_(effects), graph_(settings.seed) {}

WorldChunks::Slot* WorldChunks::find(ChunkPos pos) {
  return const_cast<Slot*>(std::as_const(*this).find(pos));
}

const WorldChunks::Slot* WorldChunks::find(ChunkPos pos) const {
  if (cached_slot_ != nullptr && cached_pos_ == pos) return cached_slot_;
  auto it = slots_.find(pos);
  if (it == slots_.end()) return nullptr;
  cached_pos_ = pos;
  cached_slot_ = &it->second;
  return cached_slot_;
}

WorldChunks::Slot& WorldChunks::slot_for(ChunkPos pos) {
  cached_slot_ = nullptr;
  return slots_[pos];
}

void WorldChunks::erase_slot(ChunkPos pos) {
  cached_slot_ = nullptr;
  slots_.erase(pos);
}

const ChunkColumn* WorldChunks::ready_column(ChunkPos pos) const {
  const Slot* slot = find(pos);
  return slot != nullptr && slot->stage == Slot::Stage::kReady ? slot->column.get() : nullptr;
}

// --- block changes ---

std::optional<BlockStateId> WorldChunks::set_block(int x, int y, int z, BlockStateId state) {
  if (y < kWorldMinY || y > kWorldMaxY) return std::nullopt;
  const ChunkPos pos{x >> 4, z >> 4};
  Slot* slot = find(pos);
  if (slot == nullptr || slot->stage != Slot::Stage::kReady) return std::nullopt;
  const BlockStateId old = slot->column->set_block(x & 15, y, z & 15, state);
  if (old == state) return old;
  slot->dirty = true;
  changed_.insert(pos);
  light_.on_block_changed({x, y, z, old});
  return old;
}

void WorldChunks::settle_light() {
  if (!light_.unsettled()) return;
  auto ready = [this](ChunkPos pos) -> ChunkColumn* {
    Slot* slot = find(pos);
    return slot != nullptr && slot->stage == Slot::Stage::kReady ? slot->column.get() : nullptr;
  };
  auto relight_one = [this](ChunkPos pos) { relight(pos, *find(pos)); };
  for (ChunkPos pos : light_.settle(ready, relight_one)) {
    changed_.insert(pos);
    find(pos)->dirty = true;  // vanilla marks a chunk unsaved when its light changes
  }
}

void WorldChunks::refresh_changed_contents() {
  settle_light();
  for (ChunkPos pos : changed_) {
    Slot* slot = find(pos);
    if (slot == nullptr || slot->stage != Slot::Stage::kReady) continue;  // unloaded since
    loaded_contents_hash_ -= slot->contents;
    slot->contents = hash_combine(position_hash(pos), slot->column->stored_hash());
    loaded_contents_hash_ += slot->contents;
  }
  changed_.clear();
}

const ChunkColumn* WorldChunks::lit_column(ChunkPos pos) {
  Slot* slot = find(pos);
  if (slot == nullptr || slot->stage != Slot::Stage::kReady) return nullptr;
  settle_light();
  if (!slot->column->light_valid()) relight(pos, *slot);
  return slot->column.get();
}

void WorldChunks::relight(ChunkPos pos, Slot& slot) {
  std::array<const ChunkColumn*, 9> neighbourhood{};
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz) neighbourhood[static_cast<size_t>((dx + 1) * 3 + (dz + 1))] = ready_column({pos.x + dx, pos.z + dz});
  relight_column(*slot.column, neighbourhood);
  changed_.insert(pos);
}

void WorldChunks::log(LogLevel level, std::string text) { effects_.emit(LogLine{level, std::move(text)}); }

JobId WorldChunks::submit(uint32_t kind, ChunkPos pos, Bytes request) {
  const JobId id = next_job_++;
  jobs_.emplace(id, PendingJob{kind, pos});
  effects_.emit(SubmitJob{id, kind, std::move(request)});
  return id;
}

// --- demand ---

void WorldChunks::want(ChunkPos pos, int priority) {
  if (Slot* slot = find(pos)) {
    slot->wanted = true;  // a chunk waiting to unload stays
    return;
  }
  Slot& slot = slot_for(pos);
  slot.priority = priority;
  slot.read_job = submit(kJobKindChunkRead, pos, anvil::encode_request(storage_request(anvil::StorageJobKind::kReadChunk, pos)));
}

void WorldChunks::unwant(ChunkPos pos) {
  Slot* slot = find(pos);
  if (slot == nullptr || !slot->wanted) return;
  switch (slot->stage) {
    case Slot::Stage::kReading:  // its read result will find no slot and be dropped
      erase_slot(pos);
      return;
    case Slot::Stage::kGenerating:
      graph_.release(pos);
      erase_slot(pos);
      return;
    case Slot::Stage::kReady:
      slot->wanted = false;
      unload_candidates_.push_back(pos);
      return;
  }
}

// --- results ---

bool WorldChunks::on_job_completed(const JobCompleted& done) {
  auto it = jobs_.find(done.job);
  if (it == jobs_.end()) return false;
  const PendingJob job = it->second;
  jobs_.erase(it);
  if (job.entities) {
    if (job.kind == kJobKindChunkRead) on_entities_read(job.pos, done.job, done.result);
    else on_written(job.pos, done.result);
  } else if (job.kind == kJobKindChunkRead) {
    on_read(job.pos, done.job, done.result);
  } else if (job.kind == kJobKindGeneration) {
    HZ_CHECK(generation_in_flight_ > 0, "a generation result with no generation job in flight");
    --generation_in_flight_;
    on_generated(done.result);
  } else if (job.kind == kJobKindChunkWrite) {
    on_written(job.pos, done.result);
  } else if (job.kind == kJobKindStorageFlush) {
    on_flushed(done.job, done.result);
  }
  return true;
}

void WorldChunks::on_read(ChunkPos pos, JobId job, const Bytes& bytes) {
  Slot* slot = find(pos);
  if (slot == nullptr || slot->stage != Slot::Stage::kReading || slot->read_job != job) return;  // unwanted since
  Result<anvil::StorageResult> result = anvil::decode_result(bytes);
  if (!result) {
    log(LogLevel::kError, "Couldn't load chunk " + chunk_label(pos) + ": " + result.error());
    return start_generation(pos, *slot, nullptr);
  }
  switch (result->outcome) {
    case anvil::StorageOutcome::kData:
      return load_stored(pos, *slot, result->nbt);
    case anvil::StorageOutcome::kError:
      log(LogLevel::kError, "Couldn't load chunk " + chunk_label(pos) + ": " + result->message);
      return start_generation(pos, *slot, nullptr);
    default:  // absent (a read never reports done)
      return start_generation(pos, *slot, nullptr);
  }
}

void WorldChunks::on_written(ChunkPos pos, const Bytes& bytes) {
  Result<anvil::StorageResult> result = anvil::decode_result(bytes);
  if (result && result->outcome == anvil::StorageOutcome::kDone) return;
  log(LogLevel::kError, "Failed to save chunk " + chunk_label(pos) + ": " + (result ? result->message : result.error()));
}

void WorldChunks::on_flushed(JobId job, const Bytes& bytes) {
  Result<anvil::StorageResult> result = anvil::decode_result(bytes);
  if (!result || result->outcome != anvil::StorageOutcome::kDone)
    log(LogLevel::kError, "Failed to flush the world's storage: " + (result ? result->message : result.error()));
  if (flush_listener_) flush_listener_(job);
}

void WorldChunks::load_stored(ChunkPos pos, Slot& slot, const Bytes& nbt) {
  Result<anvil::LoadedChunk> loaded = anvil::decode_chunk(nbt, pos);
  if (!loaded) {
    log(LogLevel::kError, "Couldn't load chunk " + chunk_label(pos) + ", regenerating it: " + loaded.error());
    return start_generation(pos, slot, nullptr);
  }
  for (const std::string& note : loaded->notes) log(LogLevel::kWarn, "Chunk " + chunk_label(pos) + ": " + note);
  slot.extras = std::make_unique<anvil::ChunkExtras>(std::move(loaded->extras));
  auto column = std::make_shared<ChunkColumn>(std::move(loaded->column));
  ++loaded_from_storage_;
  if (column->status() == ChunkStatus::kFull && column->light_valid()) return make_ready(pos, slot, std::move(column), false);
  // Stored without trusted light: the graph relights it once its neighbours are there.
  if (column->status() >= ChunkStatus::kLight) column->set_status(ChunkStatus::kFeatures);
  start_generation(pos, slot, std::move(column));
}

void WorldChunks::start_generation(ChunkPos pos, Slot& slot, std::shared_ptr<ChunkColumn> stored) {
  HZ_CHECK(slot.stage == Slot::Stage::kReading, "chunk " + chunk_label(pos) + " starts generating twice");
  slot.stage = Slot::Stage::kGenerating;
  adopt_loaded_neighbours(pos);
  if (stored) graph_.adopt(std::move(stored));
  graph_.request(pos, slot.priority);
  collect_finished();
}

// Loaded chunks go into the graph as they are, so their neighbours generate against the live
// blocks (and are not regenerated for their borders).
void WorldChunks::adopt_loaded_neighbours(ChunkPos pos) {
  for (int dx = -kGenerationReach; dx <= kGenerationReach; ++dx)
    for (int dz = -kGenerationReach; dz <= kGenerationReach; ++dz) {
      const ChunkPos n{pos.x + dx, pos.z + dz};
      const Slot* slot = find(n);
      if (n == pos || slot == nullptr || slot->stage != Slot::Stage::kReady) continue;
      if (graph_.status(n) != ChunkStatus::kFull) graph_.adopt(slot->column);
    }
}

void WorldChunks::on_generated(const Bytes& bytes) {
  std::optional<GenerationResult> result = decode_generation_result(bytes);
  if (!result) {
    log(LogLevel::kError, "Dropped a malformed chunk generation result");
    return;
  }
  graph_.complete(std::move(*result));
  collect_finished();
}

void WorldChunks::collect_finished() {
  for (std::shared_ptr<ChunkColumn>& column : graph_.take_finished()) {
    const ChunkPos pos = column->pos();
    Slot* slot = find(pos);
    if (slot == nullptr || slot->stage != Slot::Stage::kGenerating) continue;
    graph_.release(pos);  // ours now; the graph keeps it only while neighbours still need it
    ++generated_;
    slot->generated = true;
    make_ready(pos, *slot, std::move(column), true);
  }
}

void WorldChunks::announce_generated(Slot& slot) {
  if (!slot.generated) return;
  slot.generated = false;
  if (generated_listener_) generated_listener_->on_chunk_generated(*slot.column);
}

void WorldChunks::make_ready(ChunkPos pos, Slot& slot, std::shared_ptr<ChunkColumn> column, bool dirty) {
  HZ_CHECK(column->status() == ChunkStatus::kFull && column->light_valid());
  HZ_CHECK(slot.stage != Slot::Stage::kReady, "chunk " + chunk_label(pos) + " becomes ready twice");
  slot.stage = Slot::Stage::kReady;
  slot.column = std::move(column);
  slot.dirty = dirty;
  slot.contents = hash_combine(position_hash(pos), slot.column->stored_hash());
  ++loaded_;
  ++membership_version_;
  loaded_contents_hash_ += slot.contents;
  ready_.push_back(pos);
  if (keeper_) keeper_->on_chunk_ready(pos, slot.extras.get());
  // Vanilla loads a chunk's entities from their own store once the chunk is there; so here.
  if (entity_keeper_) read_entities(pos);
  else announce_generated(slot);
}

// --- entities store ---

void WorldChunks::read_entities(ChunkPos pos) {
  const anvil::StorageRequest request =
      storage_request(anvil::StorageJobKind::kReadChunk, pos, {}, anvil::ChunkStore::kEntities);
  const JobId id = submit(kJobKindChunkRead, pos, anvil::encode_request(request));
  jobs_.at(id).entities = true;
  find(pos)->entity_read_job = id;
}

void WorldChunks::on_entities_read(ChunkPos pos, JobId job, const Bytes& bytes) {
  // A chunk unloaded since (and perhaps loaded again, with a newer read on its way): dropped.
  Slot* slot = find(pos);
  if (slot == nullptr || slot->stage != Slot::Stage::kReady || slot->entity_read_job != job || entity_keeper_ == nullptr)
    return;
  Result<anvil::StorageResult> result = anvil::decode_result(bytes);
  if (!result) {
    log(LogLevel::kError, "Failed to load entity chunk " + chunk_label(pos) + ": " + result.error());
    entity_keeper_->on_entities_read(pos, nullptr);
  } else {
    if (result->outcome == anvil::StorageOutcome::kError)
      log(LogLevel::kError, "Failed to load entity chunk " + chunk_label(pos) + ": " + result->message);
    entity_keeper_->on_entities_read(pos, result->outcome == anvil::StorageOutcome::kData ? &result->nbt : nullptr);
  }
  // After the record: the chunk's entities are live, so the new animals are saved with them.
  announce_generated(*slot);
}

void WorldChunks::save_entities(ChunkPos pos, bool unloading) {
  if (entity_keeper_ == nullptr) return;
  std::optional<Bytes> record = entity_keeper_->entities_to_save(pos, unloading);
  if (!record) return;
  const anvil::StorageRequest request = storage_request(anvil::StorageJobKind::kWriteChunk, pos, std::move(*record),
                                                        anvil::ChunkStore::kEntities);
  const JobId id = submit(kJobKindChunkWrite, pos, anvil::encode_request(request));
  jobs_.at(id).entities = true;
}

std::vector<ChunkPos> WorldChunks::take_ready() {
  std::vector<ChunkPos> out;
  out.swap(ready_);
  return out;
}

// --- per tick ---

void WorldChunks::tick(int64_t game_time) {
  unload_unwanted(game_time);
  submit_generation_jobs();
}

void WorldChunks::unload_unwanted(int64_t game_time) {
  size_t unloaded = 0;
  while (!unload_candidates_.empty() && unloaded < settings_.max_unloads_per_tick) {
    const ChunkPos pos = unload_candidates_.front();
    unload_candidates_.pop_front();
    Slot* slot = find(pos);
    if (slot == nullptr || slot->wanted || slot->stage != Slot::Stage::kReady) continue;
    ++unloaded;
    if (slot->dirty) write(pos, *slot, game_time);
    save_entities(pos, true);
    if (keeper_) keeper_->on_chunk_unloaded(pos);
    HZ_CHECK(loaded_ > 0);
    --loaded_;
    ++membership_version_;
    loaded_contents_hash_ -= slot->contents;
    erase_slot(pos);
  }
}

void WorldChunks::submit_generation_jobs() {
  if (generation_in_flight_ >= settings_.max_generation_jobs) return;
  for (const GenerationJob& job : graph_.take_jobs(settings_.max_generation_jobs - generation_in_flight_)) {
    ++generation_in_flight_;
    HZ_CHECK(generation_in_flight_ <= settings_.max_generation_jobs);
    submit(kJobKindGeneration, job.pos, encode_generation_job(job));
  }
}

// --- saving ---

void WorldChunks::write(ChunkPos pos, Slot& slot, int64_t game_time) {
  HZ_CHECK(slot.stage == Slot::Stage::kReady && slot.column, "chunk " + chunk_label(pos) + " saved before it is ready");
  settle_light();
  if (!slot.column->light_valid()) relight(pos, slot);
  anvil::ChunkExtras extras = slot.extras ? *slot.extras : anvil::ChunkExtras{};
  extras.last_update = game_time;
  if (keeper_) keeper_->on_chunk_saving(pos, extras, game_time);
  const anvil::StorageRequest request =
      storage_request(anvil::StorageJobKind::kWriteChunk, pos, anvil::encode_chunk(*slot.column, extras));
  submit(kJobKindChunkWrite, pos, anvil::encode_request(request));
  slot.dirty = false;
  ++written_;
}

JobId WorldChunks::save_all(int64_t game_time, bool flush) {
  settle_light();  // light changes mark chunks for saving too
  std::vector<ChunkPos> dirty;
  for (const auto& [pos, slot] : slots_)
    if (slot.stage == Slot::Stage::kReady && slot.dirty) dirty.push_back(pos);
  std::sort(dirty.begin(), dirty.end());
  for (ChunkPos pos : dirty) write(pos, *find(pos), game_time);
  if (entity_keeper_) {
    std::vector<ChunkPos> ready;
    for (const auto& [pos, slot] : slots_)
      if (slot.stage == Slot::Stage::kReady) ready.push_back(pos);
    std::sort(ready.begin(), ready.end());
    for (ChunkPos pos : ready) save_entities(pos, false);
  }
  if (!flush) return 0;
  return submit(kJobKindStorageFlush, ChunkPos{}, anvil::encode_request(storage_request(anvil::StorageJobKind::kFlush, {})));
}

size_t WorldChunks::memory_bytes() const {
  size_t total = 0;
  for (const auto& [pos, slot] : slots_)
    if (slot.column) total += slot.column->memory_bytes();
  return total;
}

uint64_t WorldChunks::hash() const {
  Hasher h;
  h.u64(slots_.size()), h.u64(loaded_), h.u64(loaded_contents_hash_);
  h.u64(jobs_.size()), h.u64(next_job_), h.u64(generation_in_flight_), h.u64(unload_candidates_.size());
  h.u64(generated_), h.u64(loaded_from_storage_), h.u64(written_);
  h.u64(graph_.node_count()), h.u64(graph_.runnable_count());
  h.u64(light_.hash());
  return h.digest();
}

}  // namespace hz
