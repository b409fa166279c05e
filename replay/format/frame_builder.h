// Groups a stream of records into trace frames: a frame closes after the pass that brings it to
// about one second of recorded clock time or to its size budget, so a crash loses little.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "replay/format/record_archive.h"
#include "replay/format/records.h"
#include "replay/format/trace_file.h"

namespace hz {

struct FrameLimits {
  int64_t max_span_nanos = 1'000'000'000;  // recorded clock time covered by one frame
  size_t max_raw_bytes = 8u << 20;         // serialized records per frame (a larger pass is split)
  int zstd_level = 3;
};

class FrameBuilder {
 public:
  FrameBuilder(uint64_t first_iteration, int64_t first_tick, FrameLimits limits = {});

  // Adds one record; a frame finished by it is appended to `frames`.
  void add(const Record& record, std::vector<Bytes>& frames);
  // Closes the open frame, if it holds anything.
  void flush(std::vector<Bytes>& frames);

  bool empty() const { return encoder_.size() == 0; }
  // Passes completed so far (session-wide index of the next one) and the tick count after them.
  uint64_t next_iteration() const { return next_iteration_; }
  int64_t tick() const { return tick_; }
  size_t open_bytes() const { return encoder_.size(); }
  // True when the last record added closed a pass (or nothing was added yet).
  bool at_pass_boundary() const { return at_pass_boundary_; }

 private:
  void close(bool continues, std::vector<Bytes>& frames);

  FrameLimits limits_;
  RecordEncoder encoder_;
  FrameInfo open_;  // first_iteration/first_tick of the open frame
  std::optional<int64_t> first_clock_, last_clock_;
  uint64_t next_iteration_;
  int64_t tick_;
  bool at_pass_boundary_ = true;
};

}  // namespace hz
