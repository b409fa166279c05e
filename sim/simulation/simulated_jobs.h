// The world's jobs carried out the way the shell does, without threads (for horizon-sim and
// tests). Generation jobs run through the pure job functions; chunk reads and writes use a map,
// in submission order (one storage thread); completions come back in an order a seeded generator
// picks, as if `workers` threads finished them (any of the oldest `workers` unfinished may finish).
#pragma once

#include <deque>
#include <map>
#include <string>
#include <vector>

#include "sim/core/effect_buffer.h"
#include "sim/core/effects.h"
#include "sim/core/inputs.h"
#include "sim/core/rng.h"
#include "sim/game/world/job_kinds.h"
#include "sim/game/world/world_chunks.h"

namespace hz {

class SimulatedJobs {
 public:
  SimulatedJobs(int workers, uint64_t order_seed) : workers_(workers), rng_(order_seed) {}

  // Moves every SubmitJob out of `effects` (other effects stay, in order).
  void take_jobs(std::vector<Effect>& effects) {
    std::vector<Effect> kept;
    for (Effect& e : effects) {
      if (auto* job = std::get_if<SubmitJob>(&e)) {
        accept(std::move(*job));
        continue;
      }
      if (auto* write = std::get_if<StorageWrite>(&e); write && write->path.starts_with("players/data/"))
        player_files[write->path] = write->bytes;
      kept.push_back(std::move(e));
    }
    effects.swap(kept);
  }

  void accept(SubmitJob job) {
    if (!anvil::is_storage_job(job.kind)) {
      generation_.push_back(std::move(job));
      return;
    }
    auto request = anvil::decode_request(job.kind, job.request);
    anvil::StorageResult result;
    result.kind = static_cast<anvil::StorageJobKind>(job.kind);
    if (!request) {
      result.outcome = anvil::StorageOutcome::kError;
      result.message = request.error();
    } else if (job.kind == static_cast<uint32_t>(anvil::StorageJobKind::kReadPlayer)) {
      auto file = player_files.find(request->file);
      result.outcome = file == player_files.end() ? anvil::StorageOutcome::kAbsent : anvil::StorageOutcome::kData;
      if (file != player_files.end()) result.nbt = file->second;
    } else if (job.kind == kJobKindChunkRead) {
      const bool entities = request->address.store == anvil::ChunkStore::kEntities;
      ++(entities ? entity_reads : reads);
      auto& store = entities ? entity_records : stored;
      result.address = request->address;
      auto it = store.find(request->address.pos);
      result.outcome = it == store.end() ? anvil::StorageOutcome::kAbsent : anvil::StorageOutcome::kData;
      if (it != store.end()) result.nbt = it->second;
    } else {
      if (job.kind == kJobKindChunkWrite && request->address.store == anvil::ChunkStore::kEntities) {
        ++entity_writes;
        // An empty record removes the chunk's entry, as the region files do.
        if (request->nbt.empty()) entity_records.erase(request->address.pos);
        else entity_records[request->address.pos] = request->nbt;
      } else if (job.kind == kJobKindChunkWrite) {
        ++writes;
        stored[request->address.pos] = request->nbt;
      }
      result.address = request->address;
      result.outcome = anvil::StorageOutcome::kDone;
    }
    storage_done_.push_back(JobCompleted{job.job, anvil::encode_result(result)});
  }

  // Finishes up to `count` jobs; their completions in the order they finished.
  std::vector<JobCompleted> finish(size_t count) {
    std::vector<JobCompleted> out;
    while (out.size() < count && (!generation_.empty() || !storage_done_.empty())) {
      const bool storage = generation_.empty() || (!storage_done_.empty() && rng_.next_below(2) == 0);
      if (storage) {
        out.push_back(std::move(storage_done_.front()));
        storage_done_.pop_front();
        continue;
      }
      const size_t running = std::min<size_t>(static_cast<size_t>(workers_), generation_.size());
      const size_t pick = rng_.next_below(static_cast<uint32_t>(running));
      SubmitJob job = std::move(generation_[pick]);
      generation_.erase(generation_.begin() + static_cast<std::ptrdiff_t>(pick));
      out.push_back(JobCompleted{job.job, run_world_job(job.kind, job.request)});
    }
    return out;
  }

  size_t unfinished() const { return generation_.size() + storage_done_.size(); }

  std::map<ChunkPos, Bytes> stored;  // chunk NBT as written
  std::map<ChunkPos, Bytes> entity_records;  // the entities store's records as written
  std::map<std::string, Bytes> player_files;  // players/data files as written (whole-file writes)
  int reads = 0;
  int writes = 0;
  int entity_reads = 0, entity_writes = 0;

 private:
  int workers_;
  Rng rng_;
  std::deque<SubmitJob> generation_;
  std::deque<JobCompleted> storage_done_;
};

}  // namespace hz
