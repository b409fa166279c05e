// Which job results a trace keeps only as a size and hash (docs/trace-format.md, JobRecomputed):
// the writer notes the pure jobs the core submitted and records their results hashed.
#pragma once

#include <cstdint>
#include <map>

#include "replay/format/records.h"

namespace hz {

class RecomputableJobs {
 public:
  // A JobSubmitted effect of a pure kind makes its job's result recomputable.
  void note(const Record& effect);
  // The record for an input: a JobRecomputed for a noted job's result, else the input itself.
  Record record_for(Input input);
  size_t waiting() const { return pure_.size(); }

 private:
  std::map<JobId, uint32_t> pure_;  // job -> kind, until its result is recorded
};

}  // namespace hz
