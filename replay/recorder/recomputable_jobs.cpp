#include "replay/recorder/recomputable_jobs.h"

#include "sim/core/hash.h"
#include "sim/world/jobs.h"

namespace hz {

void RecomputableJobs::note(const Record& effect) {
  if (auto* submitted = std::get_if<JobSubmittedRecord>(&effect); submitted && is_pure_world_job(submitted->kind))
    pure_[submitted->job] = submitted->kind;
}

Record RecomputableJobs::record_for(Input input) {
  if (auto* done = std::get_if<JobCompleted>(&input)) {
    auto it = pure_.find(done->job);
    // An empty result is a failed run (a malformed request): kept whole, it costs nothing.
    if (it != pure_.end() && !done->result.empty()) {
      JobRecomputedRecord hashed{done->job, it->second, done->result.size(), hash_bytes(done->result)};
      pure_.erase(it);
      return hashed;
    }
  }
  return input_as_record(std::move(input));
}

}  // namespace hz
