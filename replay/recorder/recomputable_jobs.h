// Which job results a trace keeps only as a size and hash (docs/trace-format.md, JobRecomputed):
// pure jobs' results, and chunk reads that return exactly the NBT the session last wrote there.
#pragma once

#include <cstdint>
#include <map>

#include "replay/format/records.h"
#include "sim/world/anvil/storage_jobs.h"

namespace hz {

class RecomputableJobs {
 public:
  // A job the core submitted: a pure job makes its result recomputable; a chunk write is
  // remembered by its NBT's hash, a chunk read by its address until its result comes.
  void note(const SubmitJob& job);
  // The record for an input: a JobRecomputed for a result replay can rebuild, else the input.
  Record record_for(Input input);
  size_t waiting() const { return pure_.size() + reads_.size(); }
  // A snapshot was written: a replay may start there, knowing nothing of what came before, so
  // results of jobs submitted before it and reads of chunks written before it are kept whole.
  void start_epoch();

 private:
  // A chunk read's result, when it is the last NBT written to the address and encoded as replay
  // will encode it.
  bool is_read_back(const anvil::ChunkAddress& address, const Bytes& result) const;

  std::map<JobId, uint32_t> pure_;                     // job -> kind, until its result is recorded
  std::map<JobId, anvil::ChunkAddress> reads_;         // chunk reads in flight
  std::map<anvil::ChunkAddress, uint64_t> written_;    // hash_bytes of the NBT last written there
};

}  // namespace hz
