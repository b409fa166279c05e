#include "sim/simulation/simulated_disk.h"

#include <algorithm>
#include <cstdlib>

namespace hz {

namespace {

SimulatedDisk::Key key_of(const anvil::ChunkAddress& a) { return {a.dimension, static_cast<int>(a.store), a.pos}; }

std::string describe(const SimulatedDisk::Key& key) {
  const ChunkPos pos = std::get<2>(key);
  return std::string(std::get<1>(key) == static_cast<int>(anvil::ChunkStore::kEntities) ? "entity record" : "chunk") +
         " (" + std::to_string(pos.x) + ", " + std::to_string(pos.z) + ")";
}

std::string describe(const SimulatedDisk::Version& v) {
  return v ? std::to_string(v->size()) + " bytes" : std::string("absent");
}

// An empty write removes the record (as the region files do).
SimulatedDisk::Version version_of(const Bytes& nbt) {
  if (nbt.empty()) return std::nullopt;
  return nbt;
}

}  // namespace

void SimulatedDisk::submit(SubmitJob job) {
  auto request = anvil::decode_request(job.kind, job.request);
  if (!request) {
    anvil::StorageResult result;
    result.kind = static_cast<anvil::StorageJobKind>(job.kind);
    result.outcome = anvil::StorageOutcome::kError;
    result.message = request.error();
    bad_requests_.push_back(JobCompleted{job.job, anvil::encode_result(result)});
    return;
  }
  if (request->kind == anvil::StorageJobKind::kWriteChunk) {
    Ledger& l = ledger_[key_of(request->address)];
    l.pending.push_back(version_of(request->nbt));
    l.checking = false;  // the core replaced what it read (or regenerated it)
  }
  queue_.push_back(Queued{std::move(job), std::move(*request)});
}

void SimulatedDisk::write_file(const StorageWrite& write) { files_[write.path] = write.bytes; }

std::vector<JobCompleted> SimulatedDisk::step(size_t count) {
  std::vector<JobCompleted> out;
  while (!bad_requests_.empty()) {
    out.push_back(std::move(bad_requests_.front()));
    bad_requests_.pop_front();
  }
  if (stalled_ > 0) {
    --stalled_;
    return out;
  }
  if (faults_.slow > 0 && rng_.next_double() < faults_.slow) {
    stalled_ = 1 + rng_.next_below(40);
    return out;
  }
  while (out.size() < count && !queue_.empty()) {
    out.push_back(run(queue_.front()));
    queue_.pop_front();
  }
  return out;
}

JobCompleted SimulatedDisk::run(Queued& q) {
  const anvil::StorageRequest& request = q.request;
  anvil::StorageResult result;
  result.kind = request.kind;
  result.address = request.address;
  result.outcome = anvil::StorageOutcome::kDone;
  const Key key = key_of(request.address);
  switch (request.kind) {
    case anvil::StorageJobKind::kReadPlayer: {
      auto file = files_.find(request.file);
      result.outcome = file == files_.end() ? anvil::StorageOutcome::kAbsent : anvil::StorageOutcome::kData;
      if (file != files_.end()) result.nbt = file->second;
      break;
    }
    case anvil::StorageJobKind::kReadChunk: {
      if (faults_.read_error > 0 && rng_.next_double() < faults_.read_error) {
        ++reads_failed_;
        result.outcome = anvil::StorageOutcome::kError;
        result.message = "simulated read failure";
        break;
      }
      // A read sees the page cache first, then the disk.
      Version found;
      if (auto v = volatile_.find(key); v != volatile_.end()) found = v->second;
      else if (auto d = durable_.find(key); d != durable_.end()) found = d->second;
      result.outcome = found ? anvil::StorageOutcome::kData : anvil::StorageOutcome::kAbsent;
      if (found) result.nbt = *found;
      if (auto l = ledger_.find(key); l != ledger_.end() && l->second.checking) {
        l->second.checking = false;
        const auto& allowed = l->second.allowed;
        if (std::find(allowed.begin(), allowed.end(), found) == allowed.end()) {
          problems_.push_back(describe(key) + " read back " + describe(found) +
                              " after the restart; its last completed save was " + describe(allowed.front()));
        }
      }
      break;
    }
    case anvil::StorageJobKind::kWriteChunk: {
      Ledger& l = ledger_[key];
      Version version = l.pending.front();
      l.pending.pop_front();
      if (faults_.write_error > 0 && rng_.next_double() < faults_.write_error) {
        result.outcome = anvil::StorageOutcome::kError;
        result.message = "simulated write failure";
        break;
      }
      if (faults_.sync_writes) {
        durable_[key] = version;
        l.committed = std::move(version);
      } else {
        volatile_[key] = version;
        l.unsynced.push_back(std::move(version));
      }
      break;
    }
    case anvil::StorageJobKind::kFlush:
      commit_all_volatile();
      break;
  }
  return JobCompleted{q.job.job, anvil::encode_result(result)};
}

void SimulatedDisk::commit_all_volatile() {
  for (auto& [key, version] : volatile_) durable_[key] = version;
  volatile_.clear();
  for (auto& [key, l] : ledger_) {
    if (!l.unsynced.empty()) l.committed = l.unsynced.back();
    l.unsynced.clear();
  }
}

void SimulatedDisk::crash(bool lose_committed) {
  ++crashes_;
  // What the restarted server may find: the last completed save, or any save after it.
  for (auto& [key, l] : ledger_) {
    l.allowed.clear();
    l.allowed.push_back(l.committed);
    l.allowed.insert(l.allowed.end(), l.unsynced.begin(), l.unsynced.end());
    l.allowed.insert(l.allowed.end(), l.pending.begin(), l.pending.end());
    l.checking = true;
  }
  // Written but not synced: each reaches the disk or not.
  for (auto& [key, version] : volatile_)
    if (rng_.next_below(2) == 0) durable_[key] = version;
  volatile_.clear();
  // In flight: a torn write lands whole (old or new, never a mix: docs/world-storage.md).
  for (Queued& q : queue_) {
    if (q.request.kind != anvil::StorageJobKind::kWriteChunk) continue;
    Ledger& l = ledger_[key_of(q.request.address)];
    Version version = l.pending.front();
    l.pending.pop_front();
    if (faults_.torn > 0 && rng_.next_double() < faults_.torn) durable_[key_of(q.request.address)] = version;
  }
  queue_.clear();
  bad_requests_.clear();
  stalled_ = 0;
  if (lose_committed) {
    // The canary: the synced save nearest the origin is gone (a save the server said finished).
    std::optional<Key> nearest;
    for (const auto& [key, version] : durable_) {
      if (!version || std::get<1>(key) != static_cast<int>(anvil::ChunkStore::kRegion)) continue;
      const ChunkPos p = std::get<2>(key);
      if (!nearest ||
          std::abs(p.x) + std::abs(p.z) < std::abs(std::get<2>(*nearest).x) + std::abs(std::get<2>(*nearest).z))
        nearest = key;
    }
    if (nearest) durable_.erase(*nearest);
  }
  // From now on the disk's content is the world.
  for (auto& [key, l] : ledger_) {
    auto d = durable_.find(key);
    l.committed = d == durable_.end() ? Version{} : d->second;
    l.unsynced.clear();
  }
}

}  // namespace hz
