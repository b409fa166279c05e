#include "replay/recorder/recomputable_jobs.h"

#include "sim/core/hash.h"
#include "sim/world/jobs.h"

namespace hz {

void RecomputableJobs::note(const SubmitJob& job) {
  if (is_pure_world_job(job.kind)) {
    pure_[job.job] = job.kind;
    return;
  }
  std::optional<anvil::StorageRequest> request = anvil::chunk_request(job.kind, job.request);
  if (!request) return;
  if (request->kind == anvil::StorageJobKind::kReadChunk) {
    reads_[job.job] = request->address;
  } else if (request->nbt.empty()) {
    written_.erase(request->address);  // the chunk is removed from its region
  } else {
    written_[request->address] = hash_bytes(request->nbt);
  }
}

bool RecomputableJobs::is_read_back(const anvil::ChunkAddress& address, const Bytes& result) const {
  auto written = written_.find(address);
  if (written == written_.end()) return false;
  auto read = anvil::decode_result(result);
  if (!read.ok() || read->outcome != anvil::StorageOutcome::kData || hash_bytes(read->nbt) != written->second)
    return false;
  // Replay rebuilds the result from the address and the NBT: it must come out byte for byte.
  read->address = address;
  read->message.clear();
  return anvil::encode_result(*read) == result;
}

Record RecomputableJobs::record_for(Input input) {
  auto* done = std::get_if<JobCompleted>(&input);
  if (!done) return input_as_record(std::move(input));
  if (auto it = pure_.find(done->job); it != pure_.end()) {
    const uint32_t kind = it->second;
    pure_.erase(it);
    // An empty result is a failed run (a malformed request): kept whole, it costs nothing.
    if (!done->result.empty()) return JobRecomputedRecord{done->job, kind, result_check(done->result)};
  } else if (auto read = reads_.find(done->job); read != reads_.end()) {
    const bool read_back = is_read_back(read->second, done->result);
    reads_.erase(read);
    if (read_back)
      return JobRecomputedRecord{done->job, static_cast<uint32_t>(anvil::StorageJobKind::kReadChunk),
                                 result_check(done->result)};
  }
  return input_as_record(std::move(input));
}

void RecomputableJobs::start_epoch() {
  pure_.clear();
  reads_.clear();
  written_.clear();
}

}  // namespace hz
