// horizon-sim's storage: the storage thread and the disk under it, with faults (slow, failing and
// torn operations) and power failures. Tracks what a crash may leave, to check the restarted world.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "sim/core/effects.h"
#include "sim/core/inputs.h"
#include "sim/core/rng.h"
#include "sim/world/anvil/storage_jobs.h"

namespace hz {

struct StorageFaultRates {
  double slow = 0;        // per pass: the storage thread stalls for 1-40 passes
  double read_error = 0;  // per chunk read: the read fails (the core regenerates the chunk)
  double write_error = 0; // per chunk write: the write fails and nothing changes on disk
  double torn = 0;        // per write in flight at a crash: it reaches the disk (the region files
                          // guarantee a torn write reads back whole, old or new)
  // sync-chunk-writes: a finished write is durable; without it only a flush makes it durable.
  bool sync_writes = true;
};

class SimulatedDisk {
 public:
  // A chunk record: dimension, store, position.
  using Key = std::tuple<std::string, int, ChunkPos>;
  using Version = std::optional<Bytes>;  // nullopt: no record

  SimulatedDisk(uint64_t seed, StorageFaultRates faults) : rng_(seed), faults_(faults) {}

  // A storage job from the core (reads and writes run in submission order on one thread).
  void submit(SubmitJob job);
  // A whole-file write (players/data); the shell writes, syncs and renames it before going on.
  void write_file(const StorageWrite& write);
  // The storage thread's progress in one pass: up to `count` jobs finish.
  std::vector<JobCompleted> step(size_t count);
  size_t queued() const { return queue_.size(); }

  // The process dies and the power fails: unfinished jobs are lost or (torn) land, writes not yet
  // synced are lost or land, each at random. `lose_committed` (a canary) also drops a synced save.
  void crash(bool lose_committed);
  // After a crash: a chunk the restarted core read back that is neither its last completed save
  // nor a save in flight at the crash. Cleared by each check.
  std::vector<std::string> take_problems() {
    std::vector<std::string> out;
    out.swap(problems_);
    return out;
  }
  int crashes() const { return crashes_; }
  int reads_failed() const { return reads_failed_; }

 private:
  struct Ledger {
    Version committed;               // the last save known durable
    std::vector<Version> unsynced;   // finished, not yet flushed (sync-chunk-writes off)
    std::deque<Version> pending;     // submitted, not yet run
    std::vector<Version> allowed;    // after a crash: what the next read may return
    bool checking = false;           // a crash happened and the chunk was not read or written since
  };
  struct Queued {
    SubmitJob job;
    anvil::StorageRequest request;
  };

  JobCompleted run(Queued& q);
  void commit_all_volatile();

  Rng rng_;
  StorageFaultRates faults_;
  std::deque<Queued> queue_;
  std::deque<JobCompleted> bad_requests_;  // requests that did not decode, answered at once
  int64_t stalled_ = 0;
  std::map<Key, Version> durable_;    // on the platters
  std::map<Key, Version> volatile_;   // written, in the page cache (sync-chunk-writes off)
  std::map<std::string, Bytes> files_;
  std::map<Key, Ledger> ledger_;
  std::vector<std::string> problems_;
  int crashes_ = 0;
  int reads_failed_ = 0;
};

}  // namespace hz
